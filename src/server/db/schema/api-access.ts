/**
 * The open API: personal access tokens and firm API keys (stored as the SHA-256 of the token only),
 * webhook endpoints (their signing secret sealed with the envelope key ring) and the webhook outbox,
 * one row per delivery of one event to one endpoint. docs/decisions/032-open-api-and-webhooks.md.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './directory'
import { profiles } from './people'
import { transactions } from './transactions'

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'personal' (acts as its owner) or 'firm' (acts as the admin who made it, while they are one). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The token's first characters, shown in lists to recognise it. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The person it acts as: its owner, or the firm admin who made a firm key. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_profile_idx').on(t.profileId, t.createdAt.desc()),
    index('api_tokens_org_idx')
      .on(t.organizationId, t.createdAt.desc())
      .where(sql`organization_id is not null`),
    check(
      'api_tokens_kind_check',
      sql`kind in ('personal', 'firm') and (kind = 'firm') = (organization_id is not null)`,
    ),
  ],
)

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    /** The Standard Webhooks signing secret (`whsec_...`), sealed (platform/encryption/envelope.ts). */
    secretSealed: text('secret_sealed').notNull(),
    /** Who registered it; for a personal endpoint, whose access decides which events it gets. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A firm's endpoint gets the events of the firm's matters. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_profile_idx').on(t.profileId),
    index('webhook_endpoints_org_idx')
      .on(t.organizationId)
      .where(sql`organization_id is not null`),
  ],
)

/** The webhook outbox: one event to one endpoint, written in the database transaction of the change. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks `webhook-id` (`msg_...`): the same for every attempt and a redelivery. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    /** The exact JSON text sent, so every attempt signs the same bytes. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    check('webhook_deliveries_status_check', sql`status in ('pending', 'succeeded', 'failed')`),
  ],
)
