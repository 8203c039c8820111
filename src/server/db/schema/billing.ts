/**
 * Billing: each firm's account with the payments provider (customer, its one Pro subscription and
 * the trial), the checkout sessions started for it, the invoices (Pro, seat prorations and the
 * completion fee, VAT at 20%, pence) and the completion fee of each completed move, at most one per
 * move (the primary key is the transaction). Values from src/shared/domain/billing.ts;
 * docs/decisions/033-billing-and-pro.md.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  BILLING_INTERVALS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
  type InvoiceLine,
} from '#shared/domain/billing.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

/**
 * A firm's billing account: created when an admin first opens checkout or the trial is changed.
 * Without a row, the firm is on its trial: 30 days from its first member's joining
 * (core/entitlement.ts). `trial_ends_at` overrides that when set.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's customer id (Stripe: cus_...). */
    customerRef: text('customer_ref'),
    subscriptionRef: text('subscription_ref'),
    status: text('status').notNull().default('none'),
    interval: text('interval'),
    seats: integer('seats').notNull().default(0),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * When the stored subscription state was true at the provider: the event's `created`, or the
     * moment it was read back from the provider's API. An older state never overwrites a newer one
     * (features/billing/manage-subscription.ts saveSubscription); null before any subscription.
     */
    subscriptionAsOf: timestamp('subscription_as_of', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_accounts_customer_key').on(t.provider, t.customerRef),
    check('billing_accounts_status_check', checkSql`status in ${inList(SUBSCRIPTION_STATUSES)}`),
    check('billing_accounts_interval_check', checkSql`interval is null or interval in ${inList(BILLING_INTERVALS)}`),
    check('billing_accounts_seats_check', sql`${t.seats} >= 0`),
  ],
)

/** A hosted checkout started by a firm admin; its outcome comes by the provider's webhook. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    mode: text('mode').notNull(),
    interval: text('interval').notNull(),
    seats: integer('seats').notNull(),
    status: text('status').notNull().default('open'),
    /** Why the last payment attempt failed (a decline, failed authentication), for the admin. */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_key').on(t.provider, t.providerSessionId),
    index('checkout_sessions_org_idx').on(t.organizationId, t.createdAt),
    check('checkout_sessions_mode_check', sql`${t.mode} in ('subscription', 'payment')`),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('checkout_sessions_interval_check', checkSql`interval in ${inList(BILLING_INTERVALS)}`),
  ],
)

/** Invoice numbers in order of issue (HW-000001): a sequence, so two invoices never share one. */
export const billingInvoiceNumberSeq = pgSequence('billing_invoice_number_seq', { startWith: 1 })

/**
 * An invoice or receipt: for a firm (Pro, a seat proration) or for the payer of a completion fee.
 * Lines before VAT; subtotal, VAT (20%) and total in pence; the bill-to details as they were.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** HW-000001, in order of issue. */
    number: text('number').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    payerProfileId: uuid('payer_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    billToName: text('bill_to_name').notNull(),
    billToDetail: text('bill_to_detail').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_invoices_provider_key').on(t.provider, t.providerRef),
    uniqueIndex('billing_invoices_number_key').on(t.number),
    index('billing_invoices_org_idx').on(t.organizationId, t.issuedAt),
    index('billing_invoices_payer_idx').on(t.payerProfileId),
    check('billing_invoices_kind_check', checkSql`kind in ${inList(INVOICE_KINDS)}`),
    check('billing_invoices_status_check', checkSql`status in ${inList(INVOICE_STATUSES)}`),
    check('billing_invoices_total_check', sql`${t.totalPence} = ${t.subtotalPence} + ${t.vatPence}`),
  ],
)

/** The flat fee of a completed move: one row per move, so it is charged once however often completion is recorded. */
export const completionFees = pgTable(
  'completion_fees',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    payerProfileId: uuid('payer_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    status: text('status').notNull().default('due'),
    providerRef: text('provider_ref'),
    invoiceId: uuid('invoice_id').references(() => billingInvoices.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    /** When the payer was emailed that the fee is due and how to pay it (a fee never accepted; once). */
    paymentRequestedAt: timestamp('payment_requested_at', { withTimezone: true }),
  },
  (t) => [
    check('completion_fees_status_check', sql`${t.status} in ('due', 'paid', 'failed', 'waived')`),
    check('completion_fees_amount_check', sql`${t.amountPence} >= 0`),
  ],
)

/**
 * The payer's acceptance of a move's completion fee (docs/decisions/036-completion-fee-acceptance.md):
 * one row per move, made when the payer starts the provider's setup-mode checkout to save a card, and
 * `accepted` once the provider's webhook says the card is saved (its payment method is kept here, to
 * charge off-session at completion). A declined or abandoned setup leaves it `failed` with the reason,
 * to retry; `pending` while the hosted page is open.
 */
export const completionFeeAcceptances = pgTable(
  'completion_fee_acceptances',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    payerProfileId: uuid('payer_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The payer's customer at the provider (Stripe: cus_...). */
    customerRef: text('customer_ref'),
    /** The setup-mode checkout session of the latest attempt (Stripe: cs_...). */
    setupSessionRef: text('setup_session_ref'),
    /** The saved card (Stripe: pm_...), charged off-session at completion. */
    paymentMethodRef: text('payment_method_ref'),
    /** "Visa ending 4242", shown to the payer. */
    cardLabel: text('card_label'),
    /** Why the last setup did not save a card (declined, failed authentication, abandoned). */
    failureReason: text('failure_reason'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('completion_fee_acceptances_session_key').on(t.provider, t.setupSessionRef),
    check('completion_fee_acceptances_status_check', sql`${t.status} in ('pending', 'accepted', 'failed')`),
  ],
)
