/**
 * Security events: sign-in success and failure, sign-out, password changes and
 * session revocations (MFA changes later), each with time, client IP and user agent. The person sees
 * their own in account settings. Append-only: triggers in the migration refuse UPDATE, DELETE and
 * TRUNCATE, except an update that only erases personal data (user_id, ip, user_agent set to null),
 * which is what deleting a user's account does (the foreign key's ON DELETE SET NULL).
 */
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth'

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Better Auth user id; null for a failed sign-in with an email that has no account, or once erased. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** e.g. 'sign_in.succeeded', 'sign_in.failed', 'password.changed', 'sessions.revoked' (src/shared/contracts/account.ts). */
    kind: text('kind').notNull(),
    /** Small facts about the event, e.g. `{ scope: 'others', count: 2 }`; never secrets or tokens. */
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A firm's activity page: its firm.* events newest first (features/firms/list-firm-events.ts).
    index('security_events_firm_created_idx')
      .on(sql`(${t.detail}->>'organization_id')`, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.kind} like 'firm.%'`),
    check('security_events_kind_length', sql`char_length(${t.kind}) between 1 and 64`),
  ],
)
