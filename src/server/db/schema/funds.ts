/**
 * Source of funds for a move's buyer (features/funds): the buyer's funding plan and the conveyancer's
 * review, open-banking consents, the bank accounts they gave (their numbers, balances and 12 months
 * of transactions sealed at rest with envelope encryption: platform/encryption/envelope.ts), the
 * buyer's explanations of flagged transactions (sealed too) and gifts towards the deposit. Money in
 * pence.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  type AnyPgColumn,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { SCREENING_STATES } from '#shared/domain/client-due-diligence.ts'
import { FUNDS_REVIEW_DECISIONS } from '#shared/domain/source-of-funds.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

export const BANK_CONSENT_STATUSES = ['awaiting_authorisation', 'authorised', 'refused', 'expired'] as const

/** The buyer's statements (mortgage when no broker's DIP, sale proceeds, fees, SDLT answers) and the conveyancer's review. */
export const fundingPlans = pgTable(
  'funding_plans',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    firstTimeBuyer: boolean('first_time_buyer').notNull().default(false),
    additionalProperty: boolean('additional_property').notNull().default(false),
    nonResident: boolean('non_resident').notNull().default(false),
    mortgageStatedPence: bigint('mortgage_stated_pence', { mode: 'number' }),
    saleProceedsPence: bigint('sale_proceeds_pence', { mode: 'number' }),
    feesPence: bigint('fees_pence', { mode: 'number' }).notNull().default(0),
    reviewDecision: text('review_decision'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'funding_plans_review_check',
      checkSql`review_decision is null or review_decision in ${inList(FUNDS_REVIEW_DECISIONS)}`,
    ),
    check(
      'funding_plans_money_check',
      sql`coalesce(${t.mortgageStatedPence}, 0) >= 0 and coalesce(${t.saleProceedsPence}, 0) >= 0 and ${t.feesPence} >= 0`,
    ),
  ],
)

/**
 * A joint buyer's own answers to the land tax questions (decision 070): the lead buyer's are the
 * plan's columns above, each co-buyer's a row here. The tax of the purchase follows every buyer's
 * answers together (jointPurchaseAnswers, src/shared/domain/land-tax.ts).
 */
export const purchaserTaxAnswers = pgTable(
  'purchaser_tax_answers',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    firstTimeBuyer: boolean('first_time_buyer').notNull().default(false),
    additionalProperty: boolean('additional_property').notNull().default(false),
    nonResident: boolean('non_resident').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchaser_tax_answers_key').on(t.transactionId, t.profileId),
    index('purchaser_tax_answers_profile_idx').on(t.profileId),
  ],
)

/**
 * An account-information consent started with a bank through the open-banking provider: the buyer's
 * (gift_id null), or a giftor's own bank check for one gift (gift_id set; decision 069). A giftor's
 * accounts are never part of the buyer's funding picture; the buyer's conveyancer sees them as the
 * gift's bank check.
 */
export const bankConsents = pgTable(
  'bank_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A giftor's bank check for this gift (decision 069); null for the buyer's own consent. */
    giftId: uuid('gift_id').references((): AnyPgColumn => fundingGifts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerConsentId: text('provider_consent_id').notNull(),
    bankId: text('bank_id').notNull(),
    bankName: text('bank_name').notNull(),
    status: text('status').notNull().default('awaiting_authorisation'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_consents_provider_key').on(t.provider, t.providerConsentId),
    index('bank_consents_tx_idx').on(t.transactionId, t.createdAt),
    check('bank_consents_status_check', checkSql`status in ${inList(BANK_CONSENT_STATUSES)}`),
  ],
)

/** One account a consent gave; everything the bank said about it is in `data_sealed` (context `bank-account:<id>`). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consentId: uuid('consent_id')
      .notNull()
      .references(() => bankConsents.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    /** The account's name as the bank gives it ("Easy Saver"): shown in the list. */
    name: text('name').notNull(),
    /** The last four digits of the account number, for recognising it; the full number is sealed. */
    last4: text('last4').notNull(),
    /** The buyer chose this account for the funding picture. */
    selected: boolean('selected').notNull().default(true),
    dataSealed: text('data_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_consent_account_key').on(t.consentId, t.providerAccountId),
    index('bank_accounts_tx_idx').on(t.transactionId),
  ],
)

/** The buyer's explanation of one flagged bank transaction (sealed, context `funds-explanation:<account id>:<tx id>`). */
export const fundingExplanations = pgTable(
  'funding_explanations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    explanationSealed: text('explanation_sealed').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('funding_explanations_key').on(t.accountId, t.providerTransactionId)],
)

/**
 * A gift towards the deposit. The giftor is invited by email (an invitation with role 'giftor' and
 * this gift's id); on accepting, `giftor_profile_id` is set and they see this gift only
 * (access/gifts.ts). They verify their identity (identity_checks, their own), give where the money
 * comes from and whether they will live in the property, then sign the generated gifted-deposit
 * declaration (documents, audience 'buyer_funds'; signature_requests). Decision 037.
 */
export const fundingGifts = pgTable(
  'funding_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    giftorName: text('giftor_name').notNull(),
    giftorEmail: text('giftor_email').notNull(),
    relationship: text('relationship').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    /** The gifted-deposit declaration (a document of the move) and its signature request, once made. */
    documentId: uuid('document_id'),
    signatureRequestId: uuid('signature_request_id'),
    /** The giftor's account, once they accepted the invitation (their only access: access/gifts.ts). */
    giftorProfileId: uuid('giftor_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The giftor's own words: where the gifted money comes from (printed on the declaration). */
    sourceOfMoney: text('source_of_money'),
    /** Whether the giftor will live in the property (lenders ask; printed on the declaration). */
    giftorWillLive: boolean('giftor_will_live'),
    /** The giftor's verified identity check when they signed (evidence for the buyer's conveyancer). */
    identityCheckId: uuid('identity_check_id'),
    /**
     * Sanctions and PEP screening of the giftor (decision 069), started when their identity is verified:
     * 'not_started' until then, then as a CDD record's (pending, clear, possible_match). Matches sealed
     * (context `gift:<id>:screening`); only the buyer's conveyancer sees them.
     */
    screeningStatus: text('screening_status').notNull().default('not_started'),
    screeningProvider: text('screening_provider'),
    screeningRef: text('screening_ref'),
    screeningSealed: text('screening_sealed'),
    sanctionsMatch: boolean('sanctions_match').notNull().default(false),
    pep: boolean('pep').notNull().default(false),
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funding_gifts_tx_idx').on(t.transactionId),
    check('funding_gifts_amount_check', sql`${t.amountPence} > 0`),
    index('funding_gifts_giftor_idx').on(t.giftorProfileId),
    index('funding_gifts_screening_ref_idx').on(t.screeningRef),
    check(
      'funding_gifts_screening_check',
      checkSql`screening_status in ${inList(['not_started', ...SCREENING_STATES])}`,
    ),
    check(
      'funding_gifts_source_length',
      sql`${t.sourceOfMoney} is null or char_length(${t.sourceOfMoney}) between 1 and 1000`,
    ),
  ],
)
