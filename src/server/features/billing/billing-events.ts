/**
 * Billing events in the audit trail: the firm's (checkout started, subscribed, a payment declined or
 * abandoned, seats changed or refused, cancelled, resumed) as `firm.billing_*` security events on the
 * account of the person who acted, shown on the firm's Activity page (firms/list-firm-events.ts); and a
 * refused payments webhook (bad signature, replay) counted in partner_webhook_refusals per source and
 * minute (`payments.webhook_refused`), not a security event each.
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

/** The longest sender's `webhook-id` kept (Standard Webhooks ids are `msg_` and a few dozen characters). */
export const REFUSED_ID_MAX = 64

/**
 * Counts a refused payments webhook (401 or 409), outside the refused request's own transaction: one
 * row per source address and minute (table partner_webhook_refusals), its count raised by each
 * refusal and the last one's facts kept, the sender's id cut to REFUSED_ID_MAX characters and the
 * reason to 200. Unauthenticated senders therefore cannot grow the database by more than a small row
 * per address and minute (security battery 2026-12, L1).
 */
export async function recordWebhookRefusal(
  database: Database,
  detail: { provider: string; webhook_id: string | null; reason: string; source: string | null },
): Promise<void> {
  const webhookId = detail.webhook_id === null ? null : Array.from(detail.webhook_id).slice(0, REFUSED_ID_MAX).join('')
  const reason = Array.from(detail.reason).slice(0, 200).join('')
  const source = (detail.source || 'unknown').slice(0, 64)
  await database.db.execute(sql`insert into partner_webhook_refusals as r
      (kind, source, minute, count, provider, last_webhook_id, last_reason)
    values ('payments.webhook_refused', ${source}, date_trunc('minute', now()), 1, ${detail.provider.slice(0, 64)},
      ${webhookId}, ${reason})
    on conflict (kind, source, minute) do update set count = r.count + 1, provider = excluded.provider,
      last_webhook_id = excluded.last_webhook_id, last_reason = excluded.last_reason, last_at = now()`)
}
