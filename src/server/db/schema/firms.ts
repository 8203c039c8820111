/**
 * Firms at work: who belongs to which organization (the directory's row) in which member role, the
 * firm's invitations to colleagues, and the matters a firm is instructed on (a transaction, one side,
 * one fee earner). Roles and sides from src/shared/domain/firms.ts.
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
import { MATTER_SIDES, MEMBER_ROLES } from '#shared/domain/firms.ts'
import { organizations } from './directory'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

/**
 * A person's membership of a firm. Removing someone sets `removed_at` (the row stays, so the history
 * of who held a matter stays readable); a removed member sees none of the firm's matters. A person is
 * an active member of at most one firm.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('organization_members_active_profile_key')
      .on(t.profileId)
      .where(sql`removed_at is null`),
    index('organization_members_org_idx')
      .on(t.organizationId, t.profileId)
      .where(sql`removed_at is null`),
    // A firm's first joining (its trial's start, core/entitlement.ts), removed members included:
    // one probe per firm for the Pro gate and the cases board's check (issue 43).
    index('organization_members_org_joined_idx').on(t.organizationId, t.joinedAt),
    check('organization_members_role_check', checkSql`role in ${inList(MEMBER_ROLES)}`),
  ],
)

/** A firm admin's invitation to a colleague: single-use link bound to one email, 7 days; only its hash is stored. */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased email the link is bound to. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedBy: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organization_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('organization_invitations_pending_email_key')
      .on(t.organizationId, t.email)
      .where(sql`status = 'pending'`),
    check('organization_invitations_role_check', checkSql`role in ${inList(MEMBER_ROLES)}`),
    check('organization_invitations_status_check', sql.raw(`status in ('pending', 'accepted', 'revoked')`)),
    check('organization_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/**
 * A matter: a transaction on which a firm is instructed for one side, held by one fee earner.
 * `client_name` is the name the firm was instructed by (shown until the client joins the move);
 * target dates are the firm's own plan, not the agreed dates on the transaction.
 */
export const matters = pgTable(
  'matters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    feeEarnerId: uuid('fee_earner_id').references(() => profiles.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    instructedAt: timestamp('instructed_at', { withTimezone: true }).notNull().defaultNow(),
    targetExchangeDate: date('target_exchange_date'),
    targetCompletionDate: date('target_completion_date'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The matter's progress on its timeline, kept by the database itself: statement triggers on
    // timeline_stages, tasks and matters (migration 0019, homeward_refresh_matter_progress) rewrite
    // these in the same transaction as every write to the timeline, so the cases board reads them
    // instead of aggregating every matter's stages and tasks on each request.
    /** Name of the first stage not completed; null when every stage is. */
    currentStage: text('current_stage'),
    /** That stage is blocked. */
    currentStageBlocked: boolean('current_stage_blocked').notNull().default(false),
    /** The first open task of the firm's side (stage order, then task order). */
    nextTaskId: uuid('next_task_id'),
    nextTaskTitle: text('next_task_title'),
    /** When a task of the matter was last ticked. */
    lastTickedAt: timestamp('last_ticked_at', { withTimezone: true }),
    // Kept by the database too (migration 0021): statement triggers on transaction_participants,
    // profiles (name changes), activity_events and messages, so the board reads one row per matter.
    /** Names of the people on the move in the matter's side (joined order); null until one joins. */
    clientNames: text('client_names').array(),
    /** The latest audit entry or chat message of the move (ticks are in last_ticked_at). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    // Copied from the move by the database (migration 0039, so the board's statement reads no other
    // table per matter): a BEFORE trigger on matters fills them when a matter is made or moved, and
    // triggers on properties, transactions and profiles follow later changes in the same transaction.
    /** The property's address lines joined by ', '; null only while the move has no property. */
    address: text('address'),
    /** The property's postcode. */
    postcode: text('postcode'),
    /** The move's status (transactions.status). */
    transactionStatus: text('transaction_status'),
    /** The fee earner's full name (profiles.full_name). */
    feeEarnerName: text('fee_earner_name'),
    // The matter's cases-board row as JSON text in four fixed pieces, written by a BEFORE trigger on
    // matters from the row's own columns (migration 0043) whenever the matter is made or changed,
    // which every trigger above does by updating the matter: the board splices the per-request
    // parts between them (next task due, days since instruction, SLA, unread count). Timestamps are
    // written in UTC. Never set by the app.
    /** [head up to `"next_task_due":`, instructed and target dates up to `"sla":`, last activity up to `"unread_messages":`, fee earner and the closing brace]. */
    boardRowJson: text('board_row_json').array(),
    /** The firm's own file reference for the matter (its case-management system's); unique in the firm. */
    reference: text('reference'),
  },
  (t) => [
    // One firm per side of a move.
    uniqueIndex('matters_tx_side_key').on(t.transactionId, t.side),
    index('matters_org_instructed_idx').on(t.organizationId, t.instructedAt, t.id),
    index('matters_fee_earner_idx').on(t.feeEarnerId),
    uniqueIndex('matters_org_reference_key').on(t.organizationId, t.reference),
    check('matters_reference_length', sql`${t.reference} is null or char_length(${t.reference}) between 1 and 40`),
    check('matters_side_check', checkSql`side in ${inList(MATTER_SIDES)}`),
    check('matters_client_name_length', sql`char_length(${t.clientName}) between 1 and 200`),
    check(
      'matters_target_dates_order',
      sql`${t.targetExchangeDate} is null or ${t.targetCompletionDate} is null or ${t.targetExchangeDate} <= ${t.targetCompletionDate}`,
    ),
  ],
)

/**
 * Unread chat messages on a matter's move for each current member of the firm instructed on it:
 * messages by others, not deleted, after the member last read their thread (thread_reads). Kept by
 * the database (migration 0039): statement triggers on messages, thread_reads, matters and
 * organization_members recount the pairs a write touches, in the same transaction, so the cases
 * board reads one row per matter for its viewer instead of counting messages on every request.
 */
export const matterUnread = pgTable(
  'matter_unread',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.transactionId] }), check('matter_unread_count', sql`${t.unread} >= 0`)],
)
