/**
 * Reading and verifying a transaction's hash-chained audit trail.
 * The verifier recomputes every link in Node, independently of the SQL function that wrote it
 * (homeward_activity_hash_v2, migration 0010), checks the chain against the signed checkpoints and
 * names the first link that does not hold. Canonical forms: ./audit-canonical.ts.
 */
import type { AuditEntry, AuditVerifyResponse } from '#shared/contracts/activity.ts'
import { canSeeTransactionSql, visibleTransactionIdsSql } from '#server/access/transactions.ts'
import { activityReadableSql, viewerRoleOnTransactionSql } from '#server/access/activity.ts'
import { notFound } from '../errors'
import type { Viewer } from '#server/auth/viewer.ts'
import { parseJsonText, type Database } from '#server/db/client.ts'
import { auditKeyId, checkpointSignatureValid, entryHash, redactedSummaryHash, summaryDigest } from './audit-canonical'
import { auditSigningKey } from './audit-signing'

/** Most entries one page of the trail returns. */
export const AUDIT_PAGE_MAX = 200

/**
 * The trail newest first, `limit` entries (1..200) before seq `beforeSeq` when given, of the entries
 * the viewer may read (access/activity.ts: the entry's audience, decision 052). 404 when not visible.
 */
export async function listAuditTrail(opts: {
  database: Database
  viewer: Viewer
  txId: string
  limit: number
  beforeSeq?: number
}): Promise<AuditEntry[]> {
  const json = await opts.database.queryJson<AuditEntry[]>(
    'audit_trail',
    `select coalesce(json_agg(json_build_object('id', e.id, 'seq', e.seq, 'kind', e.kind, 'summary', e.summary,
        'created_at', e.created_at, 'prev_hash', e.prev_hash, 'hash', e.hash,
        'actor', case when p.id is null then null else json_build_object('id', p.id, 'full_name', p.full_name) end)
        order by e.seq desc), '[]'::json)::text
     from (select e0.* from activity_events e0 cross join (select ${viewerRoleOnTransactionSql('$2', '$1')} as role) vr
           where e0.transaction_id = $2 and e0.transaction_id in ${visibleTransactionIdsSql('$1')}
             and ${activityReadableSql('e0', 'vr.role', '$1')}
             and ($3::int is null or e0.seq < $3::int)
           order by e0.seq desc nulls last limit $4) e
     left join profiles p on p.id = e.actor_id
     having ${canSeeTransactionSql('$1', '$2')}`,
    [opts.viewer.profileId, opts.txId, opts.beforeSeq ?? null, Math.min(Math.max(opts.limit, 1), AUDIT_PAGE_MAX)],
  )
  if (json === null) throw notFound()
  return parseJsonText(json)
}

/**
 * Walks the whole chain in seq order, recomputes each hash and checks it against the signed
 * checkpoints. Reports the first broken link: missing_hash (an entry outside the
 * chain), seq_gap (an entry removed or inserted out of order), prev_hash_mismatch (links re-ordered
 * or one removed), hash_mismatch (an entry edited, or its actor changed), summary_mismatch (the
 * wording changed without a signed redaction), bad_signature (a checkpoint not made with the
 * server's key), checkpoint_mismatch (the chain was re-hashed after an edit), entries_missing (the
 * newest entries deleted), unsigned_entry (an entry the server never signed: inserted behind its
 * back). Every entry is checked, whoever asks; the answer says how many the viewer may read and
 * gives the others as links only (seq and hashes), never their contents (decision 052). 404 when
 * not visible.
 */
export async function verifyAuditTrail(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<AuditVerifyResponse> {
  const verified = await loadAndVerify(opts.database, opts.txId, opts.viewer.profileId)
  if (!verified) throw notFound()
  return verified
}

type Reason = NonNullable<AuditVerifyResponse['first_broken']>['reason']

/**
 * Reads the chain and its checkpoints and verifies them; null when the viewer may not see the
 * transaction. Both reads embed the access check: the entries come from a one-row guard left-joined
 * to the trail, so no row at all is "not visible" and a row without an entry is "visible, empty trail".
 */
async function loadAndVerify(database: Database, txId: string, viewerId: string): Promise<AuditVerifyResponse | null> {
  const key = auditSigningKey()
  const guard = `and ${canSeeTransactionSql('$2', '$1')}`
  const params = [txId, viewerId]
  const joined = await database.query<{
    id: string
    seq: number | null
    kind: string
    actor_id: string | null
    actor_ref: string | null
    us: string
    summary: string
    summary_salt: string | null
    summary_digest: string | null
    payload_text: string
    prev_hash: string | null
    hash: string | null
    readable: boolean
  }>(
    `select e.id, e.seq, e.kind, e.actor_id::text, e.actor_ref::text,
       (extract(epoch from e.created_at) * 1000000)::bigint::text as us,
       e.summary, e.summary_salt, e.summary_digest, e.payload::text as payload_text, e.prev_hash, e.hash,
       ${activityReadableSql('e', 'g.role', '$2')} as readable
     from (select ${viewerRoleOnTransactionSql('$1', '$2')} as role where true ${guard}) g
     left join activity_events e on e.transaction_id = $1
     order by e.seq nulls last, e.created_at, e.id`,
    params,
  )
  if (joined.length === 0) return null
  const rows = joined.filter((r) => r.id !== null)
  const checkpoints = await database.query<{
    seq: number
    head_hash: string
    us: string
    key_id: string
    signature: string
  }>(
    `select seq, head_hash, (extract(epoch from signed_at) * 1000000)::bigint::text as us, key_id, signature
     from audit_checkpoints where transaction_id = $1 ${guard} order by seq`,
    params,
  )
  const head = rows.length ? rows[rows.length - 1].hash : null
  let signedSeq: number | null = null
  const hidden = rows.filter((r) => !r.readable)
  const result = (first: { id: string | null; seq: number | null; reason: Reason } | null): AuditVerifyResponse => ({
    intact: first === null,
    entries: rows.length,
    visible_entries: rows.length - hidden.length,
    hidden_links: hidden.flatMap((r) =>
      r.seq !== null && r.hash ? [{ seq: r.seq, prev_hash: r.prev_hash, hash: r.hash }] : [],
    ),
    // An entry kept from the viewer is named by its place only.
    first_broken: first && { ...first, id: rows.find((r) => r.id === first.id)?.readable ? first.id : null },
    head,
    signed_seq: signedSeq,
  })

  // Signed checkpoints first: only those made with the server's key count.
  const bySeq = new Map<number, string>()
  let forged: number | null = null
  for (const c of checkpoints) {
    const fields = { transactionId: txId, seq: c.seq, headHash: c.head_hash, signedAtMicros: c.us }
    if (c.key_id !== auditKeyId(key) || !checkpointSignatureValid(key, fields, c.signature)) {
      forged ??= c.seq
      continue
    }
    bySeq.set(c.seq, c.head_hash)
    signedSeq = Math.max(signedSeq ?? 0, c.seq)
  }

  // Redactions vouched for by signed 'audit.redacted' entries: seq -> sha256 of the summary now allowed.
  const redacted = new Map<number, string>()
  let prev: string | null = null
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]
    const broken = (reason: Reason) => result({ id: r.id, seq: r.seq, reason })
    if (!r.hash || r.seq === null || !r.summary_digest) return broken('missing_hash')
    if (r.seq !== i + 1) return broken('seq_gap')
    if ((r.prev_hash ?? null) !== prev) return broken('prev_hash_mismatch')
    const expected = entryHash({
      id: r.id,
      transactionId: txId,
      seq: r.seq,
      kind: r.kind,
      actorRef: r.actor_ref,
      createdAtMicros: r.us,
      summaryDigest: r.summary_digest,
      payloadText: r.payload_text,
      prevHash: r.prev_hash,
    })
    if (expected !== r.hash || (r.actor_id !== null && r.actor_id !== r.actor_ref)) return broken('hash_mismatch')
    // A redacted summary (no salt) is checked in the second pass, against the redaction lists.
    if (r.summary_salt !== null && summaryDigest(r.summary_salt, r.summary) !== r.summary_digest) {
      return broken('summary_mismatch')
    }
    if (forged !== null && r.seq >= forged) return broken('bad_signature')
    const signedHead = bySeq.get(r.seq)
    if (signedHead !== undefined && signedHead !== r.hash) return broken('checkpoint_mismatch')
    if (signedSeq === null || r.seq > signedSeq) return broken('unsigned_entry')
    if (r.kind === REDACTION_KIND) {
      for (const [seq, hash] of redactionList(r.payload_text)) if (seq < r.seq) redacted.set(seq, hash)
    }
    prev = r.hash
  }
  // Redaction entries come after what they redact, so an earlier entry is checked against a later
  // list: a second pass over the redacted ones once every list is known.
  for (const r of rows) {
    if (r.summary_salt === null && redacted.get(r.seq!) !== redactedSummaryHash(r.summary)) {
      return result({ id: r.id, seq: r.seq, reason: 'summary_mismatch' })
    }
  }
  if (forged !== null) return result({ id: null, seq: forged, reason: 'bad_signature' })
  if (signedSeq !== null && signedSeq > rows.length) {
    return result({ id: null, seq: rows.length + 1, reason: 'entries_missing' })
  }
  return result(null)
}

/** The kind of entry that vouches for summaries rewritten by an erasure (data-rights/delete-account.ts). */
export const REDACTION_KIND = 'audit.redacted'

/** The [seq, sha256 of the new summary] pairs an 'audit.redacted' entry's payload lists. */
function redactionList(payloadText: string): [number, string][] {
  const payload: unknown = JSON.parse(payloadText)
  const entries = typeof payload === 'object' && payload !== null && 'entries' in payload ? payload.entries : undefined
  if (!Array.isArray(entries)) return []
  return entries.filter(
    (e): e is [number, string] => Array.isArray(e) && typeof e[0] === 'number' && typeof e[1] === 'string',
  )
}
