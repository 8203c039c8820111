/**
 * Homeward's prices and the arithmetic of billing, in pence (integers), GBP. One place for the
 * numbers the pricing page shows and the server charges (docs/decisions/033-billing-and-pro.md).
 *
 * - VAT at the UK standard rate, 20% (HMRC, VAT rates: https://www.gov.uk/vat-rates), rounded to the
 *   nearest penny on each invoice's net total (HMRC VAT Notice 700 section 17.5 allows rounding the
 *   invoice total to the nearest penny).
 * - Pro is priced per seat (one member of the firm) before VAT, monthly or annual; annual is ten
 *   months' price for twelve (two months free).
 * - The completion fee is a flat amount including VAT, paid by the seller when the move completes.
 * - Seat changes mid-period are prorated by the time left in the period, to the second, as card
 *   processors prorate (Stripe: "prorations"), and rounded to the nearest penny.
 */

export const VAT_RATE_PERCENT = 20
export const PRO_SEAT_MONTHLY_PENCE = 4900
/** Two months free: 10 x the monthly seat price. */
export const PRO_SEAT_ANNUAL_PENCE = PRO_SEAT_MONTHLY_PENCE * 10
export const PRO_TRIAL_DAYS = 30
/** The completion fee, VAT included. */
export const COMPLETION_FEE_GROSS_PENCE = 9900
/** What the completion fee covers, as the payer is told before accepting it (the move's card, the emails). */
export const COMPLETION_FEE_COVERS =
  'the shared timeline, documents, messages and signing for everyone on the move, from offer to completion'
export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]
/**
 * A firm's subscription status: 'none' before any, else the provider's, Stripe's full list
 * (https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses). Pro is on for
 * LIVE_SUBSCRIPTION_STATUSES only; unpaid, paused, incomplete, incomplete_expired and canceled are
 * off (decision 033, addendum). canceled and incomplete_expired are final: the subscription never
 * leaves them, only a new subscription replaces it (TERMINAL_SUBSCRIPTION_STATUSES).
 */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]
/** The statuses that give Pro (until the end of a period cancelled at): core/entitlement.ts. */
export const LIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'] as const satisfies SubscriptionStatus[]
/** The statuses a subscription never leaves (Stripe: it ended, or its first payment expired). */
export const TERMINAL_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const satisfies SubscriptionStatus[]
export const INVOICE_KINDS = ['subscription', 'proration', 'completion_fee'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'credited'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const MAX_SEATS = 500

/** The professional tools that Pro unlocks, as the pricing page and the upsell list them. */
export const PRO_FEATURES = [
  'The cases board: every matter of the firm, filtered and sorted',
  'SLA clocks in working days, with alerts before a deadline',
  'Standard enquiry templates for the whole firm',
  "The estate agent's portfolio with sale risk and weekly updates",
  "The surveyor's calendar, bookings and payouts",
  'Team seats with roles, reassignment and the firm activity log',
] as const

/** The seat price for an interval, before VAT, in pence. */
export function seatPricePence(interval: BillingInterval): number {
  return interval === 'year' ? PRO_SEAT_ANNUAL_PENCE : PRO_SEAT_MONTHLY_PENCE
}

/** VAT on a net amount in pence, rounded half away from zero to the penny. */
export function vatOn(netPence: number): number {
  return Math.sign(netPence) * Math.round((Math.abs(netPence) * VAT_RATE_PERCENT) / 100)
}

/** The net part of an amount that includes VAT: gross / 1.2, to the penny; VAT is the rest. */
export function splitGross(grossPence: number): { netPence: number; vatPence: number; totalPence: number } {
  const netPence = Math.round((grossPence * 100) / (100 + VAT_RATE_PERCENT))
  return { netPence, vatPence: grossPence - netPence, totalPence: grossPence }
}

export interface InvoiceLine {
  description: string
  quantity: number
  /** Per unit, before VAT, in pence (negative for a credit). */
  unitPence: number
  /** quantity x unit, or the prorated amount, before VAT. */
  amountPence: number
}

/** An invoice's totals: subtotal (net), VAT at 20% on the subtotal, total. */
export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'amountPence'>[]): {
  subtotalPence: number
  vatPence: number
  totalPence: number
} {
  const subtotalPence = lines.reduce((sum, l) => sum + l.amountPence, 0)
  const vatPence = vatOn(subtotalPence)
  return { subtotalPence, vatPence, totalPence: subtotalPence + vatPence }
}

/** The Pro plan's price for `seats` for one interval: net, VAT and total in pence. */
export function planPrice(interval: BillingInterval, seats: number) {
  return invoiceTotals([{ amountPence: seatPricePence(interval) * seats }])
}

/**
 * The proration of a seat change at `at` within the period [periodStart, periodEnd): the change in
 * seats times the seat price times the share of the period left, rounded to the penny. Positive is
 * charged now; negative is credited. Zero when the period is over or the seats do not change.
 */
export function prorateSeatChange(options: {
  interval: BillingInterval
  fromSeats: number
  toSeats: number
  periodStart: Date
  periodEnd: Date
  at: Date
}): { amountPence: number; fraction: number } {
  const length = options.periodEnd.getTime() - options.periodStart.getTime()
  const left = Math.min(Math.max(options.periodEnd.getTime() - options.at.getTime(), 0), length)
  const fraction = length > 0 ? left / length : 0
  const delta = options.toSeats - options.fromSeats
  const raw = delta * seatPricePence(options.interval) * fraction
  return { amountPence: Math.sign(raw) * Math.round(Math.abs(raw)), fraction }
}

/**
 * The end of a billing period that starts at `start`: one calendar month or one year later (UTC),
 * kept to the last day of a shorter month (31 Jan -> 28 Feb), as card processors bill.
 */
export function periodEndFrom(start: Date, interval: BillingInterval): Date {
  const end = new Date(start)
  const day = start.getUTCDate()
  end.setUTCDate(1)
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

/** Pence as pounds for documents: 4900 -> '£49.00', -1250 -> '-£12.50'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  return `${sign}£${(Math.abs(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
