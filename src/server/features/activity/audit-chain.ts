/**
 * Reading and verifying a transaction's hash-chained audit trail (issue 5, part 7). The verifier
 * recomputes every link in Node, independently of the SQL function that wrote it
 * (homeward_activity_hash, migration 0004), and names the first link that does not hold.
 */
import { createHash } from 'node:crypto'
import type { AuditEntry, AuditVerifyResponse } from '../../../shared/contracts/documents'
import { assertCanSeeTransaction, visibleTransactionIdsSql } from '../../access/transactions'
import type { Viewer } from '../../auth/viewer'
import type { Database } from '../../db/client'

/** Most entries one page of the trail returns. */
export const AUDIT_PAGE_MAX = 200

/**
 * SHA-256 (hex) of one link: 'homeward-audit-v1', transaction id, seq, kind, actor ref ('' when
 * none), created_at in epoch ms, payload as PostgreSQL prints jsonb, previous hash ('' for the
 * first), joined by '\n'. Must match SQL homeward_activity_hash exactly.
 */
export function auditLinkHash(e: {
  transactionId: string
  seq: number
  kind: string
  actorRef: string | null
  createdAtMs: string
  payloadText: string
  prevHash: string | null
}): string {
  return createHash('sha256')
    .update(
      [
        'homeward-audit-v1',
        e.transactionId,
        String(e.seq),
        e.kind,
        e.actorRef ?? '',
        e.createdAtMs,
        e.payloadText,
        e.prevHash ?? '',
      ].join('\n'),
      'utf8',
    )
    .digest('hex')
}

/** The trail newest first, `limit` entries (1..200) before seq `beforeSeq` when given. 404 when not visible. */
export async function listAuditTrail(opts: {
  database: Database
  viewer: Viewer | null
  txId: string
  limit: number
  beforeSeq?: number
}): Promise<AuditEntry[]> {
  await assertCanSeeTransaction(opts.database, opts.viewer, opts.txId)
  const json = await opts.database.queryJson(
    'audit_trail',
    `select coalesce(json_agg(json_build_object('id', e.id, 'seq', e.seq, 'kind', e.kind, 'summary', e.summary,
        'created_at', e.created_at, 'prev_hash', e.prev_hash, 'hash', e.hash,
        'actor', case when p.id is null then null else json_build_object('id', p.id, 'full_name', p.full_name) end)
        order by e.seq desc), '[]'::json)::text
     from (select * from activity_events e0
           where e0.transaction_id = $2 and e0.transaction_id in ${visibleTransactionIdsSql('$1')}
             and ($3::int is null or e0.seq < $3::int)
           order by e0.seq desc nulls last limit $4) e
     left join profiles p on p.id = e.actor_id`,
    [opts.viewer!.profileId, opts.txId, opts.beforeSeq ?? null, Math.min(Math.max(opts.limit, 1), AUDIT_PAGE_MAX)],
  )
  return JSON.parse(json ?? '[]') as AuditEntry[]
}

/**
 * Walks the whole chain in seq order and recomputes each hash. Reports the first broken link:
 * missing_hash (an entry outside the chain), seq_gap (an entry removed or inserted out of order),
 * prev_hash_mismatch (links re-ordered or one removed), hash_mismatch (an entry edited). 404 when not visible.
 */
export async function verifyAuditTrail(opts: {
  database: Database
  viewer: Viewer | null
  txId: string
}): Promise<AuditVerifyResponse> {
  await assertCanSeeTransaction(opts.database, opts.viewer, opts.txId)
  const rows = await opts.database.query<{
    id: string
    seq: number | null
    kind: string
    actor_ref: string | null
    ms: string
    payload_text: string
    prev_hash: string | null
    hash: string | null
  }>(
    `select id, seq, kind, actor_ref::text, floor(extract(epoch from created_at) * 1000)::bigint::text as ms,
       payload::text as payload_text, prev_hash, hash
     from activity_events where transaction_id = $1 order by seq nulls last, created_at, id`,
    [opts.txId],
  )
  let prev: string | null = null
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]
    const broken = (reason: NonNullable<AuditVerifyResponse['first_broken']>['reason']) => ({
      intact: false,
      entries: rows.length,
      first_broken: { id: r.id, seq: r.seq, reason },
      head: rows[rows.length - 1].hash,
    })
    if (!r.hash || r.seq === null) return broken('missing_hash')
    if (r.seq !== i + 1) return broken('seq_gap')
    if ((r.prev_hash ?? null) !== prev) return broken('prev_hash_mismatch')
    const expected = auditLinkHash({
      transactionId: opts.txId,
      seq: r.seq,
      kind: r.kind,
      actorRef: r.actor_ref,
      createdAtMs: r.ms,
      payloadText: r.payload_text,
      prevHash: r.prev_hash,
    })
    if (expected !== r.hash) return broken('hash_mismatch')
    prev = r.hash
  }
  return { intact: true, entries: rows.length, first_broken: null, head: prev }
}
