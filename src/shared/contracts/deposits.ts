/**
 * Deposits held by a regulated client-money partner (Homeward never holds client money): the amount
 * the buyer's conveyancer sets, the payer's instructions shown only after a Confirmation of Payee
 * check, the funds received, releases and refunds approved by two people at the buyer's firm, and
 * the double-entry ledger of every movement. Who sees what: src/server/access/deposits.ts.
 */
import { z } from 'zod'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'
import { Timestamp, TransactionParams, Uuid } from './common'
import { displayLine } from './common'

const Pence = z.number().int()
const AmountInput = z
  .number({ message: 'Enter the amount in pence' })
  .int('Enter the amount in whole pence')
  .positive('Enter an amount above £0')
  .max(1_000_000_000_00, 'Enter an amount below £1,000,000,000')

export const DEPOSIT_STATUSES = ['awaiting_funds', 'part_received', 'held', 'released', 'refunded'] as const
export const DepositStatus = z.enum(DEPOSIT_STATUSES)
export type DepositStatus = z.infer<typeof DepositStatus>

export const LEDGER_ACCOUNTS = ['buyer_payments', 'held_for_buyer', 'released_to_seller', 'refunded'] as const
export const LedgerAccountCode = z.enum(LEDGER_ACCOUNTS)
export type LedgerAccountCode = z.infer<typeof LedgerAccountCode>

export const PaymentInstructions = z.object({
  account_name: z.string(),
  sort_code: z.string(),
  account_number: z.string(),
  reference: z.string(),
})
export type PaymentInstructions = z.infer<typeof PaymentInstructions>

export const PayeeCheckResult = z.object({
  result: z.enum(['match', 'close_match', 'no_match']),
  name_checked: z.string(),
  /** The name the bank holds: on a close match only. */
  registered_name: z.string().nullable(),
  checked_at: Timestamp,
})
export type PayeeCheckResult = z.infer<typeof PayeeCheckResult>

export const DepositRelease = z.object({
  id: Uuid,
  kind: z.enum(['release', 'refund']),
  stage: z.enum(['exchange', 'completion']).nullable(),
  amount_pence: Pence,
  payee_name: z.string().nullable(),
  payee_sort_code: z.string().nullable(),
  payee_account_number: z.string().nullable(),
  status: z.enum(['pending', 'executed', 'cancelled']),
  requested_by_name: z.string().nullable(),
  requested_at: Timestamp,
  executed_at: Timestamp.nullable(),
  approvals: z.array(z.object({ approver_id: Uuid, approver_name: z.string(), approved_at: Timestamp })),
})
export type DepositRelease = z.infer<typeof DepositRelease>

export const LedgerEntry = z.object({
  id: Uuid,
  kind: z.enum(['funds_received', 'release', 'refund']),
  description: z.string(),
  posted_at: Timestamp,
  /** Debit positive, credit negative, in pence; they sum to zero. */
  lines: z.array(z.object({ account: LedgerAccountCode, amount_pence: Pence })),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const Deposit = z.object({
  id: Uuid,
  status: DepositStatus,
  amount_pence: Pence,
  received_pence: Pence,
  held_pence: Pence,
  released_pence: Pence,
  refunded_pence: Pence,
  set_by_name: z.string().nullable(),
  updated_at: Timestamp,
  /** For the buyer: only once their own CoP check matched or closely matched; always for the firm. */
  instructions: PaymentInstructions.nullable(),
  /** The viewer's latest CoP check of the receiving account (the buyer's). */
  payee_check: PayeeCheckResult.nullable(),
  releases: z.array(DepositRelease),
  /** The ledger: the buyer's firm only. */
  ledger: z
    .object({
      accounts: z.array(z.object({ code: LedgerAccountCode, balance_pence: Pence })),
      entries: z.array(LedgerEntry),
    })
    .nullable(),
})
export type Deposit = z.infer<typeof Deposit>

/**
 * Why a release or refund cannot be asked for now, and who can change that (issue 38): shown on the
 * deposit page instead of a missing form. Null when the viewer's firm can ask, or nothing is held.
 */
export const ReleaseHelp = z.object({
  reason: z.string(),
  /** Who can fix it and how, in words. */
  fix: z.string(),
  /** The viewer can link the move to their firm from here (POST /transactions/{txId}/matter). */
  can_link_firm: z.boolean(),
  /** The viewer's firm (can_link_firm) or the firm instructed for the buyer, when there is one. */
  firm_name: z.string().nullable(),
})
export type ReleaseHelp = z.infer<typeof ReleaseHelp>

export const DepositResponse = z.object({
  /** 'full' for the buyer's side; 'summary' (held: yes and how much) for the seller's side. */
  view: z.enum(['full', 'summary']),
  viewer_role: z.string(),
  /**
   * The client-money partner: `name` ('sandbox' or 'http') and `label` for badges, `partner_name` the
   * company holding the money, `regulation` its regulatory status in words (FCA authorisation).
   */
  provider: z.object({ name: z.string(), label: z.string(), partner_name: z.string(), regulation: z.string() }),
  /** The move's status (draft, active, exchange, completed, cancelled). */
  move_status: z.string(),
  release_help: ReleaseHelp.nullable(),
  /** The agreed price, for the usual 10% deposit. */
  agreed_price_pence: Pence.nullable(),
  /** Whether the viewer sets the amount and asks for releases (the buyer's conveyancer). */
  can_manage: z.boolean(),
  /**
   * Whether the viewer may ask for a release, or approve the waiting one: an admin or a fee earner of
   * the buyer's firm who, when one is waiting, joined before it was requested (decision 050).
   */
  can_approve: z.boolean(),
  /** The buyer in the sandbox: "Simulate bank transfer received". */
  can_simulate_transfer: z.boolean(),
  deposit: Deposit.nullable(),
  summary: z.object({ status: DepositStatus, held: z.boolean(), held_pence: Pence }).nullable(),
})
export type DepositResponse = z.infer<typeof DepositResponse>

export const SetDepositInput = z.object({ amount_pence: AmountInput })
export type SetDepositInput = z.input<typeof SetDepositInput>

export const PayeeCheckInput = z.object({
  account_name: displayLine({ message: 'Enter the name of the account' })
    .trim()
    .min(2, 'Enter the name of the account, as your conveyancer gave it to you')
    .max(140, 'Enter at most 140 characters'),
})
export type PayeeCheckInput = z.input<typeof PayeeCheckInput>

export const SimulateTransferInput = z.object({ amount_pence: AmountInput.optional() })
export type SimulateTransferInput = z.input<typeof SimulateTransferInput>

const SortCode = z
  .string({ message: 'Enter the sort code' })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\d{6}$/.test(s), 'Enter a sort code of six digits, such as 20-00-00')
  .transform((s) => `${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4)}`)
const AccountNumber = z
  .string({ message: 'Enter the account number' })
  .trim()
  .regex(/^\d{8}$/, 'Enter an account number of eight digits')

export const RequestReleaseInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('release'),
    stage: z.enum(['exchange', 'completion'], { message: 'Choose exchange or completion' }),
    amount_pence: AmountInput,
    payee: z.object({
      account_name: displayLine({ message: "Enter the name of the seller's conveyancer's client account" })
        .trim()
        .min(2, "Enter the name of the seller's conveyancer's client account")
        .max(140),
      sort_code: SortCode,
      account_number: AccountNumber,
    }),
  }),
  z.object({ kind: z.literal('refund'), amount_pence: AmountInput }),
])
export type RequestReleaseInput = z.input<typeof RequestReleaseInput>

export const ReleaseParams = TransactionParams.extend({ releaseId: Uuid })

const conflicts = {
  403: { description: "Not one of the people at the buyer's firm" },
  409: { description: 'Already released, refunded or approved by this person' },
  422: { description: 'More than is held, or the deposit is not held' },
}

export const depositEndpoints = {
  get: endpoint({
    method: 'get',
    path: '/transactions/{txId}/deposit',
    summary: "The move's deposit: full for the buyer's side, held yes/amount for the seller's side",
    request: { params: TransactionParams },
    responses: { 200: json('The deposit', DepositResponse), ...ERRORS },
  }),
  set: endpoint({
    method: 'put',
    path: '/transactions/{txId}/deposit',
    summary: "Set the deposit amount and open its held-funds account (the buyer's conveyancer)",
    request: { params: TransactionParams, body: jsonBody(SetDepositInput) },
    responses: {
      200: json('The deposit', DepositResponse),
      403: { description: "Not the buyer's conveyancer" },
      409: { description: 'Funds have arrived: the amount is fixed' },
      ...ERRORS,
    },
  }),
  checkPayee: endpoint({
    method: 'post',
    path: '/transactions/{txId}/deposit/payee-check',
    summary: 'Confirmation of Payee: check the name of the receiving account before the instructions show',
    request: { params: TransactionParams, body: jsonBody(PayeeCheckInput) },
    responses: { 200: json('The deposit, with the check', DepositResponse), ...ERRORS },
  }),
  simulateTransfer: endpoint({
    method: 'post',
    path: '/transactions/{txId}/deposit/sandbox-transfer',
    summary: 'Sandbox only: simulate the bank transfer arriving (the partner sends its webhook shortly)',
    request: { params: TransactionParams, body: jsonBody(SimulateTransferInput) },
    responses: {
      202: json('Queued', z.object({ queued: z.literal(true) })),
      403: { description: 'Not the buyer' },
      422: { description: 'No deposit yet, or no CoP check' },
      ...ERRORS,
    },
  }),
  requestRelease: endpoint({
    method: 'post',
    path: '/transactions/{txId}/deposit/releases',
    summary: "Ask for a release or refund; it counts as the first of two approvals (the buyer's firm)",
    request: { params: TransactionParams, body: jsonBody(RequestReleaseInput) },
    responses: { 201: json('The deposit, with the request', DepositResponse), ...conflicts, ...ERRORS },
  }),
  approve: endpoint({
    method: 'post',
    path: '/transactions/{txId}/deposit/releases/{releaseId}/approve',
    summary: 'The second approval, by another person at the firm: the partner pays',
    request: { params: ReleaseParams },
    responses: { 200: json('The deposit, released or refunded', DepositResponse), ...conflicts, ...ERRORS },
  }),
  cancel: endpoint({
    method: 'post',
    path: '/transactions/{txId}/deposit/releases/{releaseId}/cancel',
    summary: 'Cancel a release or refund still waiting for its second approval',
    request: { params: ReleaseParams },
    responses: { 200: json('The deposit', DepositResponse), ...conflicts, ...ERRORS },
  }),
}
