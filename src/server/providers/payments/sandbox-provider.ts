/**
 * The sandbox payments provider: no money moves, and it behaves like a card processor's test mode.
 * Payouts: references derived from our payout id (`sandbox_po_<id without dashes>`), so the same
 * request always answers the same.
 *
 * Billing: customers, checkout sessions, subscriptions and invoices are kept in this process's
 * memory (a restart forgets open sessions; what completed is already in our database by webhook).
 * The hosted checkout is our own page, /sandbox/payments/checkout (features/billing/sandbox-checkout-page.ts),
 * clearly labelled Sandbox. Test cards, as Stripe's test mode documents them
 * (https://docs.stripe.com/testing):
 * - 4242 4242 4242 4242 succeeds;
 * - 4000 0000 0000 0002 is declined ("Your card was declined.");
 * - 4000 0025 0000 3155 needs authentication: a sandbox 3-D Secure page to approve or fail;
 * any other number is refused as not a test card. The outcome is told back as signed webhook events
 * (the caller of `pay` sends them through sandbox-webhooks.ts). Shown as "Sandbox" in the UI.
 *
 * Setup mode (a mover accepting the completion fee) takes the same cards on the same page and saves
 * the card instead of charging it: 4242 saves, 0002 is declined, 3155 saves after 3-D Secure (as in
 * Stripe, a card authenticated at setup is then charged off-session without asking again). The saved
 * payment method (`pm_sandbox_<last4>_...`) is what `chargeOnce` charges; without one it refuses.
 *
 * Subscriptions the process does not hold (made by the seed in another process, or before a restart)
 * are taken from our stored copy passed to `updateSubscription`, rolled on to the current period.
 */
import { createHash, randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  invoiceTotals,
  periodEndFrom,
  prorateSeatChange,
  seatPricePence,
  splitGross,
  BILLING_INTERVALS,
  SUBSCRIPTION_STATUSES,
  type BillingInterval,
} from '#shared/domain/billing.ts'
import {
  PaymentsError,
  type CheckoutSessionRequest,
  type PaymentsEvent,
  type SavedPaymentMethod,
  type SetupSessionRequest,
  type PaymentsProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payments-provider'

export const SANDBOX_CHECKOUT_PATH = '/sandbox/payments/checkout'
export const SANDBOX_3DS_PATH = '/sandbox/payments/authenticate'

export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  authenticates: '4000002500003155',
} as const

/**
 * The sandbox's payment method for a test card typed on a Homeward page (a survey booking): the
 * prefix and the digits. Stripe's adapter gets a PaymentMethod id from Stripe.js instead.
 */
export const SANDBOX_CARD_METHOD_PREFIX = 'pm_sandbox_card_'

/** What a sandbox session was opened for: Pro (subscription) or saving a card (setup). */
export type SandboxSessionRequest = CheckoutSessionRequest | ({ mode: 'setup' } & SetupSessionRequest)

export interface SandboxSession {
  id: string
  request: SandboxSessionRequest
  /** The card being authenticated (3-D Secure), digits only. */
  card: string | null
  status: 'open' | 'awaiting_authentication' | 'complete' | 'expired'
  /** The last attempt's failure, shown on the page. */
  error: string | null
}

/** A webhook payload as the sandbox sends it: `{ id, created, type, data: { object } }`, Stripe's envelope. */
export interface SandboxEventPayload {
  id: string
  /** When the event happened, in Unix seconds (Stripe's `created`): the version of the state it carries. */
  created: number
  type: PaymentsEvent['type']
  data: { object: unknown }
}

/** The result of a payment attempt on the hosted page: what to show, and which events to send. */
export interface SandboxAttempt {
  outcome: 'succeeded' | 'declined' | 'requires_action' | 'not_a_test_card' | 'closed'
  message: string | null
  events: SandboxEventPayload[]
}

export interface SandboxPaymentsProvider extends PaymentsProvider {
  session(id: string): SandboxSession | null
  /** A card entered on the hosted page (spaces allowed). */
  pay(sessionId: string, cardNumber: string): SandboxAttempt
  /** The 3-D Secure page's answer. */
  authenticate(sessionId: string, approve: boolean): SandboxAttempt
  /** The person left the page ("Cancel and return"): the session expires. */
  abandon(sessionId: string): SandboxAttempt
  /** How many one-off charges were made (a charge retried with the same key counts once). */
  chargeCount(): number
}

/*
 * The objects of the sandbox's events, parsed when they come back through the webhook endpoint
 * (signature checked first): the shapes this file sends, in our types. A subscription's terms that
 * an event leaves out default as the Stripe adapter's do (subscriptionOf): an event may name only
 * the subscription (a deletion of one we do not hold is ignored).
 */
const Metadata = z.record(z.string(), z.string()).default({})
const SandboxSubscription = z.object({
  id: z.string(),
  customerRef: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).exclude(['none']),
  interval: z.enum(BILLING_INTERVALS).default('month'),
  quantity: z.number().default(1),
  currentPeriodStart: z.string().default(() => new Date().toISOString()),
  currentPeriodEnd: z.string().default(() => new Date().toISOString()),
  trialEnd: z.string().nullable().default(null),
  cancelAtPeriodEnd: z.boolean().default(false),
}) satisfies z.ZodType<ProviderSubscription>
const SandboxInvoice = z.object({
  id: z.string(),
  customerRef: z.string(),
  subscriptionRef: z.string().nullable(),
  kind: z.enum(['subscription', 'proration', 'completion_fee']),
  status: z.enum(['paid', 'open', 'void', 'credited']),
  lines: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPence: z.number(), amountPence: z.number() }),
  ),
  subtotalPence: z.number(),
  vatPence: z.number(),
  totalPence: z.number(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  paidAt: z.string().nullable(),
}) satisfies z.ZodType<ProviderInvoice>
const SandboxSession = z.object({ id: z.string(), metadata: Metadata })
const SandboxSetupCompleted = SandboxSession.extend({
  customer: z.string(),
  setup_intent: z.string().nullish(),
  payment_method: z.object({ paymentMethodRef: z.string(), label: z.string() }).nullish() satisfies z.ZodType<
    SavedPaymentMethod | null | undefined
  >,
})
const SandboxEnvelope = z.object({
  type: z.string(),
  // An event without one (an older sender) counts as happening when it is read.
  created: z.number().int().positive().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24)

/** Rolls a recalled subscription's period on to the one containing `at` (the sandbox renews silently). */
export function rollPeriod(sub: ProviderSubscription, at: Date): ProviderSubscription {
  // Only a paying subscription renews: a trial ends, and the others are stopped or over.
  if (sub.status !== 'active' && sub.status !== 'past_due') return sub
  let start = new Date(sub.currentPeriodStart)
  let end = new Date(sub.currentPeriodEnd)
  while (end.getTime() <= at.getTime()) {
    start = end
    end = periodEndFrom(start, sub.interval)
  }
  return { ...sub, currentPeriodStart: start.toISOString(), currentPeriodEnd: end.toISOString() }
}

/** Creates the sandbox provider. `now` is the clock (tests may pass their own). */
export function createSandboxPaymentsProvider(now: () => Date = () => new Date()): SandboxPaymentsProvider {
  const sessions = new Map<string, SandboxSession>()
  const subscriptions = new Map<string, ProviderSubscription>()
  const charges = new Map<string, { reference: string; invoice: ProviderInvoice }>()
  const setupIntents = new Map<string, SavedPaymentMethod>()
  const cardPayments = new Map<string, { reference: string }>()
  const event = (type: PaymentsEvent['type'], object: unknown): SandboxEventPayload => ({
    id: `evt_sandbox_${randomUUID().replace(/-/g, '')}`,
    created: Math.floor(now().getTime() / 1000),
    type,
    data: { object },
  })

  function subscriptionInvoice(sub: ProviderSubscription): ProviderInvoice {
    const lines = [
      {
        description: `Homeward Pro, ${sub.interval === 'year' ? 'annual' : 'monthly'}, per seat`,
        quantity: sub.quantity,
        unitPence: seatPricePence(sub.interval),
        amountPence: seatPricePence(sub.interval) * sub.quantity,
      },
    ]
    return {
      id: `in_sandbox_${randomUUID().replace(/-/g, '')}`,
      customerRef: sub.customerRef,
      subscriptionRef: sub.id,
      kind: 'subscription',
      status: 'paid',
      lines,
      ...invoiceTotals(lines),
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paidAt: now().toISOString(),
    }
  }

  function completeSetup(session: SandboxSession, card: string, request: SandboxSessionRequest & { mode: 'setup' }) {
    const last4 = card.slice(-4)
    const setupIntent = `seti_sandbox_${hash(session.id)}`
    const paymentMethod = { paymentMethodRef: `pm_sandbox_${last4}_${hash(session.id)}`, label: `Visa ending ${last4}` }
    setupIntents.set(setupIntent, paymentMethod)
    session.status = 'complete'
    session.error = null
    return {
      outcome: 'succeeded' as const,
      message: null,
      events: [
        event('checkout.session.completed', {
          id: session.id,
          mode: 'setup',
          metadata: request.metadata,
          customer: request.customerRef,
          setup_intent: setupIntent,
          payment_method: paymentMethod,
        }),
      ],
    }
  }

  function complete(session: SandboxSession, card: string): SandboxAttempt {
    const { request } = session
    if (request.mode === 'setup') return completeSetup(session, card, request)
    const start = now()
    const { trialEnd } = request
    const trialing = trialEnd !== null && trialEnd.getTime() > start.getTime()
    const periodEnd = trialing ? trialEnd : periodEndFrom(start, request.interval)
    const sub: ProviderSubscription = {
      id: `sub_sandbox_${randomUUID().replace(/-/g, '')}`,
      customerRef: request.customerRef,
      status: trialing ? 'trialing' : 'active',
      interval: request.interval,
      quantity: request.quantity,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: periodEnd.toISOString(),
      trialEnd: trialing ? periodEnd.toISOString() : null,
      cancelAtPeriodEnd: false,
    }
    subscriptions.set(sub.id, sub)
    session.status = 'complete'
    session.error = null
    const events = [
      event('checkout.session.completed', { id: session.id, metadata: request.metadata, subscription: sub }),
    ]
    // A trial is not charged until it ends; otherwise the first period is paid now.
    if (!trialing) events.push(event('invoice.paid', subscriptionInvoice(sub)))
    return { outcome: 'succeeded', message: null, events }
  }

  function fail(session: SandboxSession, message: string, outcome: SandboxAttempt['outcome']): SandboxAttempt {
    session.status = 'open'
    session.error = message
    return {
      outcome,
      message,
      events: [
        event('checkout.payment_failed', { id: session.id, metadata: session.request.metadata, reason: message }),
      ],
    }
  }

  const closed = (): SandboxAttempt => ({
    outcome: 'closed',
    message: 'This checkout has already finished. Start again from Homeward.',
    events: [],
  })

  return {
    name: 'sandbox',
    label: 'Sandbox',
    async createPayout(request) {
      return { reference: `sandbox_po_${request.payoutId.replace(/-/g, '')}`, status: 'pending' }
    },
    async markPaid(reference) {
      return { reference, status: 'paid' }
    },
    async createCustomer(request) {
      return { id: `cus_sandbox_${hash(request.reference)}` }
    },
    async createCheckoutSession(request) {
      if (request.quantity < 1) throw new PaymentsError('A subscription needs at least one seat.')
      const id = `cs_sandbox_${randomUUID().replace(/-/g, '')}`
      sessions.set(id, { id, request, card: null, status: 'open', error: null })
      return { id, url: `${SANDBOX_CHECKOUT_PATH}?session=${id}` }
    },
    async createSetupSession(request) {
      const id = `cs_sandbox_${randomUUID().replace(/-/g, '')}`
      sessions.set(id, { id, request: { mode: 'setup', ...request }, card: null, status: 'open', error: null })
      return { id, url: `${SANDBOX_CHECKOUT_PATH}?session=${id}` }
    },
    async retrieveSetupPaymentMethod(setupIntentRef) {
      const saved = setupIntents.get(setupIntentRef)
      if (!saved) throw new PaymentsError('The payments sandbox has no such setup intent.')
      return saved
    },
    async updateSubscription(ref, change, stored) {
      let sub = subscriptions.get(ref)
      if (!sub && stored?.id === ref) subscriptions.set(ref, (sub = rollPeriod({ ...stored }, now())))
      if (!sub) throw new PaymentsError('The payments sandbox has no such subscription.')
      let invoice: ProviderInvoice | null = null
      if (change.quantity !== undefined && change.quantity !== sub.quantity) {
        const at = now()
        // A trial is not charged: seats change without proration until it ends.
        if (sub.status !== 'trialing') {
          const { amountPence, fraction } = prorateSeatChange({
            interval: sub.interval,
            fromSeats: sub.quantity,
            toSeats: change.quantity,
            periodStart: new Date(sub.currentPeriodStart),
            periodEnd: new Date(sub.currentPeriodEnd),
            at,
          })
          const delta = change.quantity - sub.quantity
          const lines = [
            {
              description: `${delta > 0 ? 'Added' : 'Removed'} ${Math.abs(delta)} seat${Math.abs(delta) === 1 ? '' : 's'} for the rest of the period (${Math.round(fraction * 100)}% left)`,
              quantity: delta,
              unitPence: Math.round(seatPricePence(sub.interval) * fraction),
              amountPence,
            },
          ]
          invoice = {
            id: `in_sandbox_${randomUUID().replace(/-/g, '')}`,
            customerRef: sub.customerRef,
            subscriptionRef: sub.id,
            kind: 'proration',
            status: amountPence < 0 ? 'credited' : 'paid',
            lines,
            ...invoiceTotals(lines),
            periodStart: at.toISOString(),
            periodEnd: sub.currentPeriodEnd,
            paidAt: at.toISOString(),
          }
        }
        sub.quantity = change.quantity
      }
      if (change.cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = change.cancelAtPeriodEnd
      return { subscription: { ...sub }, invoice }
    },
    async chargeCard(payment) {
      const seen = cardPayments.get(payment.idempotencyKey)
      if (seen) return seen
      const card = payment.paymentMethodRef.startsWith(SANDBOX_CARD_METHOD_PREFIX)
        ? payment.paymentMethodRef.slice(SANDBOX_CARD_METHOD_PREFIX.length)
        : ''
      if (card === SANDBOX_CARDS.declines)
        throw new PaymentsError('Your card was declined. Try another card (sandbox card 4000 0000 0000 0002).')
      if (card === SANDBOX_CARDS.authenticates)
        throw new PaymentsError(
          'This card asks for 3-D Secure, which a sandbox booking cannot show: use 4242 4242 4242 4242.',
        )
      if (card !== SANDBOX_CARDS.succeeds)
        throw new PaymentsError('That is not a sandbox test card. Use 4242 4242 4242 4242 or 4000 0000 0000 0002.')
      const result = { reference: `pi_sandbox_${hash(`card:${payment.idempotencyKey}`)}` }
      cardPayments.set(payment.idempotencyKey, result)
      return result
    },
    async refundCharge(reference, idempotencyKey) {
      return { reference: `re_sandbox_${hash(`${reference}:${idempotencyKey}`)}` }
    },
    async chargeOnce(charge) {
      const seen = charges.get(charge.idempotencyKey)
      if (seen) return seen
      // Cards saved in the sandbox were authenticated at setup: an off-session charge on one succeeds.
      if (!charge.paymentMethodRef?.startsWith('pm_sandbox_'))
        throw new PaymentsError('No card is saved for this charge: the payer has to save one first.')
      const { netPence, vatPence, totalPence } = splitGross(charge.amountPence)
      const at = now().toISOString()
      const result = {
        reference: `pi_sandbox_${hash(charge.idempotencyKey)}`,
        invoice: {
          id: `in_sandbox_${hash(`invoice:${charge.idempotencyKey}`)}`,
          customerRef: charge.customerRef,
          subscriptionRef: null,
          kind: 'completion_fee' as const,
          status: 'paid' as const,
          lines: [{ description: charge.description, quantity: 1, unitPence: netPence, amountPence: netPence }],
          subtotalPence: netPence,
          vatPence,
          totalPence,
          periodStart: null,
          periodEnd: null,
          paidAt: at,
        },
      }
      charges.set(charge.idempotencyKey, result)
      return result
    },
    async parseEvent(payload) {
      const envelope = SandboxEnvelope.safeParse(payload)
      if (!envelope.success) throw new PaymentsError('Not a payments event.')
      const { type, data, created } = envelope.data
      const asOf = (created ? new Date(created * 1000) : now()).toISOString()
      const { object } = data
      /** The event's object read with `schema`; PaymentsError naming what does not fit. */
      const read = <S extends z.ZodType>(schema: S): z.output<S> => {
        const parsed = schema.safeParse(object)
        if (!parsed.success) throw new PaymentsError(`Not a sandbox ${type} event: ${z.prettifyError(parsed.error)}`)
        return parsed.data
      }
      switch (type) {
        case 'checkout.session.completed': {
          if (object.mode === 'setup') {
            const s = read(SandboxSetupCompleted)
            return {
              type: 'checkout.setup_completed',
              sessionId: s.id,
              metadata: s.metadata,
              customerRef: s.customer,
              setupIntentRef: s.setup_intent ?? null,
              paymentMethod: s.payment_method ?? null,
            }
          }
          const s = read(SandboxSession.extend({ subscription: SandboxSubscription }))
          return { type, sessionId: s.id, metadata: s.metadata, subscription: s.subscription, asOf }
        }
        case 'checkout.session.expired': {
          const s = read(SandboxSession)
          return { type, sessionId: s.id, metadata: s.metadata }
        }
        case 'checkout.payment_failed': {
          const s = read(SandboxSession.extend({ reason: z.string() }))
          return { type, sessionId: s.id, metadata: s.metadata, reason: s.reason }
        }
        case 'invoice.paid':
          return { type, invoice: read(SandboxInvoice) }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return { type, subscription: read(SandboxSubscription), asOf }
        default:
          return null
      }
    },
    session(id) {
      return sessions.get(id) ?? null
    },
    pay(sessionId, cardNumber) {
      const session = sessions.get(sessionId)
      if (!session || session.status === 'complete' || session.status === 'expired') return closed()
      const card = cardNumber.replace(/[\s-]/g, '')
      if (card === SANDBOX_CARDS.succeeds) return complete(session, card)
      if (card === SANDBOX_CARDS.declines)
        return fail(session, 'Your card was declined. Try another card (sandbox card 4000 0000 0000 0002).', 'declined')
      if (card === SANDBOX_CARDS.authenticates) {
        session.status = 'awaiting_authentication'
        session.card = card
        return { outcome: 'requires_action', message: null, events: [] }
      }
      session.error =
        'That is not a sandbox test card. Use 4242 4242 4242 4242, 4000 0000 0000 0002 or 4000 0025 0000 3155.'
      return { outcome: 'not_a_test_card', message: session.error, events: [] }
    },
    authenticate(sessionId, approve) {
      const session = sessions.get(sessionId)
      if (!session || session.status !== 'awaiting_authentication') return closed()
      if (approve) return complete(session, session.card ?? SANDBOX_CARDS.authenticates)
      return fail(
        session,
        'Your bank could not authenticate the payment (3-D Secure failed). Try again or use another card.',
        'declined',
      )
    },
    abandon(sessionId) {
      const session = sessions.get(sessionId)
      if (!session || session.status === 'complete' || session.status === 'expired') return closed()
      session.status = 'expired'
      return {
        outcome: 'closed',
        message: null,
        events: [event('checkout.session.expired', { id: session.id, metadata: session.request.metadata })],
      }
    },
    chargeCount() {
      return charges.size
    },
  }
}

/** The sandbox provider's interval label for pages. */
export const intervalLabel = (interval: BillingInterval) => (interval === 'year' ? 'annual' : 'monthly')
