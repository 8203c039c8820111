/**
 * Billing events in the audit trail: the firm's (checkout started, subscribed, a payment declined or
 * abandoned, seats changed or refused, cancelled, resumed) as `firm.billing_*` security events on the
 * account of the person who acted, shown on the firm's Activity page (firms/list-firm-events.ts); and a
 * refused payments webhook (bad signature, replay) as `payments.webhook_refused` with no person.
 */
import { sql } from 'drizzle-orm'
import type { SecurityEventKind } from '#shared/contracts/account.ts'
import type { Database, Tx } from '#server/db/client.ts'

export type BillingEventKind = Extract<SecurityEventKind, `firm.billing_${string}`>

/** Appends a firm billing event for the profile `actorProfileId` (null when a webhook did it alone). */
export async function recordBillingEvent(
  tx: Tx | Database['db'],
  options: {
    actorProfileId: string | null
    kind: BillingEventKind
    organizationId: string
    firmName: string
    detail?: Record<string, unknown>
  },
): Promise<void> {
  const detail = JSON.stringify({ organization_id: options.organizationId, firm: options.firmName, ...options.detail })
  await tx.execute(sql`insert into security_events (user_id, kind, detail)
    values ((select auth_id from profiles where id = ${options.actorProfileId}), ${options.kind}, ${detail}::jsonb)`)
}

/** Records a refused payments webhook (401 or 409) outside the refused request's own transaction. */
export async function recordWebhookRefusal(
  database: Database,
  detail: { provider: string; webhook_id: string | null; reason: string },
): Promise<void> {
  await database.db.execute(sql`insert into security_events (user_id, kind, detail)
    values (null, 'payments.webhook_refused', ${JSON.stringify(detail)}::jsonb)`)
}
