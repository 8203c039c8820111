/**
 * The webhook outbox's writer: an audit entry whose kind maps to a webhook event type
 * (webhookEventFor: ACTIVITY_WEBHOOK_EVENTS, and matter.opened) becomes one pending delivery per enabled endpoint that subscribes to that
 * type and may see the transaction (access/api-access.ts webhookSeesTransaction) and read the entry
 * (its owner's role is in the entry's audience: access/activity.ts webhookReadsAudience, decision
 * 052: a seller's endpoint never hears of the buyer's gift declaration being signed), inserted in the
 * same database transaction as the change and its audit entry, so a delivery exists exactly when the
 * change commits (docs/decisions/008 and 032). An event about a document (payload.documentId) goes only
 * to endpoints in the document's audience (decision 051). Called by recordActivity.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { webhookEventFor } from '#shared/domain/api-access.ts'
import { webhookSeesTransaction } from '#server/access/api-access.ts'
import { webhookReadsAudience } from '#server/access/activity.ts'
import { webhookSeesDocument } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'

/**
 * The JSON text of an event, in Standard Webhooks' recommended shape:
 * `{ "type": "task.completed", "timestamp": "<ISO 8601>", "data": { ... } }`.
 */
export function eventBody(type: string, timestamp: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp, data })
}

/**
 * Queues the webhook deliveries of one audit entry; does nothing for kinds that send none. `data`
 * holds the transaction's id, the audit entry's seq and actor, and its payload (ids, hashes and
 * codes only, as the trail's own rule requires): receivers fetch the rest through the API.
 * Returns the number of deliveries queued.
 */
export async function queueWebhookEvents(
  tx: Tx,
  entry: {
    transactionId: string
    kind: string
    /** The entry's audience (shared/domain/activity-audiences.ts). */
    audience: string
    seq: number
    actorId: string | null
    createdAt: string
    payload: Record<string, unknown>
  },
): Promise<number> {
  const type = webhookEventFor(entry.kind, entry.payload)
  if (!type) return 0
  const body = eventBody(type, entry.createdAt, {
    ...entry.payload,
    transaction_id: entry.transactionId,
    activity_seq: entry.seq,
    actor_id: entry.actorId,
  })
  const res = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, event_type, transaction_id, body)
    select e.id, ${`msg_${randomUUID()}`}, ${type}, ${entry.transactionId}, ${body}
    from webhook_endpoints e
    where e.enabled and ${type} = any(e.event_types) and ${webhookSeesTransaction('e', entry.transactionId)}
      and ${webhookReadsAudience('e', entry.transactionId, entry.audience)}
      and ${typeof entry.payload.documentId === 'string' ? webhookSeesDocument('e', entry.payload.documentId) : sql`true`}
    returning id`)
  return res.rows.length
}
