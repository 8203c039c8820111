/**
 * The transaction aggregate: a move from offer accepted to completion, with its property, timeline
 * stages and tasks, participants and documents (its messages are in chat.ts). spec: Entities; statuses in States and transitions;
 * stage names from ../shared/domain/conveyancing.md.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  DOCUMENT_FOLDERS,
  STAGE_STATUSES,
  TASK_STATUSES,
  TENURES,
  TRANSACTION_STATUSES,
  type DocumentFolder,
  type StageStatus,
  type TaskStatus,
  type Tenure,
  type TransactionStatus,
} from '#shared/domain/statuses.ts'
import { NATIONS, type Nation } from '#shared/domain/nations.ts'
import { PARTICIPANT_ROLES, type ParticipantRole } from '#shared/domain/roles.ts'
import { DOCUMENT_AUDIENCES, type DocumentAudience } from '#shared/domain/document-audiences.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<TransactionStatus>().notNull().default('draft'),
    buyerUserId: uuid('buyer_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    sellerUserId: uuid('seller_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Agreed price in pence (GBP). */
    agreedPricePence: bigint('agreed_price_pence', { mode: 'number' }),
    exchangeDate: date('exchange_date'),
    completionDate: date('completion_date'),
    cancelledReason: text('cancelled_reason'),
    /** Set when a party archived the move after it ended (completed or cancelled); it stays readable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Optimistic concurrency: bumped on every change to the row. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_buyer_created_idx').on(t.buyerUserId, t.createdAt.desc()),
    index('transactions_seller_created_idx').on(t.sellerUserId, t.createdAt.desc()),
    index('transactions_created_idx').on(t.createdAt.desc()),
    check('transactions_status_check', checkSql`status in ${inList(TRANSACTION_STATUSES)}`),
    check('transactions_price_check', sql`${t.agreedPricePence} is null or ${t.agreedPricePence} >= 0`),
    check('transactions_cancelled_reason_length', sql`char_length(${t.cancelledReason}) <= 2000`),
  ],
)

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    addressLines: text('address_lines').array().notNull(),
    /** Normalised UK postcode, e.g. 'AL3 5AF'. */
    postcode: text('postcode').notNull(),
    /** Unique Property Reference Number: 1 to 12 digits. */
    uprn: text('uprn'),
    tenure: text('tenure').$type<Tenure>(),
    titleNumber: text('title_number'),
    /**
     * England or Wales: which land tax (SDLT or LTT), which tax return task and the PDTF homeNation.
     * From the address lookup or the person's answer where the postcode district straddles the
     * border, else from the postcode (shared/domain/nations.ts). Rows before it were England or Wales
     * by postcode area, filled so by the migration.
     */
    nation: text('nation').$type<Nation>().notNull().default('england'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('properties_transaction_id_key').on(t.transactionId),
    check('properties_nation_check', checkSql`nation in ${inList(NATIONS)}`),
    check('properties_uprn_check', sql`${t.uprn} is null or ${t.uprn} ~ '^[0-9]{1,12}$'`),
    check('properties_tenure_check', checkSql`tenure is null or tenure in ${inList(TENURES)}`),
    check('properties_postcode_length', sql`char_length(${t.postcode}) between 5 and 8`),
    check('properties_address_lines_count', sql`cardinality(${t.addressLines}) between 1 and 6`),
  ],
)

export const timelineStages = pgTable(
  'timeline_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    stageName: text('stage_name').notNull(),
    sortIndex: integer('sort_index').notNull(),
    status: text('status').$type<StageStatus>().notNull().default('not_started'),
    percentComplete: integer('percent_complete').notNull().default(0),
    blockedReason: text('blocked_reason'),
    /** Who marked the stage blocked and when: shown as 'Blocked by <name> on <date>'. */
    blockedBy: uuid('blocked_by').references(() => profiles.id, { onDelete: 'set null' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timeline_stages_tx_sort_key').on(t.transactionId, t.sortIndex),
    check('timeline_stages_status_check', checkSql`status in ${inList(STAGE_STATUSES)}`),
    check('timeline_stages_percent_check', sql`${t.percentComplete} between 0 and 100`),
    check('timeline_stages_blocked_reason_check', sql`(${t.status} = 'blocked') = (${t.blockedReason} is not null)`),
  ],
)

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => timelineStages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('not_completed'),
    sortIndex: integer('sort_index').notNull(),
    /** Who ticks it: 'buyer_side', 'seller_side' or a participant role. */
    ownerSide: text('owner_side'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => profiles.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tasks_stage_sort_key').on(t.stageId, t.sortIndex),
    check('tasks_status_check', checkSql`status in ${inList(TASK_STATUSES)}`),
    check('tasks_title_length', sql`char_length(${t.title}) between 1 and 300`),
  ],
)

export const transactionParticipants = pgTable(
  'transaction_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').$type<ParticipantRole>().notNull(),
    invitedBy: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * Who made this appointment (decision 014): the inviter when they could appoint the role, the
     * client (or their conveyancer) who accepted a proposal, the firm's member who opened the matter
     * or handed it on. Null for rows that predate the record and for the move's own creator.
     */
    appointedBy: uuid('appointed_by').references(() => profiles.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_participants_tx_user_key').on(t.transactionId, t.userId),
    index('transaction_participants_user_idx').on(t.userId, t.transactionId),
    // An estate agency's sales named by its firm (access/firms.ts agencySaleIdsSql): one probe per
    // firm, so an agent's dashboard reads its agency's rows, not every participant (issue 43).
    index('transaction_participants_agency_idx')
      .on(t.organizationId, t.transactionId)
      .where(sql`role = 'estate_agent'`),
    check('transaction_participants_role_check', checkSql`role in ${inList(PARTICIPANT_ROLES)}`),
  ],
)

/**
 * The dashboard card's nested parts of each move, as ready-made JSON (`json`, kept verbatim, never
 * jsonb), so the dashboard statement copies them instead of building 22 moves x (8 stages + 4
 * participants + the property) objects per request (docs/decisions/039-dashboard-card-json.md).
 * Kept by the database (migration 0042): AFTER statement triggers on properties, timeline_stages and
 * transaction_participants rebuild the part of the moves a write touches, in the same transaction,
 * whichever code path writes. The property is null when the move has none, a list `[]` when empty;
 * a move without a row here reads as having none of the three (null, [], []).
 * - property: `{"address_lines" : [...], "postcode" : "..."}` (json_build_object's text)
 * - timeline_stages: `[{"status", "percent_complete", "stage_name"}]` by sort_index
 * - transaction_participants: `[{"user_id", "role"}]` by created_at, id
 */
export const transactionCards = pgTable('transaction_cards', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => transactions.id, { onDelete: 'cascade' }),
  property: json('property'),
  timelineStages: json('timeline_stages'),
  transactionParticipants: json('transaction_participants'),
})

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    folder: text('folder').$type<DocumentFolder>().notNull(),
    version: integer('version').notNull().default(1),
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** This version replaces the previous one because that one had an error (document accuracy). */
    correctsError: boolean('corrects_error').notNull().default(false),
    /**
     * Who may see this document (decision 051): one of DOCUMENT_AUDIENCES, e.g. 'everyone',
     * 'buyer_side', 'buyer_and_conveyancer', 'buyer_mortgage', 'buyer_funds'. Chosen at upload (its
     * kind's default otherwise: src/shared/domain/document-audiences.ts) and filtered by
     * access/transactions.ts documentAudienceSql on every read.
     */
    audience: text('audience').$type<DocumentAudience>().notNull(),
  },
  (t) => [
    index('documents_tx_folder_idx').on(t.transactionId, t.folder, t.filename, t.version.desc()),
    uniqueIndex('documents_tx_folder_name_version_key').on(t.transactionId, t.folder, t.filename, t.version),
    check('documents_folder_check', checkSql`folder in ${inList(DOCUMENT_FOLDERS)}`),
    check('documents_version_check', sql`${t.version} >= 1`),
    check('documents_audience_check', checkSql`audience in ${inList(DOCUMENT_AUDIENCES)}`),
    check('documents_filename_length', sql`char_length(${t.filename}) between 1 and 255`),
    check('documents_size_check', sql`${t.sizeBytes} is null or ${t.sizeBytes} >= 0`),
  ],
)
