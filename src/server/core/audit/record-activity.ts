/**
 * Appends an entry to the transaction's audit trail inside the caller's database transaction, as the
 * next link of that transaction's hash chain with a signed checkpoint of the new head (issue
 * 19 item 5). The table is append-only: triggers refuse UPDATE, DELETE and TRUNCATE (migrations 0004
 * and 0010), and on PostgreSQL the application's role has no such rights on it. Each entry is also announced to the
 * transaction's live event stream at commit, with its `seq` as the stream's event id, and, when its
 * kind is a webhook event, queued to the webhook endpoints that may see the move (api-access).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  activityAudienceOf,
  type ActivityAudience,
  type ActivityKind,
  type ActivitySide,
  type ClientFirmKind,
} from '#shared/domain/activity-audiences.ts'
import type { Tx } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import { announce } from '#server/platform/realtime/announce.ts'
import { transactionTopic } from '#server/platform/realtime/realtime-hub.ts'
import { summaryDigest } from './audit-canonical'
import { queueWebhookEvents } from './queue-webhook-events'
import { writeCheckpoint } from './audit-signing'

/** Advisory lock class for "append to one transaction's audit chain" (the second key is hashtext(txId)). */
const AUDIT_CHAIN_LOCK = 4_242_005

/** What an entry is about, for its audience (shared/domain/activity-audiences.ts, decision 052). */
type AudienceOf =
  | {
      kind: Exclude<ActivityKind, ClientFirmKind>
      side?: undefined
      /** A narrower audience than the kind's, for an entry about a restricted subject (a gift's document). */
      audience?: ActivityAudience | null
    }
  | {
      kind: ClientFirmKind
      /** The side of the client the entry is about: its firm is the audience. */
      side: ActivitySide
      audience?: undefined
    }

/** One audit entry as a writer describes it. */
export type ActivityEvent = AudienceOf & {
  transactionId: string
  actorId: string | null
  summary: string
  payload?: Record<string, unknown>
  /** Client address of the request, when known. */
  ip?: string | null
}

/**
 * Writes one audit entry and the chain's signed checkpoint. Concurrent writers to the same transaction
 * queue on a transaction-scoped advisory lock, so each entry gets the next `seq` and the previous
 * entry's hash. The hash is SQL function homeward_activity_hash_v2 over every shown field (id,
 * transaction, seq, kind, actor, created_at, the summary's salted digest, payload, previous hash;
 * migration 0010); only `ip` is left out. `payload` must hold ids, hashes and codes, never names or
 * emails: it cannot be erased. The entry's audience (who may read it) is the kind's, from
 * ACTIVITY_KIND_RULES, stored with it and passed to the live stream and the webhook outbox, which
 * filter on it. Throws (a bug) for a client-firm kind without `side`, or a widening `audience`.
 * Returns the entry's seq.
 */
export async function recordActivity(tx: Tx, event: ActivityEvent): Promise<number> {
  const audience = activityAudienceOf(event.kind, { side: event.side, narrowTo: event.audience })
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}, hashtext(${event.transactionId}))`)
  // created_at is truncated to milliseconds so that the hashed value and the stored one agree exactly.
  const createdAt = new Date().toISOString()
  const payload = JSON.stringify(event.payload ?? {})
  const id = randomUUID()
  const summary = event.summary.slice(0, 1000)
  const salt = randomBytes(16).toString('hex')
  const digest = summaryDigest(salt, summary)
  const res = await tx.execute(sql`
    insert into activity_events (id, transaction_id, actor_id, actor_ref, kind, summary, summary_salt, summary_digest,
      payload, created_at, seq, prev_hash, hash, ip, audience)
    select ${id}, ${event.transactionId}, ${event.actorId}, ${event.actorId}, ${event.kind}, ${summary}, ${salt}, ${digest},
      ${payload}::jsonb, ${createdAt}::timestamptz, n.seq, n.prev_hash,
      homeward_activity_hash_v2(${id}::uuid, ${event.transactionId}::uuid, n.seq, ${event.kind}, ${event.actorId}::uuid,
        ${createdAt}::timestamptz, ${digest}, ${payload}::jsonb, n.prev_hash),
      ${event.ip ?? null}, ${audience}
    from (select coalesce((select seq from activity_events where transaction_id = ${event.transactionId}
                           order by seq desc nulls last limit 1), 0) + 1 as seq,
                 (select hash from activity_events where transaction_id = ${event.transactionId}
                           order by seq desc nulls last limit 1) as prev_hash) n
    returning seq, hash`)
  const { seq, hash } = oneRow(z.object({ seq: z.number(), hash: z.string() }), res)
  await writeCheckpoint(tx, { transactionId: event.transactionId, seq, headHash: hash })
  await announce(tx, {
    topic: transactionTopic(event.transactionId),
    data: {
      seq,
      kind: event.kind,
      actor_id: event.actorId,
      created_at: createdAt,
      payload: event.payload ?? {},
      audience,
    },
  })
  // The webhook outbox: the entries that are webhook events, for the endpoints that may see this move.
  await queueWebhookEvents(tx, {
    transactionId: event.transactionId,
    kind: event.kind,
    audience,
    seq,
    actorId: event.actorId,
    createdAt,
    payload: event.payload ?? {},
  })
  return seq
}
