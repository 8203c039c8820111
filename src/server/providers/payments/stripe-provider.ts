/**
 * Stripe through the official client (`stripe` 23.1.0) on the API version it describes,
 * STRIPE_API_VERSION (pinned here, not taken from the account's default; the client's types are that
 * version's shapes, so upgrading the package makes the compiler name what changed). Currency gbp,
 * amounts in pence:
 * - payouts: a Connect Transfer from the platform balance to the firm's connected account with our
 *   payout id as the idempotency key; a transfer is settled on creation, so markPaid re-reads it and
 *   reports it paid unless it was reversed;
 * - Pro: Customers, Checkout Sessions in subscription mode on the monthly or annual per-seat Price
 *   (STRIPE_PRICE_PRO_MONTHLY / _ANNUAL), Subscriptions updated with `proration_behavior=always_invoice`
 *   (a seat change is invoiced at once) or `cancel_at_period_end`; Stripe Tax or the Price carries VAT;
 * - the completion fee: the payer saves a card in a Checkout Session in setup mode (a SetupIntent for
 *   off-session use) when accepting the fee; at completion a PaymentIntent is confirmed off-session on
 *   that payment method (`off_session=true`, `confirm=true`; a card needing authentication again is
 *   refused as a decline, https://docs.stripe.com/payments/save-and-reuse);
 * - webhooks: `Stripe-Signature` checked by the client's `webhooks.constructEvent` (5-minute tolerance)
 *   with STRIPE_WEBHOOK_SECRET. An event's payload is shaped by the webhook endpoint's own API version
 *   and events arrive in no guaranteed order (https://docs.stripe.com/webhooks#event-ordering), so
 *   parseEvent takes only the ids from it and reads the subscription or invoice back from the API on
 *   the pinned version: the state stored is the current one, stamped with the moment it was read.
 *   A subscription-mode session's `subscription` and `customer` are ids (webhooks never expand them).
 */
import Stripe from 'stripe'
import { z } from 'zod'
import { splitGross, type BillingInterval, type InvoiceLine } from '#shared/domain/billing.ts'
import {
  PaymentsError,
  type PaymentsEvent,
  type PaymentsProvider,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './payments-provider'

/** The Stripe API version every request is made on; the installed client's types describe it. */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion

/** The default API address; STRIPE_API_URL points the client elsewhere (stripe-mock, a test's stand-in). */
export const STRIPE_API_URL = 'https://api.stripe.com'

/**
 * Checks a `Stripe-Signature` header over the raw body with the endpoint's secret (whsec_...) through
 * the official client (a v1 HMAC-SHA256 over `t.body`, t within 5 minutes); answers the event.
 * Throws PaymentsError when the header is missing, malformed, too old or matches no signature.
 */
export function verifyStripeSignature(header: string | null, body: string, secret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(body, header ?? '', secret, 300)
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new PaymentsError(err.message)
    throw err
  }
}

const STATUSES = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  paused: 'paused',
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
  canceled: 'canceled',
} as const satisfies Record<ProviderSubscriptionStatus, ProviderSubscriptionStatus>

/**
 * A Stripe subscription's status in our words: all eight of Stripe's are ours (what each means for
 * Pro: decision 033). A status a later API version adds is refused with PaymentsError, not guessed.
 */
function subscriptionStatusOf(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  const ours = Object.hasOwn(STATUSES, status) ? STATUSES[status as ProviderSubscriptionStatus] : undefined
  if (!ours) throw new PaymentsError(`Stripe's subscription status ${status} is not one Homeward knows.`)
  return ours
}

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null)
const iso = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null

/**
 * Our subscription from Stripe's (the pinned version: the period is on the subscription's item);
 * null for one that cannot be a Pro plan (no item, or billed other than monthly or yearly: another
 * product on the same Stripe account). Throws PaymentsError for a status Homeward does not know.
 */
export function subscriptionOf(s: Stripe.Subscription): ProviderSubscription | null {
  const item = s.items.data[0]
  const every = item?.price.recurring?.interval
  const interval: BillingInterval | null = every === 'month' ? 'month' : every === 'year' ? 'year' : null
  if (!item || !interval) return null
  return {
    id: s.id,
    customerRef: idOf(s.customer) ?? '',
    status: subscriptionStatusOf(s.status),
    interval,
    quantity: item.quantity ?? 1,
    currentPeriodStart: iso(item.current_period_start) ?? new Date().toISOString(),
    currentPeriodEnd: iso(item.current_period_end) ?? new Date().toISOString(),
    trialEnd: iso(s.trial_end),
    // A cancellation set from Stripe's dashboard may use cancel_at (the period's end) instead of the flag.
    cancelAtPeriodEnd: s.cancel_at_period_end || s.cancel_at !== null,
  }
}

/**
 * Our invoice from Stripe's (the pinned version: the subscription is under
 * `parent.subscription_details`, no longer a top-level `subscription`). VAT is total minus subtotal.
 */
export function invoiceOf(i: Stripe.Invoice, kind: ProviderInvoice['kind']): ProviderInvoice {
  const lines = i.lines.data.map((l): InvoiceLine => {
    const quantity = l.quantity ?? 1
    return {
      description: l.description ?? '',
      quantity,
      unitPence: Math.round(l.amount / Math.max(Math.abs(quantity), 1)),
      amountPence: l.amount,
    }
  })
  return {
    id: i.id,
    customerRef: idOf(i.customer) ?? '',
    subscriptionRef: idOf(i.parent?.subscription_details?.subscription),
    kind,
    status: i.total < 0 ? 'credited' : i.status === 'paid' ? 'paid' : i.status === 'void' ? 'void' : 'open',
    lines,
    subtotalPence: i.subtotal,
    vatPence: i.total - i.subtotal,
    totalPence: i.total,
    periodStart: iso(i.period_start),
    periodEnd: iso(i.period_end),
    paidAt: iso(i.status_transitions.paid_at),
  }
}

/** The kind of a Stripe invoice of Pro: a seat change's proration, or the subscription's period. */
const invoiceKind = (i: Stripe.Invoice): ProviderInvoice['kind'] =>
  i.billing_reason === 'subscription_update' ? 'proration' : 'subscription'

/** The metadata of an event's object (string values only, as Stripe keeps them). */
const Metadata = z.record(z.string(), z.string())
const metadataOf = (value: unknown) => Metadata.safeParse(value ?? {}).data ?? {}

/** The few fields read from an event's payload (its endpoint's version may differ from ours). */
const EventPayload = z.object({
  type: z.string().min(1),
  data: z.object({
    object: z.looseObject({
      id: z.string().min(1),
      mode: z.string().nullish(),
      customer: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
      subscription: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
      setup_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
      metadata: z.unknown(),
    }),
  }),
})

/**
 * Stripe's refusals as PaymentsError with Stripe's message; an outage (no connection, Stripe's own
 * error, rate limited) is left as it is when `transient` is 'rethrow' (a webhook answers 500 and
 * Stripe delivers it again).
 */
function refusal(err: unknown, transient: 'refuse' | 'rethrow' = 'refuse'): never {
  if (!(err instanceof Stripe.errors.StripeError)) throw err
  const outage =
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  if (outage && transient === 'rethrow') throw err
  throw new PaymentsError(outage ? `Stripe could not be reached: ${err.message}` : err.message)
}

export interface StripeProviderOptions {
  /** The secret key (sk_live_... or sk_test_...). */
  secretKey: string
  /** The Pro Prices (per seat, monthly and annual: price_...). */
  prices?: { month?: string; year?: string }
  /** The API's address; STRIPE_API_URL by default. */
  apiUrl?: string
  /** The fetch the client sends requests with (tests answer with their own). */
  fetchImpl?: typeof fetch
}

/** Creates the Stripe provider on the official client, pinned to STRIPE_API_VERSION. */
export function createStripePaymentsProvider(options: StripeProviderOptions): PaymentsProvider {
  const prices = options.prices ?? {}
  const api = new URL(options.apiUrl ?? STRIPE_API_URL)
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    httpClient: Stripe.createFetchHttpClient(options.fetchImpl ?? fetch),
    // Retries reuse the same idempotency key (the client adds one to every POST).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Homeward' },
  })

  /** A subscription read back from the API, with the moment it was asked for; null when not a Pro plan. */
  async function readSubscription(ref: string) {
    const asOf = new Date().toISOString()
    const s = await stripe.subscriptions.retrieve(ref).catch((err: unknown) => refusal(err, 'rethrow'))
    const subscription = subscriptionOf(s)
    return subscription && { subscription, asOf }
  }
  const readInvoice = (ref: string) => stripe.invoices.retrieve(ref).catch((err: unknown) => refusal(err, 'rethrow'))

  return {
    name: 'stripe',
    label: 'Stripe',
    async createPayout(request) {
      if (!request.destinationAccount)
        throw new PaymentsError('The firm has no Stripe connected account to pay into yet.')
      const transfer = await stripe.transfers
        .create(
          {
            amount: request.amountPence,
            currency: 'gbp',
            destination: request.destinationAccount,
            description: request.description,
            metadata: { payout_id: request.payoutId },
          },
          { idempotencyKey: request.payoutId },
        )
        .catch(refusal)
      return { reference: transfer.id, status: 'pending' }
    },
    async markPaid(reference) {
      const transfer = await stripe.transfers.retrieve(reference).catch(refusal)
      if (transfer.reversed) throw new PaymentsError('Stripe reversed this transfer.')
      return { reference, status: 'paid' }
    },
    async createCustomer(request) {
      const c = await stripe.customers
        .create(
          { name: request.name, email: request.email, metadata: { homeward_ref: request.reference } },
          { idempotencyKey: `customer-${request.reference}` },
        )
        .catch(refusal)
      return { id: c.id }
    },
    async createCheckoutSession(request) {
      const price = prices[request.interval]
      if (!price) throw new PaymentsError(`No Stripe Price is configured for the ${request.interval}ly Pro plan.`)
      const s = await stripe.checkout.sessions
        .create({
          mode: request.mode,
          customer: request.customerRef,
          line_items: [{ price, quantity: request.quantity }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata,
          ...(request.mode === 'subscription'
            ? {
                subscription_data: {
                  metadata: request.metadata,
                  ...(request.trialEnd ? { trial_end: Math.floor(request.trialEnd.getTime() / 1000) } : {}),
                },
              }
            : {}),
        })
        .catch(refusal)
      if (!s.url) throw new PaymentsError('Stripe opened a checkout with no page to send the customer to.')
      return { id: s.id, url: s.url }
    },
    async createSetupSession(request) {
      const s = await stripe.checkout.sessions
        .create({
          mode: 'setup',
          customer: request.customerRef,
          // This API version filters the account's payment methods (payment_method_types is gone).
          allowed_payment_method_types: ['card'],
          currency: 'gbp',
          setup_intent_data: { description: request.description, metadata: request.metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata,
        })
        .catch(refusal)
      if (!s.url) throw new PaymentsError('Stripe opened a checkout with no page to send the customer to.')
      return { id: s.id, url: s.url }
    },
    async retrieveSetupPaymentMethod(setupIntentRef) {
      const intent = await stripe.setupIntents.retrieve(setupIntentRef, { expand: ['payment_method'] }).catch(refusal)
      const saved = intent.payment_method
      if (typeof saved === 'string' && saved) return { paymentMethodRef: saved, label: 'Card' }
      if (!saved || typeof saved === 'string') throw new PaymentsError('Stripe saved no payment method on this setup.')
      const brand = saved.card?.brand ? saved.card.brand.charAt(0).toUpperCase() + saved.card.brand.slice(1) : 'Card'
      return {
        paymentMethodRef: saved.id,
        label: saved.card?.last4 ? `${brand} ending ${saved.card.last4}` : brand,
      }
    },
    async updateSubscription(ref, change) {
      let itemId: string | undefined
      if (change.quantity !== undefined) {
        const current = await stripe.subscriptions.retrieve(ref).catch(refusal)
        itemId = current.items.data[0]?.id
        if (!itemId) throw new PaymentsError('Stripe answered a subscription with no item.')
      }
      const updated = await stripe.subscriptions
        .update(ref, {
          ...(change.quantity !== undefined
            ? { items: [{ id: itemId, quantity: change.quantity }], proration_behavior: 'always_invoice' as const }
            : {}),
          ...(change.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: change.cancelAtPeriodEnd } : {}),
          expand: ['latest_invoice'],
        })
        .catch(refusal)
      const latest = updated.latest_invoice
      const invoice =
        change.quantity !== undefined && latest && typeof latest !== 'string' ? invoiceOf(latest, 'proration') : null
      const subscription = subscriptionOf(updated)
      if (!subscription) throw new PaymentsError(`Stripe's subscription ${ref} is not a Pro plan.`)
      return { subscription, invoice }
    },
    async chargeCard(payment) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: payment.amountPence,
            currency: 'gbp',
            payment_method: payment.paymentMethodRef,
            confirm: true,
            // On-session with no redirect: a card that needs 3-D Secure is refused here, not half-paid.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: payment.description,
            metadata: payment.metadata,
          },
          { idempotencyKey: payment.idempotencyKey },
        )
        .catch((err: unknown) => refusal(err))
      if (intent.status !== 'succeeded')
        throw new PaymentsError(`The payment did not go through (${intent.status}): try another card.`)
      return { reference: intent.id }
    },
    async refundCharge(reference, idempotencyKey) {
      const refund = await stripe.refunds
        .create({ payment_intent: reference }, { idempotencyKey })
        .catch((err: unknown) => refusal(err))
      return { reference: refund.id }
    },
    async chargeOnce(charge) {
      if (!charge.paymentMethodRef)
        throw new PaymentsError('No card is saved for this charge: the payer has to save one first.')
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: charge.amountPence,
            currency: 'gbp',
            customer: charge.customerRef,
            payment_method: charge.paymentMethodRef,
            confirm: true,
            off_session: true,
            description: charge.description,
          },
          { idempotencyKey: charge.idempotencyKey },
        )
        .catch(refusal)
      if (intent.status !== 'succeeded') throw new PaymentsError(`The payment did not go through (${intent.status}).`)
      const { netPence, vatPence, totalPence } = splitGross(charge.amountPence)
      return {
        reference: intent.id,
        invoice: {
          id: intent.id,
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
    async parseEvent(payload): Promise<PaymentsEvent | null> {
      const parsed = EventPayload.safeParse(payload)
      if (!parsed.success) throw new PaymentsError(`Not a Stripe event: ${z.prettifyError(parsed.error)}`)
      const { type } = parsed.data
      const o = parsed.data.data.object
      const metadata = metadataOf(o.metadata)
      switch (type) {
        case 'checkout.session.completed': {
          if (o.mode === 'setup')
            return {
              type: 'checkout.setup_completed',
              sessionId: o.id,
              metadata,
              customerRef: idOf(o.customer) ?? '',
              setupIntentRef: idOf(o.setup_intent),
              paymentMethod: null,
            }
          // Payment mode is not used by Homeward (the completion fee is charged off-session).
          if (o.mode !== 'subscription') return null
          const ref = idOf(o.subscription)
          if (!ref) throw new PaymentsError(`Stripe's checkout session ${o.id} completed with no subscription.`)
          const read = await readSubscription(ref)
          if (!read) throw new PaymentsError(`Stripe's subscription ${ref} is not a Pro plan (monthly or yearly).`)
          return { type, sessionId: o.id, metadata, ...read }
        }
        case 'checkout.session.expired':
          return { type, sessionId: o.id, metadata }
        case 'checkout.session.async_payment_failed':
          return { type: 'checkout.payment_failed', sessionId: o.id, metadata, reason: 'The payment failed.' }
        case 'invoice.paid': {
          const invoice = await readInvoice(o.id)
          return { type, invoice: invoiceOf(invoice, invoiceKind(invoice)) }
        }
        case 'invoice.payment_failed': {
          // The subscription goes past due (then unpaid, or canceled, by the account's retry settings).
          const ref = idOf((await readInvoice(o.id)).parent?.subscription_details?.subscription)
          const read = ref ? await readSubscription(ref) : null
          return read && { type: 'customer.subscription.updated', ...read }
        }
        // Another product's subscription on the same account is not ours (null), and is not refused.
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed': {
          const read = await readSubscription(o.id)
          return read && { type: 'customer.subscription.updated', ...read }
        }
        case 'customer.subscription.deleted': {
          const read = await readSubscription(o.id)
          return read && { type, ...read }
        }
        default:
          return null
      }
    },
  }
}
