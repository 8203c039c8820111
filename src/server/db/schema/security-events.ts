/**
 * Security events: sign-in success and failure, sign-out, password changes and
 * session revocations (MFA changes later), each with time, client IP and user agent. The person sees
 * their own in account settings. Append-only: triggers in the migration refuse UPDATE, DELETE and
 * TRUNCATE, except an update that only erases personal data (user_id, ip, user_agent set to null),
 * which is what deleting a user's account does (the foreign key's ON DELETE SET NULL).
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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

/**
 * Refused partner webhooks (a bad signature, a replay), counted per kind, source and minute instead
 * of a security event each: the senders are unauthenticated, so one row per refusal let anyone grow
 * the database and bury real events (security battery 2026-12, L1). One upsert per refusal
 * (features/billing/billing-events.ts `recordWebhookRefusal`); the last refusal's facts are kept,
 * with the sender's `webhook-id` cut to 64 characters and the reason (our own message) to 200.
 */
export const partnerWebhookRefusals = pgTable(
  'partner_webhook_refusals',
  {
    /** e.g. 'payments.webhook_refused'. */
    kind: text('kind').notNull(),
    /** The client address the refusals came from (auth/client-info.ts), or 'unknown'. */
    source: text('source').notNull(),
    /** The minute they arrived in (date_trunc('minute', now())). */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    /** The partner's key, e.g. 'payments:sandbox'. */
    provider: text('provider').notNull(),
    lastWebhookId: text('last_webhook_id'),
    lastReason: text('last_reason').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.source, t.minute] }),
    index('partner_webhook_refusals_minute_idx').on(t.minute),
    check('partner_webhook_refusals_kind_length', sql`char_length(${t.kind}) between 1 and 64`),
    check('partner_webhook_refusals_source_length', sql`char_length(${t.source}) between 1 and 64`),
    check('partner_webhook_refusals_provider_length', sql`char_length(${t.provider}) between 1 and 64`),
    check('partner_webhook_refusals_id_length', sql`char_length(${t.lastWebhookId}) <= 64`),
    check('partner_webhook_refusals_reason_length', sql`char_length(${t.lastReason}) <= 200`),
  ],
)
