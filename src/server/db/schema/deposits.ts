/**
 * Deposits held by a regulated client-money partner (Homeward never holds client money) and the
 * double-entry ledger that mirrors every movement of them. A move has at most one deposit: its
 * held-funds account at the partner and the payment instructions the partner gave for it. Releases
 * and refunds need two approvals by two different people at the firm instructed for the buyer.
 *
 * The ledger: per move, the accounts of LEDGER_ACCOUNT_CODES; each posting (ledger_entries) has
 * lines in pence, debit positive and credit negative, that sum to zero (a deferred constraint
 * trigger checks it at commit); each line moves its account's balance (a trigger), and the check on
 * ledger_accounts keeps every account but buyer_payments at zero or above, so no release can take
 * more than is held, whatever the code does. Lines and entries are never updated (a trigger).
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

/** Deposit statuses, in order: see src/shared/contracts/deposits.ts. */
export const DEPOSIT_STATUSES = ['awaiting_funds', 'part_received', 'held', 'released', 'refunded'] as const
/** The ledger accounts of one move. */
export const LEDGER_ACCOUNT_CODES = ['buyer_payments', 'held_for_buyer', 'released_to_seller', 'refunded'] as const

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The partner that holds it: 'sandbox' or 'http'. */
    partner: text('partner').notNull(),
    partnerAccountId: text('partner_account_id').notNull(),
    /** What the buyer is to pay, in pence, set by the buyer's conveyancer. */
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    accountName: text('account_name').notNull(),
    sortCode: text('sort_code').notNull(),
    accountNumber: text('account_number').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull().default('awaiting_funds'),
    setBy: uuid('set_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_transaction_key').on(t.transactionId),
    uniqueIndex('deposits_partner_account_key').on(t.partner, t.partnerAccountId),
    check('deposits_amount_positive', sql`${t.amountPence} > 0`),
    check('deposits_status_check', checkSql`status in ${inList(DEPOSIT_STATUSES)}`),
  ],
)

/** A Confirmation of Payee check of the receiving account, by the person who will pay. */
export const depositPayeeChecks = pgTable(
  'deposit_payee_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    nameChecked: text('name_checked').notNull(),
    result: text('result').notNull(),
    /** The name the bank holds for the account (shown on a close match). */
    registeredName: text('registered_name'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposit_payee_checks_deposit_idx').on(t.depositId, t.profileId, t.checkedAt),
    check('deposit_payee_checks_result_check', sql`${t.result} in ('match', 'close_match', 'no_match')`),
  ],
)

/** A release (to the seller's conveyancer) or a refund (to the buyer) waiting for, or given, its approvals. */
export const depositReleases = pgTable(
  'deposit_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A release: at exchange or at completion; null for a refund. */
    stage: text('stage'),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    /** A release: the seller's conveyancer's client account; null for a refund (back to where it came from). */
    payeeName: text('payee_name'),
    payeeSortCode: text('payee_sort_code'),
    payeeAccountNumber: text('payee_account_number'),
    /** The firm whose people approve it (the buyer's side's firm when requested). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    partnerPaymentId: text('partner_payment_id'),
  },
  (t) => [
    uniqueIndex('deposit_releases_one_pending_key')
      .on(t.depositId)
      .where(sql`status = 'pending'`),
    check('deposit_releases_kind_check', sql`${t.kind} in ('release', 'refund')`),
    check('deposit_releases_stage_check', sql`${t.stage} is null or ${t.stage} in ('exchange', 'completion')`),
    check('deposit_releases_status_check', sql`${t.status} in ('pending', 'executed', 'cancelled')`),
    check('deposit_releases_amount_positive', sql`${t.amountPence} > 0`),
  ],
)

/** One person's approval of a release or refund; one per person per request. */
export const depositApprovals = pgTable(
  'deposit_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => depositReleases.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('deposit_approvals_once_key').on(t.releaseId, t.approverId)],
)

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Debit positive, in pence; kept by the ledger_lines trigger. */
    balancePence: bigint('balance_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_tx_code_key').on(t.transactionId, t.code),
    check('ledger_accounts_code_check', checkSql`code in ${inList(LEDGER_ACCOUNT_CODES)}`),
    check('ledger_accounts_never_overdrawn', sql`${t.code} = 'buyer_payments' or ${t.balancePence} >= 0`),
  ],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** The partner's payment id: one posting per payment, whatever is replayed. */
    externalRef: text('external_ref'),
    releaseId: uuid('release_id').references(() => depositReleases.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.transactionId, t.postedAt),
    uniqueIndex('ledger_entries_external_ref_key').on(t.externalRef),
    check('ledger_entries_kind_check', sql`${t.kind} in ('funds_received', 'release', 'refund')`),
  ],
)

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    /** Debit positive, credit negative, in pence; never zero. */
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.accountId),
    check('ledger_lines_amount_nonzero', sql`${t.amountPence} <> 0`),
  ],
)
