/**
 * What external partners (identity verification, open banking, sanctions screening, payments)
 * tell us by webhook: each delivery's id is recorded once, so a replayed delivery is refused
 * (providers/webhooks/provider-webhooks.ts).
 */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const providerWebhookReceipts = pgTable(
  'provider_webhook_receipts',
  {
    /** The adapter's name, e.g. 'identity-sandbox', 'open-banking-sandbox'. */
    provider: text('provider').notNull(),
    /** The delivery's `webhook-id` header (Standard Webhooks). */
    webhookId: text('webhook_id').notNull(),
    /** The event's type as the provider named it, for the log. */
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.webhookId] }),
    index('provider_webhook_receipts_received_idx').on(t.receivedAt),
  ],
)
