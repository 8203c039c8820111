/**
 * SLA clocks and pre-contract enquiries. A clock (src/shared/domain/sla-clocks.ts) belongs to a
 * matter and, through the conveyancer of its side, to a firm (organizations row), whose own target
 * lengths (sla_settings) replace the defaults when a clock starts. Pauses record the spans during
 * which the clock's stage was blocked. Enquiries (src/shared/domain/enquiries.ts) carry an
 * optimistic `version`, a thread of replies, linked documents and, when the seller must answer, the
 * timeline task made for them; firms keep their own standard enquiry lists.
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_MAX_CHARS,
  ENQUIRY_MESSAGE_STATES,
  ENQUIRY_STATUSES,
} from '#shared/domain/enquiries.ts'
import { SLA_CLOCK_TYPES, SLA_MAX_WORKING_DAYS, SLA_MIN_WORKING_DAYS } from '#shared/domain/sla-clocks.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { offPlatformParties } from './off-platform-parties'
import { checkSql, inList } from './sql-lists'
import { documents, tasks, timelineStages, transactions } from './transactions'

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 ... per matter, in the order raised: 'Enquiry 3'. */
    number: integer('number').notNull(),
    category: text('category').$type<(typeof ENQUIRY_CATEGORIES)[number]>().notNull(),
    body: text('body').notNull(),
    status: text('status').$type<(typeof ENQUIRY_STATUSES)[number]>().notNull().default('open'),
    raisedBy: uuid('raised_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The timeline task made for the seller from this enquiry, when the answer needs them. */
    sellerTaskId: uuid('seller_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The timeline task made for the buyer from this enquiry, when the buyer's conveyancer needs the buyer's answer. */
    buyerTaskId: uuid('buyer_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The property information form answer the enquiry is about: 'ta6:parking.controlledParking'. */
    formQuestion: text('form_question'),
    /** Optimistic concurrency: every change must name the version it read (else 409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Logged by the seller's conveyancer from an email or letter (features/enquiries/log-enquiries.ts):
     * the day it was received, how ('email' or 'letter'), who logged it, and the sender as written
     * ("Jane Smith, Smith & Co"); null for enquiries raised on Homeward.
     */
    receivedOn: date('received_on'),
    receivedVia: text('received_via').$type<'email' | 'letter'>(),
    loggedBy: uuid('logged_by').references(() => profiles.id, { onDelete: 'set null' }),
    raisedByLabel: text('raised_by_label'),
  },
  (t) => [
    check('enquiries_received_via_check', sql`${t.receivedVia} is null or ${t.receivedVia} in ('email', 'letter')`),
    uniqueIndex('enquiries_tx_number_key').on(t.transactionId, t.number),
    check('enquiries_category_check', checkSql`category in ${inList(ENQUIRY_CATEGORIES)}`),
    check('enquiries_status_check', checkSql`status in ${inList(ENQUIRY_STATUSES)}`),
    check('enquiries_body_length', checkSql`char_length(body) between 1 and ${ENQUIRY_MAX_CHARS}`),
  ],
)

export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    /** 'reply' from the seller's conveyancer, 'further_enquiry' from the buyer's. */
    kind: text('kind').$type<'reply' | 'further_enquiry'>().notNull(),
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A reply sent through an emailed reply link by a firm not on Homeward (docs/decisions/054): the
     * off-platform party it came from, and its name as recorded then ("Jane Smith, Smith & Co"), kept
     * when the record changes or goes. Null for replies written on Homeward (author_id says who).
     */
    authorPartyId: uuid('author_party_id').references(() => offPlatformParties.id, { onDelete: 'set null' }),
    authorLabel: text('author_label'),
    /**
     * 'sent': part of the thread; 'draft': made from a client's answer in their task, read only by the
     * conveyancer of the message's side until they send it (it becomes 'sent') or discard it
     * (src/shared/domain/enquiries.ts ENQUIRY_MESSAGE_STATES).
     */
    state: text('state').$type<(typeof ENQUIRY_MESSAGE_STATES)[number]>().notNull().default('sent'),
    /** The client's task whose answer made this draft: one answer per task. */
    clientTaskId: uuid('client_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The client who answered, and their words as they sent them (the conveyancer may edit `body`). */
    clientId: uuid('client_id').references(() => profiles.id, { onDelete: 'set null' }),
    clientBody: text('client_body'),
  },
  (t) => [
    index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.createdAt),
    uniqueIndex('enquiry_replies_client_task_key')
      .on(t.clientTaskId)
      .where(sql`client_task_id is not null`),
    check('enquiry_replies_kind_check', sql`${t.kind} in ('reply', 'further_enquiry')`),
    check('enquiry_replies_state_check', checkSql`state in ${inList(ENQUIRY_MESSAGE_STATES)}`),
    check('enquiry_replies_body_length', checkSql`char_length(body) between 1 and ${ENQUIRY_MAX_CHARS}`),
  ],
)

export const enquiryDocuments = pgTable(
  'enquiry_documents',
  {
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.enquiryId, t.documentId] })],
)

/**
 * Files attached to one message of an enquiry's thread (a reply, or a further enquiry): each is a
 * document of the matter, filed with its own audience (docs/decisions/051); the thread lists it
 * under the message to those who may read the document.
 */
export const enquiryReplyDocuments = pgTable(
  'enquiry_reply_documents',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => enquiryReplies.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.replyId, t.documentId] }),
    index('enquiry_reply_documents_document_idx').on(t.documentId),
  ],
)

/** A firm's own standard enquiries for one category, replacing Homeward's defaults for it. */
export const standardEnquiryLists = pgTable(
  'standard_enquiry_lists',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    category: text('category').$type<(typeof ENQUIRY_CATEGORIES)[number]>().notNull(),
    items: text('items').array().notNull(),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.category] }),
    check('standard_enquiry_lists_category_check', checkSql`category in ${inList(ENQUIRY_CATEGORIES)}`),
  ],
)

/** A firm's own target for one clock type, replacing the default for clocks started after the change. */
export const slaSettings = pgTable(
  'sla_settings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clockType: text('clock_type').$type<(typeof SLA_CLOCK_TYPES)[number]>().notNull(),
    workingDays: integer('working_days').notNull(),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.clockType] }),
    check('sla_settings_clock_type_check', checkSql`clock_type in ${inList(SLA_CLOCK_TYPES)}`),
    check(
      'sla_settings_working_days_check',
      checkSql`working_days between ${SLA_MIN_WORKING_DAYS} and ${SLA_MAX_WORKING_DAYS}`,
    ),
  ],
)

export const slaClocks = pgTable(
  'sla_clocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The firm of the side's conveyancer when the clock started (its met share counts this clock). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    clockType: text('clock_type').$type<(typeof SLA_CLOCK_TYPES)[number]>().notNull(),
    side: text('side').$type<'buyer' | 'seller'>().notNull(),
    /** The stage whose block pauses the clock. */
    stageId: uuid('stage_id').references(() => timelineStages.id, { onDelete: 'set null' }),
    /** For 'enquiry_replies': the enquiry waiting for its reply. */
    enquiryId: uuid('enquiry_id').references((): AnyPgColumn => enquiries.id, { onDelete: 'cascade' }),
    targetWorkingDays: integer('target_working_days').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Stopped without its event (the enquiry was withdrawn): neither met nor missed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set once each alert went out, so each transition notifies once. */
    dueSoonNotifiedAt: timestamp('due_soon_notified_at', { withTimezone: true }),
    breachedNotifiedAt: timestamp('breached_notified_at', { withTimezone: true }),
    // Milestones of an open clock (clockMilestones in src/shared/domain/sla-clocks.ts, England and
    // Wales working days), written by refreshClockMilestones whenever its start, target or pauses
    // change, so that its status on any later day is a comparison of dates: due soon from
    // `due_soon_on`, breached from `breached_on`. Null while paused before reaching them.
    dueSoonOn: date('due_soon_on'),
    /** The last working day allowed. */
    dueOn: date('due_on'),
    /** The first working day that breaches the target. */
    breachedOn: date('breached_on'),
    /** The clock has an open pause (its stage is blocked). */
    paused: boolean('paused').notNull().default(false),
    /** Fingerprint of the inputs the milestones were computed from; null: not computed yet. */
    milestonesKey: text('milestones_key'),
    /**
     * When the periodic alert check (core/clocks/check-clocks.ts) must next look at this clock:
     * the London midnight of its next milestone, at once when it stopped, null when no alert can
     * come (alerted breached, cancelled, paused before its milestones). Kept by NEXT_ALERT_AT
     * (core/clocks/clock-alert-due.ts) wherever a clock starts, stops, reopens, alerts or has its
     * milestones stored; the job finds due clocks by sla_clocks_alert_due_idx, never by a scan.
     */
    alertDueAt: timestamp('alert_due_at', { withTimezone: true }).default(sql`'-infinity'::timestamptz`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sla_clocks_alert_due_idx')
      .on(t.alertDueAt)
      .where(sql`alert_due_at is not null`),
    index('sla_clocks_tx_idx').on(t.transactionId, t.clockType),
    index('sla_clocks_running_idx')
      .on(t.transactionId)
      .where(sql`stopped_at is null`),
    index('sla_clocks_org_closed_idx')
      .on(t.organizationId)
      .where(sql`stopped_at is not null and cancelled_at is null`),
    index('sla_clocks_enquiry_idx').on(t.enquiryId),
    uniqueIndex('sla_clocks_tx_type_key')
      .on(t.transactionId, t.clockType)
      .where(sql`enquiry_id is null`),
    check('sla_clocks_clock_type_check', checkSql`clock_type in ${inList(SLA_CLOCK_TYPES)}`),
    check('sla_clocks_side_check', sql`${t.side} in ('buyer', 'seller')`),
    check('sla_clocks_target_check', sql`${t.targetWorkingDays} >= 1`),
    check('sla_clocks_stop_check', sql`${t.stoppedAt} is null or ${t.stoppedAt} >= ${t.startedAt}`),
  ],
)

/**
 * Matters whose SLA clocks may need starting, stopping or pausing because their tasks, stages or
 * conveyancers changed: queued by the statement triggers of the migration 'sla-clock-jobs' in the
 * writing transaction, taken (for update skip locked) and synced by the periodic clock check
 * (core/clocks/check-clocks.ts), so that the check costs what changed, not every live matter.
 */
export const slaClockSyncQueue = pgTable('sla_clock_sync_queue', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => transactions.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
})

export const slaClockPauses = pgTable(
  'sla_clock_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clockId: uuid('clock_id')
      .notNull()
      .references(() => slaClocks.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
  },
  (t) => [
    index('sla_clock_pauses_clock_idx').on(t.clockId, t.pausedAt),
    uniqueIndex('sla_clock_pauses_open_key')
      .on(t.clockId)
      .where(sql`resumed_at is null`),
  ],
)
