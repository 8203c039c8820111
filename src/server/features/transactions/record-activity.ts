/**
 * Appends an entry to the transaction's audit trail inside the caller's database transaction, as the
 * next link of that transaction's hash chain (issue 5). The table is append-only: triggers refuse
 * UPDATE, DELETE and TRUNCATE (migration 0004_audit-append-only). Each entry is also announced to the
 * transaction's live event stream at commit (issue 6), with its `seq` as the stream's event id.
 */
import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { announce } from '../../platform/realtime/announce'
import { transactionTopic } from '../../platform/realtime/realtime-hub'

/** Advisory lock class for "append to one transaction's audit chain" (the second key is hashtext(txId)). */
const AUDIT_CHAIN_LOCK = 4_242_005

/**
 * Writes one audit entry. Concurrent writers to the same transaction queue on a transaction-scoped
 * advisory lock, so each entry gets the next `seq` and the previous entry's hash. The hash is
 * SQL function homeward_activity_hash over references only (transaction id, seq, kind, actor id,
 * created_at in ms, payload, previous hash); `summary` and `ip` may hold personal data and are not
 * hashed, so `payload` must hold ids, hashes and codes, never names or emails. Returns the entry's seq.
 */
export async function recordActivity(
  tx: Tx,
  event: {
    transactionId: string
    actorId: string | null
    kind: string
    summary: string
    payload?: Record<string, unknown>
    /** Client address of the request, when known. */
    ip?: string | null
  },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}, hashtext(${event.transactionId}))`)
  // created_at is truncated to milliseconds so that the hashed value and the stored one agree exactly.
  const createdAt = new Date().toISOString()
  const payload = JSON.stringify(event.payload ?? {})
  const res = await tx.execute(sql`
    insert into activity_events (transaction_id, actor_id, actor_ref, kind, summary, payload, created_at, seq, prev_hash, hash, ip)
    select ${event.transactionId}, ${event.actorId}, ${event.actorId}, ${event.kind}, ${event.summary.slice(0, 1000)},
      ${payload}::jsonb, ${createdAt}::timestamptz, n.seq, n.prev_hash,
      homeward_activity_hash(${event.transactionId}::uuid, n.seq, ${event.kind}, ${event.actorId}::uuid,
        ${createdAt}::timestamptz, ${payload}::jsonb, n.prev_hash),
      ${event.ip ?? null}
    from (select coalesce((select seq from activity_events where transaction_id = ${event.transactionId}
                           order by seq desc nulls last limit 1), 0) + 1 as seq,
                 (select hash from activity_events where transaction_id = ${event.transactionId}
                           order by seq desc nulls last limit 1) as prev_hash) n
    returning seq`)
  const seq = (res.rows[0] as { seq: number }).seq
  await announce(tx, {
    topic: transactionTopic(event.transactionId),
    data: { seq, kind: event.kind, actor_id: event.actorId, created_at: createdAt, payload: event.payload ?? {} },
  })
  return seq
}
