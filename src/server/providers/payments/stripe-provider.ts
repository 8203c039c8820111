/**
 * Stripe over fetch (no SDK), form-encoded, currency gbp, amounts in pence:
 * - payouts: a Connect Transfer from the platform balance to the firm's connected account
 *   (POST /v1/transfers) with our payout id as the Idempotency-Key; a transfer is settled on creation,
 *   so markPaid re-reads it and reports it paid unless it was reversed;
 * - Pro: Customers, Checkout Sessions in subscription mode on the monthly or annual per-seat Price
 *   (STRIPE_PRICE_PRO_MONTHLY / _ANNUAL), Subscriptions updated with `proration_behavior=always_invoice`
 *   (a seat change is invoiced at once) or `cancel_at_period_end`; Stripe Tax or the Price carries VAT;
 * - the completion fee: the payer saves a card in a Checkout Session in setup mode (a SetupIntent for
 *   off-session use) when accepting the fee; at completion a PaymentIntent is confirmed off-session on
 *   that payment method (`off_session=true`, `confirm=true`; a card needing authentication again is
 *   refused as a decline, https://docs.stripe.com/payments/save-and-reuse);
 * - webhooks: Stripe's `Stripe-Signature` (HMAC-SHA256 over `t.body`, 5-minute tolerance), checked by
 *   verifyStripeSignature with STRIPE_WEBHOOK_SECRET; events mapped to ours by parseEvent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { splitGross, type InvoiceLine } from '#shared/domain/billing.ts'
import {
  PaymentsError,
  type PaymentsEvent,
  type PaymentsProvider,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './payments-provider'

const STRIPE_API = 'https://api.stripe.com/v1'

type Obj = Record<string, unknown>
/** A JSON object of Stripe's answers: its fields are read one by one, each checked where it is used. */
const StripeObject = z.record(z.string(), z.unknown())
/** `value` when it is a JSON object (an expanded Stripe object), else undefined. */
const objectOf = (value: unknown): Obj | undefined => StripeObject.safeParse(value).data
/** The objects of a Stripe list (`{ object: 'list', data: [...] }`); [] when `value` is not one. */
const listOf = (value: unknown): Obj[] => z.array(StripeObject).safeParse(objectOf(value)?.data).data ?? []
const StripeMetadata = z.record(z.string(), z.string())
const StripeRefusal = z.object({ error: z.object({ message: z.string() }) })
const StripeEvent = z.object({ type: z.string().min(1), data: z.object({ object: StripeObject }) })
const iso = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null)

/**
 * Checks a `Stripe-Signature` header (`t=<unix>,v1=<hex>`) over the raw body with the endpoint's
 * secret (whsec_...). Throws PaymentsError when no v1 signature matches or t is over 5 minutes off.
 */
export function verifyStripeSignature(header: string | null, body: string, secret: string, at = Date.now()): void {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((kv): [string, string] => {
      const [key = '', value = ''] = kv.split('=')
      return [key, value]
    }),
  )
  const t = Number(parts.t)
  const signatures = (header ?? '')
    .split(',')
    .filter((kv) => kv.startsWith('v1='))
    .map((kv) => kv.slice(3))
  if (!t || !signatures.length) throw new PaymentsError('the Stripe-Signature header is missing or malformed')
  if (Math.abs(at / 1000 - t) > 300) throw new PaymentsError('the Stripe-Signature timestamp is too old')
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  const ok = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!ok) throw new PaymentsError('no Stripe signature matches')
}

const SubscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'canceled', 'incomplete'])

/**
 * A Stripe subscription's status in our words. Throws PaymentsError for one Homeward does not handle
 * (unpaid, paused, incomplete_expired), which the billing tables' CHECK would refuse anyway.
 */
function subscriptionStatusOf(status: unknown): ProviderSubscriptionStatus {
  const parsed = SubscriptionStatus.safeParse(status)
  if (!parsed.success)
    throw new PaymentsError(`Stripe's subscription status ${String(status)} is not one Homeward handles.`)
  return parsed.data
}

function subscriptionOf(s: Obj): ProviderSubscription {
  const item = listOf(s.items)[0] ?? {}
  const recurring = objectOf(objectOf(item.price)?.recurring) ?? {}
  return {
    id: String(s.id),
    customerRef: String(s.customer),
    status: subscriptionStatusOf(s.status),
    interval: recurring.interval === 'year' ? 'year' : 'month',
    quantity: Number(item.quantity ?? s.quantity ?? 1),
    currentPeriodStart: iso(item.current_period_start ?? s.current_period_start) ?? new Date().toISOString(),
    currentPeriodEnd: iso(item.current_period_end ?? s.current_period_end) ?? new Date().toISOString(),
    trialEnd: iso(s.trial_end),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
  }
}

function invoiceOf(i: Obj, kind: ProviderInvoice['kind']): ProviderInvoice {
  const lines = listOf(i.lines).map((l): InvoiceLine => ({
    description: String(l.description ?? ''),
    quantity: Number(l.quantity ?? 1),
    unitPence: Math.round(Number(l.amount ?? 0) / Math.max(Number(l.quantity ?? 1), 1)),
    amountPence: Number(l.amount ?? 0),
  }))
  const subtotal = Number(i.subtotal ?? 0)
  const total = Number(i.total ?? 0)
  return {
    id: String(i.id),
    customerRef: String(i.customer),
    subscriptionRef: typeof i.subscription === 'string' ? i.subscription : null,
    kind,
    status: total < 0 ? 'credited' : i.status === 'paid' ? 'paid' : i.status === 'void' ? 'void' : 'open',
    lines,
    subtotalPence: subtotal,
    vatPence: total - subtotal,
    totalPence: total,
    periodStart: iso(i.period_start),
    periodEnd: iso(i.period_end),
    paidAt: iso(objectOf(i.status_transitions)?.paid_at),
  }
}

/** Creates the Stripe provider with a secret key (sk_...) and the Pro Prices (per seat, monthly and annual). */
export function createStripePaymentsProvider(
  secretKey: string,
  fetchImpl: typeof fetch = fetch,
  prices: { month?: string; year?: string } = {},
): PaymentsProvider {
  const form = (fields: Record<string, string | number | boolean | undefined>) => {
    const body = new URLSearchParams()
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v))
    return body
  }
  const post = (path: string, fields: Record<string, string | number | boolean | undefined>, key?: string) =>
    call(path, {
      method: 'POST',
      body: form(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(key ? { 'idempotency-key': key } : {}),
      },
    })
  async function call(path: string, init: RequestInit = {}): Promise<Obj> {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${secretKey}`)
    const res = await fetchImpl(`${STRIPE_API}${path}`, { ...init, headers })
    const body: unknown = await res.json().catch(() => ({}))
    if (!res.ok) {
      const message = StripeRefusal.safeParse(body).data?.error.message ?? `HTTP ${res.status}`
      throw new PaymentsError(`Stripe refused the request: ${message}`)
    }
    const answer = objectOf(body)
    if (!answer) throw new PaymentsError(`Stripe answered ${path.split('?')[0]} without a JSON object.`)
    return answer
  }
  return {
    name: 'stripe',
    label: 'Stripe',
    async createPayout(request) {
      if (!request.destinationAccount)
        throw new PaymentsError('The firm has no Stripe connected account to pay into yet.')
      const form = new URLSearchParams({
        amount: String(request.amountPence),
        currency: 'gbp',
        destination: request.destinationAccount,
        description: request.description,
        'metadata[payout_id]': request.payoutId,
      })
      const transfer = await call('/transfers', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': request.payoutId },
      })
      return { reference: String(transfer.id), status: 'pending' }
    },
    async markPaid(reference) {
      const transfer = await call(`/transfers/${encodeURIComponent(reference)}`)
      if (transfer.reversed) throw new PaymentsError('Stripe reversed this transfer.')
      return { reference, status: 'paid' }
    },
    async createCustomer(request) {
      const c = await post(
        '/customers',
        { name: request.name, email: request.email, 'metadata[homeward_ref]': request.reference },
        `customer-${request.reference}`,
      )
      return { id: String(c.id) }
    },
    async createCheckoutSession(request) {
      const price = prices[request.interval]
      if (!price) throw new PaymentsError(`No Stripe Price is configured for the ${request.interval}ly Pro plan.`)
      const metadata = Object.fromEntries(Object.entries(request.metadata).map(([k, v]) => [`metadata[${k}]`, v]))
      const s = await post('/checkout/sessions', {
        mode: request.mode,
        customer: request.customerRef,
        'line_items[0][price]': price,
        'line_items[0][quantity]': request.quantity,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        'subscription_data[trial_end]': request.trialEnd ? Math.floor(request.trialEnd.getTime() / 1000) : undefined,
        ...metadata,
      })
      return { id: String(s.id), url: String(s.url) }
    },
    async createSetupSession(request) {
      const metadata = Object.fromEntries(
        Object.entries(request.metadata).flatMap(([k, v]) => [
          [`metadata[${k}]`, v],
          [`setup_intent_data[metadata][${k}]`, v],
        ]),
      )
      const s = await post('/checkout/sessions', {
        mode: 'setup',
        customer: request.customerRef,
        'payment_method_types[0]': 'card',
        'setup_intent_data[description]': request.description,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        ...metadata,
      })
      return { id: String(s.id), url: String(s.url) }
    },
    async retrieveSetupPaymentMethod(setupIntentRef) {
      const intent = await call(`/setup_intents/${encodeURIComponent(setupIntentRef)}?expand[]=payment_method`)
      const saved = intent.payment_method
      if (typeof saved === 'string' && saved) return { paymentMethodRef: saved, label: 'Card' }
      const pm = objectOf(saved)
      if (!pm) throw new PaymentsError('Stripe saved no payment method on this setup.')
      const card = objectOf(pm.card) ?? {}
      const brand = typeof card.brand === 'string' ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card'
      return { paymentMethodRef: String(pm.id), label: card.last4 ? `${brand} ending ${String(card.last4)}` : brand }
    },
    async updateSubscription(ref, change) {
      const current = await call(`/subscriptions/${encodeURIComponent(ref)}`)
      const item = listOf(current.items)[0]
      if (change.quantity !== undefined && !item)
        throw new PaymentsError('Stripe answered a subscription with no item.')
      const updated = await post(`/subscriptions/${encodeURIComponent(ref)}`, {
        ...(change.quantity !== undefined
          ? {
              'items[0][id]': String(item?.id),
              'items[0][quantity]': change.quantity,
              proration_behavior: 'always_invoice',
            }
          : {}),
        cancel_at_period_end: change.cancelAtPeriodEnd,
        'expand[]': 'latest_invoice',
      })
      const latest = objectOf(updated.latest_invoice)
      const invoice = change.quantity !== undefined && latest ? invoiceOf(latest, 'proration') : null
      return { subscription: subscriptionOf(updated), invoice }
    },
    async chargeOnce(charge) {
      if (!charge.paymentMethodRef)
        throw new PaymentsError('No card is saved for this charge: the payer has to save one first.')
      const intent = await post(
        '/payment_intents',
        {
          amount: charge.amountPence,
          currency: 'gbp',
          customer: charge.customerRef,
          payment_method: charge.paymentMethodRef,
          confirm: true,
          off_session: true,
          description: charge.description,
        },
        charge.idempotencyKey,
      )
      if (intent.status !== 'succeeded')
        throw new PaymentsError(`The payment did not go through (${String(intent.status)}).`)
      const { netPence, vatPence, totalPence } = splitGross(charge.amountPence)
      return {
        reference: String(intent.id),
        invoice: {
          id: String(intent.id),
          customerRef: charge.customerRef,
          subscriptionRef: null,
          kind: 'completion_fee',
          status: 'paid',
          lines: [{ description: charge.description, quantity: 1, unitPence: netPence, amountPence: netPence }],
          subtotalPence: netPence,
          vatPence,
          totalPence,
          periodStart: null,
          periodEnd: null,
          paidAt: new Date().toISOString(),
        },
      }
    },
    parseEvent(payload): PaymentsEvent | null {
      const event = StripeEvent.safeParse(payload)
      if (!event.success) throw new PaymentsError('Not a Stripe event.')
      const p = event.data
      const o = p.data.object
      const metadata = StripeMetadata.safeParse(o.metadata ?? {}).data ?? {}
      switch (p.type) {
        case 'checkout.session.completed':
          if (o.mode === 'setup')
            return {
              type: 'checkout.setup_completed',
              sessionId: String(o.id),
              metadata,
              customerRef: String(o.customer),
              setupIntentRef: typeof o.setup_intent === 'string' ? o.setup_intent : null,
              paymentMethod: null,
            }
          return {
            type: p.type,
            sessionId: String(o.id),
            metadata,
            subscription: subscriptionOf(objectOf(o.subscription) ?? {}),
          }
        case 'checkout.session.expired':
          return { type: p.type, sessionId: String(o.id), metadata }
        case 'checkout.session.async_payment_failed':
          return { type: 'checkout.payment_failed', sessionId: String(o.id), metadata, reason: 'The payment failed.' }
        case 'invoice.paid':
          return {
            type: p.type,
            invoice: invoiceOf(o, o.billing_reason === 'subscription_update' ? 'proration' : 'subscription'),
          }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return { type: p.type, subscription: subscriptionOf(o) }
        default:
          return null
      }
    },
  }
}
