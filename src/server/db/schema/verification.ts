/**
 * Verified parties: a person's identity check (one per person, reused by all their moves until it
 * expires) and the client due diligence record of one client on one matter (MLR 2017). Everything a
 * person typed or the providers answered about them is sealed with envelope encryption
 * (platform/encryption/envelope.ts, contexts `identity-check:<id>:<part>` and `cdd:<id>:<part>`);
 * images live in object storage, sealed too. Only states and flags needed to query stay in clear.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { CDD_DECISIONS, IDENTITY_REVIEW_OUTCOMES, SCREENING_STATES } from '#shared/domain/client-due-diligence.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, transactions } from './transactions'

/** Stored identity check states ('not_started' is the absence of a row). */
export const IDENTITY_CHECK_STATUSES = ['in_progress', 'processing', 'verified', 'needs_review', 'failed'] as const

export const identityChecks = pgTable(
  'identity_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('in_progress'),
    /** The adapter that ran it ('sandbox', 'yoti') and its reference, once submitted. */
    provider: text('provider').notNull(),
    providerCheckId: text('provider_check_id'),
    documentType: text('document_type'),
    /** Sealed JSON: number, surname, given names, date of birth, nationality, expiry. */
    documentSealed: text('document_sealed'),
    documentExpiresOn: date('document_expires_on'),
    /** Storage keys of the sealed images. */
    documentImageKey: text('document_image_key'),
    selfieImageKey: text('selfie_image_key'),
    /** Sealed JSON: the current address. */
    addressSealed: text('address_sealed'),
    /** Sealed JSON: the provider's whole answer. */
    resultSealed: text('result_sealed'),
    faceMatch: boolean('face_match'),
    liveness: boolean('liveness'),
    /** The provider found the document genuine (its data and security features). */
    documentAuthentic: boolean('document_authentic'),
    /** The provider read the document's chip and verified its signature (NFC): PG81 needs it. */
    chipRead: boolean('chip_read'),
    /**
     * Confidence the provider reports against the UK digital identity and attributes trust framework.
     * PG81 is met only with 'medium' and a chip read (shared/domain/identity-assurance.ts).
     */
    confidence: text('confidence'),
    failureReason: text('failure_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A verified check serves every move of the person until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_checks_profile_idx').on(t.profileId, t.createdAt),
    uniqueIndex('identity_checks_provider_ref_key').on(t.provider, t.providerCheckId),
    check('identity_checks_status_check', checkSql`status in ${inList(IDENTITY_CHECK_STATUSES)}`),
    check(
      'identity_checks_document_type_check',
      sql`document_type is null or document_type in ('passport', 'driving_licence')`,
    ),
  ],
)

export const cddRecords = pgTable(
  'cdd_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    clientProfileId: uuid('client_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    identityCheckId: uuid('identity_check_id').references(() => identityChecks.id, { onDelete: 'set null' }),
    screeningStatus: text('screening_status').notNull().default('pending'),
    screeningProvider: text('screening_provider'),
    screeningRef: text('screening_ref'),
    /** Sealed JSON: the screening's matches (list entries, scores). */
    screeningSealed: text('screening_sealed'),
    sanctionsMatch: boolean('sanctions_match').notNull().default(false),
    pep: boolean('pep').notNull().default(false),
    /** Sealed JSON: the enhanced due diligence answers. */
    eddSealed: text('edd_sealed'),
    sourceOfWealthDocumentId: uuid('source_of_wealth_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    relianceFirm: text('reliance_firm'),
    relianceConsentOn: date('reliance_consent_on'),
    relianceNote: text('reliance_note'),
    /**
     * The conveyancer's resolution of an identity check the provider sent to manual review
     * (IDENTITY_REVIEW_OUTCOMES): on this matter only, for the check it names.
     */
    identityReview: text('identity_review'),
    identityReviewNote: text('identity_review_note'),
    identityReviewCheckId: uuid('identity_review_check_id').references(() => identityChecks.id, {
      onDelete: 'set null',
    }),
    identityReviewedBy: uuid('identity_reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    identityReviewedAt: timestamp('identity_reviewed_at', { withTimezone: true }),
    decision: text('decision'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the business relationship ended (the move completed or was cancelled): reg 40's clock. */
    relationshipEndedOn: date('relationship_ended_on'),
    /** The client's nationality, ISO 3166-1 alpha-2 (checked against the high-risk third countries: decision 068). */
    nationality: text('nationality'),
    /** The client's country of residence, ISO 3166-1 alpha-2 (reg 33(1)(b): established in a high-risk third country). */
    residenceCountry: text('residence_country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cdd_records_tx_client_key').on(t.transactionId, t.clientProfileId),
    index('cdd_records_client_idx').on(t.clientProfileId),
    index('cdd_records_screening_ref_idx').on(t.screeningRef),
    check('cdd_records_side_check', sql`side in ('buyer', 'seller')`),
    check('cdd_records_screening_check', checkSql`screening_status in ${inList(SCREENING_STATES)}`),
    check('cdd_records_decision_check', checkSql`decision is null or decision in ${inList(CDD_DECISIONS)}`),
    check('cdd_records_reliance_check', sql`(reliance_firm is null) = (reliance_consent_on is null)`),
    check(
      'cdd_records_identity_review_check',
      checkSql`identity_review is null or identity_review in ${inList(IDENTITY_REVIEW_OUTCOMES)}`,
    ),
    check('cdd_records_nationality_check', sql`nationality is null or nationality ~ '^[A-Z]{2}$'`),
    check('cdd_records_residence_country_check', sql`residence_country is null or residence_country ~ '^[A-Z]{2}$'`),
  ],
)
