/**
 * The payments provider interface (CONVENTIONS.md, providers/), shaped like the common card-payments
 * APIs (Stripe's customers, checkout sessions, subscriptions, invoices and webhook events): paying a
 * professional's firm for work done through Homeward (a survey report delivered), a firm's Pro
 * subscription (seats = quantity, monthly or annual, prorated seat changes, cancel at period end, a
 * trial) and the completion fee of a move (a one-off charge). Amounts are pence (integers), GBP.
 * The sandbox adapter answers deterministically, as Stripe's test mode does, and moves no money; the
 * Stripe adapter calls Stripe's REST API. Chosen by PAYMENTS_PROVIDER (config.ts).
 */
import type { BillingInterval, InvoiceLine, SubscriptionStatus } from '#shared/domain/billing.ts'

export interface PayoutRequest {
  /** Our payout id: the idempotency key, so a retry never pays twice. */
  payoutId: string
  /** The firm's account at the provider (Stripe: the connected account id); null in the sandbox. */
  destinationAccount: string | null
  /** What the firm receives: fee minus the platform fee, in pence. */
  amountPence: number
  description: string
}

export interface PayoutResult {
  /** The provider's reference for the payout. */
  reference: string
  status: 'pending' | 'paid'
}

/** A customer at the provider: a firm, or a mover paying a completion fee. */
export interface CustomerRequest {
  name: string
  email: string
  /** Our key for the customer (organization id or profile id): the idempotency key too. */
  reference: string
}

/** A hosted checkout: `subscription` starts Pro for `quantity` seats; `payment` takes one amount. */
export interface CheckoutSessionRequest {
  mode: 'subscription' | 'payment'
  customerRef: string
  interval: BillingInterval
  quantity: number
  /** When the subscription's free trial ends (no charge before it); null to charge at once. */
  trialEnd: Date | null
  /** Absolute URLs the hosted page returns to. */
  successUrl: string
  cancelUrl: string
  /** Echoed back on the session's events (organization_id, our session id). */
  metadata: Record<string, string>
}

/**
 * A hosted checkout in setup mode (Stripe: Checkout Session mode=setup): the customer saves a card
 * for later off-session charges and nothing is charged now. Used when a mover accepts the completion fee.
 */
export interface SetupSessionRequest {
  customerRef: string
  /** Shown on the hosted page: what the card will be charged for, and how much (pence, VAT included). */
  description: string
  amountPence: number
  successUrl: string
  cancelUrl: string
  /** Echoed back on the session's events (purpose, transaction_id). */
  metadata: Record<string, string>
}

/** A card saved by a setup session: the provider's payment method and how to name it to its owner. */
export interface SavedPaymentMethod {
  paymentMethodRef: string
  /** "Visa ending 4242". */
  label: string
}

export interface CheckoutSession {
  id: string
  /** Where to send the person: the provider's hosted page. */
  url: string
}

/** Every status a provider's subscription can have (Stripe's list; what each means for Pro: decision 033). */
export type ProviderSubscriptionStatus = Exclude<SubscriptionStatus, 'none'>

export interface ProviderSubscription {
  id: string
  customerRef: string
  status: ProviderSubscriptionStatus
  interval: BillingInterval
  quantity: number
  currentPeriodStart: string
  currentPeriodEnd: string
  trialEnd: string | null
  cancelAtPeriodEnd: boolean
}

export interface ProviderInvoice {
  id: string
  customerRef: string
  subscriptionRef: string | null
  kind: 'subscription' | 'proration' | 'completion_fee'
  status: 'paid' | 'open' | 'void' | 'credited'
  /** Before VAT. */
  lines: InvoiceLine[]
  subtotalPence: number
  vatPence: number
  totalPence: number
  periodStart: string | null
  periodEnd: string | null
  paidAt: string | null
}

/**
 * What the provider tells us by webhook, in our words (each adapter maps its own). A subscription
 * comes with `asOf` (ISO): when it was in that state at the provider, the event's `created` or the
 * moment the adapter read it back from the provider's API; an older state never overwrites a newer one.
 */
export type PaymentsEvent =
  | {
      /** A subscription-mode checkout completed (a payment-mode one is not an event of ours). */
      type: 'checkout.session.completed'
      sessionId: string
      metadata: Record<string, string>
      subscription: ProviderSubscription
      asOf: string
    }
  | {
      /** A setup-mode session saved a card: the payment method, or the setup intent to read it from. */
      type: 'checkout.setup_completed'
      sessionId: string
      metadata: Record<string, string>
      customerRef: string
      setupIntentRef: string | null
      paymentMethod: SavedPaymentMethod | null
    }
  | { type: 'checkout.session.expired'; sessionId: string; metadata: Record<string, string> }
  | { type: 'checkout.payment_failed'; sessionId: string; metadata: Record<string, string>; reason: string }
  | { type: 'invoice.paid'; invoice: ProviderInvoice }
  /** A subscription was created or changed (Stripe: also read back after an invoice's payment failed). */
  | { type: 'customer.subscription.updated'; subscription: ProviderSubscription; asOf: string }
  | { type: 'customer.subscription.deleted'; subscription: ProviderSubscription; asOf: string }

export interface SubscriptionChange {
  /** New seat count; prorated for the time left in the period (an invoice now, or a credit). */
  quantity?: number
  cancelAtPeriodEnd?: boolean
}

export interface OneOffCharge {
  /** Ours: the same key never charges twice (retries, concurrent calls). */
  idempotencyKey: string
  customerRef: string
  /** The saved card to charge off-session (from a setup session); without one the charge is refused. */
  paymentMethodRef: string | null
  /** VAT included. */
  amountPence: number
  description: string
}

/**
 * A card payment taken while the payer is present (a survey booked and paid at once): the provider
 * charges the card now and answers, or refuses. The same idempotency key never charges twice.
 */
export interface CardPayment {
  /** Ours (the booking id): a retry with the same key answers the first result. */
  idempotencyKey: string
  /**
   * The card as the provider knows it: with Stripe, a PaymentMethod id created in the browser by
   * Stripe.js (the card number never reaches us); in the sandbox, `pm_sandbox_card_<digits>` of a test card.
   */
  paymentMethodRef: string
  /** VAT included. */
  amountPence: number
  description: string
  metadata: Record<string, string>
}

export interface PaymentsProvider {
  /** 'sandbox' or 'stripe'. */
  readonly name: string
  /** Shown beside payouts in the UI ("Sandbox": no money moves). */
  readonly label: string
  /** Starts a payout; resolves with the provider's reference. Throws PaymentsError on refusal. */
  createPayout(request: PayoutRequest): Promise<PayoutResult>
  /** Confirms the payout reached the firm (the sandbox: at once; Stripe: the transfer is settled). */
  markPaid(reference: string): Promise<PayoutResult>
  /** Creates (or, for the same reference, finds) a customer; resolves with its id. */
  createCustomer(request: CustomerRequest): Promise<{ id: string }>
  /** Starts a hosted checkout; its outcome comes later as an event. */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>
  /** Starts a hosted setup-mode checkout that saves the customer's card; its outcome comes later as an event. */
  createSetupSession(request: SetupSessionRequest): Promise<CheckoutSession>
  /** Reads the card a setup intent saved (Stripe's checkout.session.completed names only the intent). */
  retrieveSetupPaymentMethod(setupIntentRef: string): Promise<SavedPaymentMethod>
  /**
   * Changes seats (prorated) or cancels at the period's end; answers the subscription and any proration
   * invoice. `stored` is our copy of the subscription, for an adapter that keeps no state of its own
   * (the sandbox, after a restart or for one the seed made in another process); Stripe ignores it.
   */
  updateSubscription(
    subscriptionRef: string,
    change: SubscriptionChange,
    stored?: ProviderSubscription | null,
  ): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>
  /** Charges a card on-session now (idempotent by key); throws PaymentsError with the card's refusal when declined. */
  chargeCard(payment: CardPayment): Promise<{ reference: string }>
  /** Refunds a card payment in full (idempotent by key); throws PaymentsError when the provider refuses. */
  refundCharge(reference: string, idempotencyKey: string): Promise<{ reference: string }>
  /** Charges a customer's saved card off-session once (idempotent by key); throws PaymentsError when declined or no card. */
  chargeOnce(charge: OneOffCharge): Promise<{ reference: string; invoice: ProviderInvoice }>
  /**
   * Reads a webhook's payload as one of our events (null for one we do not use); throws PaymentsError
   * for one that does not fit. Stripe reads the subscription an event names back from its API, so that
   * the state stored is the current one whatever order the events arrive in.
   */
  parseEvent(payload: unknown): Promise<PaymentsEvent | null>
}

export class PaymentsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentsError'
  }
}
