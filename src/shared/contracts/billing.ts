/**
 * Contracts of billing: a firm's Pro subscription (the admin's billing page: trial, plan, seats,
 * checkout, cancel, invoices as PDFs) and the completion fee of a move (its status and the payer's
 * receipt). Money is pence (integers), VAT at 20% (src/shared/domain/billing.ts); times ISO.
 * The provider's webhook (POST /api/webhooks/payments) and the sandbox's hosted checkout page are
 * raw routes outside this catalogue: their bodies are the provider's, signed.
 */
import { z } from 'zod'
import { BILLING_INTERVALS, INVOICE_KINDS, INVOICE_STATUSES, MAX_SEATS, SUBSCRIPTION_STATUSES } from '../domain/billing'
import { MEMBER_ROLES } from '../domain/firms'
import { Timestamp, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

const Pence = z.number().int()
const Interval = z.enum(BILLING_INTERVALS, { message: 'Choose monthly or annual billing' })
const Seats = z
  .number({ message: 'Enter the number of seats' })
  .int('Seats must be a whole number')
  .min(1, 'A plan needs at least one seat')
  .max(MAX_SEATS, `At most ${MAX_SEATS} seats; contact us for more`)

export const InvoiceSummary = z.object({
  id: Uuid,
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  subtotal_pence: Pence,
  vat_pence: Pence,
  total_pence: Pence,
  issued_at: Timestamp,
  period_start: Timestamp.nullable(),
  period_end: Timestamp.nullable(),
})
export type InvoiceSummary = z.infer<typeof InvoiceSummary>

/**
 * GET /api/firm/billing: the firm's plan as its members see it. `pro`: the professional tools are
 * open (on the trial or a live subscription); `state` says why.
 */
export const BillingOverview = z.object({
  organization_id: Uuid,
  firm_name: z.string(),
  my_role: z.enum(MEMBER_ROLES),
  provider_label: z.string(),
  pro: z.boolean(),
  state: z.enum(['trial', 'subscribed', 'cancelling', 'lapsed']),
  trial_ends_at: Timestamp.nullable(),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      interval: Interval.nullable(),
      seats: z.number().int(),
      current_period_end: Timestamp.nullable(),
      cancel_at_period_end: z.boolean(),
    })
    .nullable(),
  members_count: z.number().int(),
  /** The latest checkout that did not complete: declined, failed authentication or abandoned. */
  last_checkout_problem: z.object({ message: z.string(), at: Timestamp }).nullable(),
  invoices: z.array(InvoiceSummary),
})
export type BillingOverview = z.infer<typeof BillingOverview>

export const StartCheckoutInput = z.object({ interval: Interval, seats: Seats })
export type StartCheckoutInput = z.input<typeof StartCheckoutInput>
export const StartedCheckout = z.object({ checkout_url: z.string() })

export const ChangeSeatsInput = z.object({ seats: Seats })
export type ChangeSeatsInput = z.input<typeof ChangeSeatsInput>

export const InvoiceParams = z.object({ invoiceId: Uuid })

/**
 * The payer's acceptance of the fee (docs/decisions/036-completion-fee-acceptance.md), shown to the
 * payer only: `pending` while the provider's card page is open, `accepted` once a card is saved (its
 * label), `failed` after a declined or abandoned card page (the problem says what to do).
 */
export const FeeAcceptance = z.object({
  status: z.enum(['none', 'pending', 'accepted', 'failed']),
  card_label: z.string().nullable(),
  problem: z.string().nullable(),
})
export type FeeAcceptance = z.infer<typeof FeeAcceptance>

/** GET /api/transactions/{txId}/completion-fee: the move's fee, shown before completion and settled at it. */
export const CompletionFee = z.object({
  amount_pence: Pence,
  vat_pence: Pence,
  /** Who pays: the seller (docs/decisions/033-billing-and-pro.md); the buyer when no seller is on Homeward. */
  payer: z.enum(['seller', 'buyer', 'none']),
  payer_name: z.string().nullable(),
  status: z.enum(['not_due', 'due', 'paid', 'failed', 'waived']),
  charged_at: Timestamp.nullable(),
  /** The viewer paid it, and can download the receipt. */
  receipt_available: z.boolean(),
  invoice_number: z.string().nullable(),
  /** The payer accepted the fee (a card is saved to pay it), and when; everyone on the move sees this. */
  accepted: z.boolean(),
  accepted_at: Timestamp.nullable(),
  /** The viewer is the one who pays. */
  viewer_is_payer: z.boolean(),
  /** The payer's own view of their acceptance; null for everyone else. */
  acceptance: FeeAcceptance.nullable(),
  /**
   * What the viewer can do: `accept` (the payer, before completion, not accepted yet) or `pay` (the
   * payer, after completion, when the fee is due or its charge failed); null otherwise.
   */
  viewer_action: z.enum(['accept', 'pay']).nullable(),
  /** Why charging the saved card failed (the payer only). */
  failure_reason: z.string().nullable(),
  /** The payments provider's label: 'Sandbox' when no money moves (the UI labels it). */
  provider_label: z.string(),
})
export type CompletionFee = z.infer<typeof CompletionFee>

const PDF = { 'application/pdf': { schema: z.string().describe('A PDF file') } }
const adminOnly = {
  403: { description: 'Not an admin of the firm' },
  409: { description: 'Refused: the message says why (seats below members, no subscription)' },
  ...ERRORS,
}

export const billingEndpoints = {
  overview: endpoint({
    method: 'get',
    path: '/firm/billing',
    summary: "The viewer's firm's plan: trial, subscription, seats, members and invoices",
    responses: { 200: json('The firm billing', BillingOverview), ...ERRORS },
  }),
  startCheckout: endpoint({
    method: 'post',
    path: '/firm/billing/checkout',
    summary: "An admin starts the provider's hosted checkout for Pro (monthly or annual, seats)",
    request: { body: jsonBody(StartCheckoutInput) },
    responses: {
      201: json('Where to pay', StartedCheckout),
      422: { description: 'The payments provider refused to start a checkout' },
      ...adminOnly,
    },
  }),
  changeSeats: endpoint({
    method: 'put',
    path: '/firm/billing/seats',
    summary: 'An admin adds or removes seats (prorated); never fewer than the firm has members',
    request: { body: jsonBody(ChangeSeatsInput) },
    responses: {
      200: json('The firm billing', BillingOverview),
      422: { description: 'The payments provider refused the change' },
      ...adminOnly,
    },
  }),
  cancel: endpoint({
    method: 'post',
    path: '/firm/billing/cancel',
    summary: 'An admin cancels Pro at the end of the period paid for',
    responses: { 200: json('The firm billing', BillingOverview), ...adminOnly },
  }),
  resume: endpoint({
    method: 'post',
    path: '/firm/billing/resume',
    summary: 'An admin keeps Pro after all (undoes a cancellation before the period ends)',
    responses: { 200: json('The firm billing', BillingOverview), ...adminOnly },
  }),
  invoicePdf: endpoint({
    method: 'get',
    path: '/firm/billing/invoices/{invoiceId}/pdf',
    summary: "One of the firm's invoices as a PDF (admins only)",
    request: { params: InvoiceParams },
    responses: { 200: { description: 'The invoice', content: PDF }, ...ERRORS },
  }),
  completionFee: endpoint({
    method: 'get',
    path: '/transactions/{txId}/completion-fee',
    summary: "The move's completion fee: the amount, who pays, and whether it was charged",
    request: { params: TransactionParams },
    responses: { 200: json('The fee', CompletionFee), ...ERRORS },
  }),
  acceptCompletionFee: endpoint({
    method: 'post',
    path: '/transactions/{txId}/completion-fee/accept',
    summary:
      "The payer accepts the completion fee: starts the provider's hosted page to save a card (nothing is charged until completion; after completion, the due fee is charged to it)",
    request: { params: TransactionParams },
    responses: {
      201: json('Where to save the card', StartedCheckout),
      403: { description: 'Not the payer of this move' },
      409: { description: 'Refused: already accepted or paid, waived, or the move was cancelled' },
      422: { description: 'The payments provider refused to start the card page' },
      ...ERRORS,
    },
  }),
  completionFeeReceipt: endpoint({
    method: 'get',
    path: '/transactions/{txId}/completion-fee/receipt',
    summary: 'The receipt of the completion fee as a PDF (the payer only)',
    request: { params: TransactionParams },
    responses: { 200: { description: 'The receipt', content: PDF }, ...ERRORS },
  }),
}
