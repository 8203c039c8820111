/**
 * Surveys: a survey firm's products and notice rule, each surveyor's weekly hours, days off and
 * travel buffer, the bookings buyers make from a move, and the payout of each delivered report.
 * Two bookings of one surveyor can never overlap: an exclusion constraint on
 * (surveyor_id =, tstzrange(starts_at, blocked_until) &&) over live bookings, with btree_gist
 * (custom migration; PGlite loads the extension too). Kinds and statuses: src/shared/domain/surveys.ts.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { BOOKING_STATUSES, PAYOUT_STATUSES, SURVEY_PRODUCT_KINDS } from '#shared/domain/surveys.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, transactions } from './transactions'

/** A firm's survey product: its price in pence including VAT and how long the visit takes. */
export const surveyProducts = pgTable(
  'survey_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pricePence: integer('price_pence').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('survey_products_org_kind_key').on(t.organizationId, t.kind),
    check('survey_products_kind_check', checkSql`kind in ${inList(SURVEY_PRODUCT_KINDS)}`),
    check('survey_products_price_check', sql`${t.pricePence} > 0`),
    check('survey_products_duration_check', sql`${t.durationMinutes} between 15 and 600`),
  ],
)

/**
 * A surveyor of a firm who takes bookings: travel buffer after each visit and the firm's notice
 * rule (hours before a visit after which the buyer can no longer move or cancel it).
 */
export const surveyors = pgTable(
  'surveyors',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    travelBufferMinutes: integer('travel_buffer_minutes').notNull().default(30),
    noticeHours: integer('notice_hours').notNull().default(24),
    /**
     * SHA-256 (hex) of the secret in the surveyor's iCalendar feed URL; null until they create one.
     * The secret itself is shown once; regenerating replaces the hash, so the old URL stops working.
     */
    calendarFeedTokenHash: text('calendar_feed_token_hash'),
  },
  (t) => [
    index('surveyors_org_idx').on(t.organizationId),
    uniqueIndex('surveyors_calendar_feed_key').on(t.calendarFeedTokenHash),
    check('surveyors_buffer_check', sql`${t.travelBufferMinutes} between 0 and 240`),
    check('surveyors_notice_check', sql`${t.noticeHours} between 0 and 336`),
  ],
)

/** A surveyor's weekly working hours: ISO weekday (1 Monday) and minutes after midnight, Europe/London. */
export const surveyorHours = pgTable(
  'surveyor_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyorId: uuid('surveyor_id')
      .notNull()
      .references(() => surveyors.profileId, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('surveyor_hours_surveyor_idx').on(t.surveyorId, t.weekday),
    check('surveyor_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'surveyor_hours_range_check',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
)

/** A surveyor's day off (Europe/London date). */
export const surveyorDaysOff = pgTable(
  'surveyor_days_off',
  {
    surveyorId: uuid('surveyor_id')
      .notNull()
      .references(() => surveyors.profileId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyorId, t.day] })],
)

/**
 * A survey visit booked from a move. `blocked_until` = ends_at + the surveyor's travel buffer: the
 * range the exclusion constraint keeps free of other live bookings of the same surveyor. Price is
 * copied from the product at booking (pence including VAT).
 */
export const surveyBookings = pgTable(
  'survey_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    surveyorId: uuid('surveyor_id')
      .notNull()
      .references(() => surveyors.profileId, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => surveyProducts.id, { onDelete: 'restrict' }),
    bookedBy: uuid('booked_by').references(() => profiles.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    pricePence: integer('price_pence').notNull(),
    status: text('status').notNull().default('booked'),
    reportDocumentId: uuid('report_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** iCalendar SEQUENCE: bumped on every reschedule or cancellation. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who paid the fee at booking, through which provider, its reference (null: booked before payment at booking). */
    paidBy: uuid('paid_by').references(() => profiles.id, { onDelete: 'set null' }),
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The terms of engagement the booker accepted: their version, their exact text and when. */
    termsVersion: text('terms_version'),
    termsText: text('terms_text'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** When the surveyor marked the attached report ready to release (their check before the buyer sees it). */
    readyToReleaseAt: timestamp('ready_to_release_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_bookings_tx_idx').on(t.transactionId, t.startsAt),
    index('survey_bookings_org_start_idx').on(t.organizationId, t.startsAt),
    check('survey_bookings_status_check', checkSql`status in ${inList(BOOKING_STATUSES)}`),
    check('survey_bookings_range_check', sql`${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.blockedUntil}`),
  ],
)

/**
 * What the surveyor's firm is paid for a survey, recorded by the platform from the buyer's payment
 * (surveyPayoutAmounts, src/shared/domain/surveys.ts): the fee paid (VAT included) split into ex VAT
 * and VAT, the platform fee on the ex-VAT part, and what is paid out. Held from booking until the
 * report is released, then transferred through the payments provider. Pence.
 */
export const surveyPayouts = pgTable(
  'survey_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => surveyBookings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    feePence: integer('fee_pence').notNull(),
    feeExVatPence: integer('fee_ex_vat_pence').notNull().default(0),
    vatPence: integer('vat_pence').notNull().default(0),
    /** Who paid the fee (the booker who paid by card). */
    paidBy: uuid('paid_by').references(() => profiles.id, { onDelete: 'set null' }),
    platformFeePence: integer('platform_fee_pence').notNull(),
    netPence: integer('net_pence').notNull(),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('survey_payouts_booking_key').on(t.bookingId),
    index('survey_payouts_org_idx').on(t.organizationId, t.createdAt),
    check('survey_payouts_status_check', checkSql`status in ${inList(PAYOUT_STATUSES)}`),
    check(
      'survey_payouts_amounts_check',
      sql`${t.netPence} = ${t.feePence} - ${t.platformFeePence} and ${t.platformFeePence} >= 0`,
    ),
    check('survey_payouts_vat_check', sql`${t.feeExVatPence} + ${t.vatPence} = ${t.feePence}`),
  ],
)

/**
 * Where a survey firm works: the postcode districts (outward codes, upper case) it covers. The
 * booking page offers a firm only for a property in one of them (coversPostcode); a firm with no row
 * covers nowhere.
 */
export const surveyCoverage = pgTable(
  'survey_coverage',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    districts: text('districts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_coverage_districts_idx').using('gin', t.districts)],
)
