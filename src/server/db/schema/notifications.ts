/**
 * Notifications: the in-app bell's entries, each person's email choices per kind (with an
 * optional daily digest instead of instant mail), and buyers' and sellers' requests for an update.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS, type NotificationKind } from '#shared/domain/chat.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** One line, e.g. 'Sam Buyer mentioned you in General'. */
    title: text('title').notNull(),
    /** A short excerpt or detail. */
    body: text('body'),
    /** Same-origin path to open, e.g. '/app/transactions/{id}?tab=chat&thread={threadId}'. */
    link: text('link').notNull(),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when this notification went out as instant email or in a digest. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('notifications_profile_unread_idx')
      .on(t.profileId)
      .where(sql`read_at is null`),
    check('notifications_kind_check', checkSql`kind in ${inList(NOTIFICATION_KINDS)}`),
    check('notifications_link_check', sql`${t.link} like '/%' and ${t.link} not like '//%'`),
  ],
)

/** Email choices: `email` maps each notification kind to true/false (missing = true); `digest` batches them daily. */
export const notificationSettings = pgTable('notification_settings', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  email: jsonb('email').notNull().default({}),
  digest: boolean('digest').notNull().default(false),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const updateRequests = pgTable(
  'update_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a conveyancer on the requester's side replies in chat. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('update_requests_tx_requester_idx').on(t.transactionId, t.requestedBy, t.createdAt.desc()),
    check('update_requests_note_length', sql`${t.note} is null or char_length(${t.note}) <= 1000`),
  ],
)
