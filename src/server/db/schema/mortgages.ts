/**
 * Mortgage brokers' records: one case per move and broker (the buyer's fact find, the application's
 * stage up to the offer, the offer's expiry) and its decisions in principle. Money in pence; dates
 * are calendar dates (Europe/London). `*_reminded_at` is set when the expiry reminder went, so each
 * record is reminded once (features/mortgages/expiry-reminders.ts).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { APPLICATION_STAGES, CLIENT_STATUSES, EMPLOYMENT_STATUSES } from '#shared/domain/mortgages.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, tasks, transactions } from './transactions'

/**
 * A broker's client record and case (decision 059): made before any offer (a client or lead, with no
 * move) or for the buyer of a move the broker is on, and linked to a move later. The record is the
 * broker's firm's own (`organization_id`, the broker's firm when it was made): only the broker and
 * their firm's members see it (access/mortgages.ts). `fact_find` is the full fact find (contracts
 * FactFindInput); the income, commitments, deposit and employment columns are its summary, written in
 * the same save, that the affordability estimate and the lender pack read.
 */
export const mortgageCases = pgTable(
  'mortgage_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    brokerProfileId: uuid('broker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The buyer's name as the broker took it down, shown until the buyer has joined the move. */
    buyerName: text('buyer_name'),
    stage: text('stage').notNull().default('fact_find'),
    grossAnnualIncomePence: bigint('gross_annual_income_pence', { mode: 'number' }),
    monthlyCommitmentsPence: bigint('monthly_commitments_pence', { mode: 'number' }),
    depositPence: bigint('deposit_pence', { mode: 'number' }),
    employmentStatus: text('employment_status'),
    factFindUpdatedAt: timestamp('fact_find_updated_at', { withTimezone: true }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    clientEmail: text('client_email').notNull().default(''),
    clientPhone: text('client_phone').notNull().default(''),
    clientStatus: text('client_status').notNull().default('client'),
    factFind: jsonb('fact_find'),
    offerExpiresOn: date('offer_expires_on'),
    offerRemindedAt: timestamp('offer_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mortgage_cases_tx_broker_key').on(t.transactionId, t.brokerProfileId),
    index('mortgage_cases_broker_idx').on(t.brokerProfileId),
    index('mortgage_cases_org_idx').on(t.organizationId),
    index('mortgage_cases_offer_due_idx')
      .on(t.offerExpiresOn)
      .where(sql`offer_reminded_at is null`),
    check(
      'mortgage_cases_buyer_name_length',
      sql`${t.buyerName} is null or char_length(${t.buyerName}) between 1 and 200`,
    ),
    check('mortgage_cases_client_status_check', checkSql`client_status in ${inList(CLIENT_STATUSES)}`),
    check('mortgage_cases_named_client', sql`${t.transactionId} is not null or ${t.buyerName} is not null`),
    check('mortgage_cases_stage_check', checkSql`stage in ${inList(APPLICATION_STAGES)}`),
    check(
      'mortgage_cases_employment_check',
      checkSql`employment_status is null or employment_status in ${inList(EMPLOYMENT_STATUSES)}`,
    ),
    check(
      'mortgage_cases_money_check',
      sql`coalesce(${t.grossAnnualIncomePence}, 0) >= 0 and coalesce(${t.monthlyCommitmentsPence}, 0) >= 0 and coalesce(${t.depositPence}, 0) >= 0`,
    ),
  ],
)

/** A decision in principle a lender gave, recorded by the broker; `task_id` is the timeline task it completed. */
export const mortgageDips = pgTable(
  'mortgage_dips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => mortgageCases.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    lender: text('lender').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    reference: text('reference').notNull(),
    issuedOn: date('issued_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mortgage_dips_case_idx').on(t.caseId),
    index('mortgage_dips_task_idx').on(t.taskId),
    index('mortgage_dips_due_idx')
      .on(t.expiresOn)
      .where(sql`reminded_at is null`),
    check('mortgage_dips_dates_check', sql`${t.expiresOn} > ${t.issuedOn}`),
    check('mortgage_dips_amount_check', sql`${t.amountPence} > 0`),
    check('mortgage_dips_term_check', sql`${t.termMonths} between 12 and 480`),
    check('mortgage_dips_lender_length', sql`char_length(${t.lender}) between 1 and 120`),
    check('mortgage_dips_reference_length', sql`char_length(${t.reference}) between 1 and 60`),
  ],
)

/**
 * A product recommendation on a client record, kept for the Consumer Duty file: lender, product, rate
 * (percent), term, fees (pence), the reasons, the ESIS (a document of the linked move in the
 * buyer's-mortgage audience, decision 051) and when the deal ends. `reminded_at` is set when the
 * product-transfer reminder went (features/mortgages/product-transfer-reminders.ts), once.
 */
export const mortgageRecommendations = pgTable(
  'mortgage_recommendations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => mortgageCases.id, { onDelete: 'cascade' }),
    lender: text('lender').notNull(),
    product: text('product').notNull(),
    ratePercent: numeric('rate_percent', { precision: 6, scale: 3 }).notNull(),
    termMonths: integer('term_months').notNull(),
    feesPence: bigint('fees_pence', { mode: 'number' }).notNull(),
    reasons: text('reasons').notNull(),
    dealEndsOn: date('deal_ends_on'),
    esisDocumentId: uuid('esis_document_id').references(() => documents.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mortgage_recommendations_case_idx').on(t.caseId),
    index('mortgage_recommendations_deal_due_idx')
      .on(t.dealEndsOn)
      .where(sql`reminded_at is null`),
    check('mortgage_recommendations_term_check', sql`${t.termMonths} between 12 and 480`),
    check('mortgage_recommendations_fees_check', sql`${t.feesPence} >= 0`),
    check('mortgage_recommendations_rate_check', sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 25`),
  ],
)
