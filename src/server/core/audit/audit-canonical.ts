/**
 * The audit chain's canonical serialisations (docs/decisions/012-audit-chain.md).
 * Entry hash and summary digest must match SQL homeward_activity_hash_v2 and
 * homeward_activity_summary_digest (migration 0010) byte for byte; checkpoint signatures are made and
 * checked only here, with a key the database never sees.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** sha256 hex of 'homeward-audit-summary-v1', salt and summary joined by '\n'. */
export function summaryDigest(salt: string, summary: string): string {
  return sha256(['homeward-audit-summary-v1', salt, summary].join('\n'))
}

/** sha256 hex of a redacted summary as listed in an 'audit.redacted' entry's payload. */
export function redactedSummaryHash(summary: string): string {
  return sha256(summary)
}

/**
 * SHA-256 (hex) of one entry: 'homeward-audit-v2', id, transaction id, seq, kind, actor ref ('' when
 * none), created_at in epoch microseconds, summary digest, payload as PostgreSQL prints jsonb, previous
 * hash ('' for the first), joined by '\n'. No field can hold a newline, so the joining is unambiguous.
 */
export function entryHash(e: {
  id: string
  transactionId: string
  seq: number
  kind: string
  actorRef: string | null
  createdAtMicros: string
  summaryDigest: string
  payloadText: string
  prevHash: string | null
}): string {
  return sha256(
    [
      'homeward-audit-v2',
      e.id,
      e.transactionId,
      String(e.seq),
      e.kind,
      e.actorRef ?? '',
      e.createdAtMicros,
      e.summaryDigest,
      e.payloadText,
      e.prevHash ?? '',
    ].join('\n'),
  )
}

/** What a checkpoint signs: the chain (transaction id), its length, its head hash and when, in µs. */
export interface CheckpointFields {
  transactionId: string
  seq: number
  headHash: string
  signedAtMicros: string
}

function checkpointMessage(c: CheckpointFields): string {
  return ['homeward-audit-checkpoint-v1', c.transactionId, String(c.seq), c.headHash, c.signedAtMicros].join('\n')
}

/** Names a key without revealing it: the first 16 hex of sha256('homeward-audit-key-id\n' + key). */
export function auditKeyId(key: string): string {
  return sha256(`homeward-audit-key-id\n${key}`).slice(0, 16)
}

/** HMAC-SHA256 (hex) of the checkpoint's canonical message. */
export function signCheckpoint(key: string, c: CheckpointFields): string {
  return createHmac('sha256', key).update(checkpointMessage(c), 'utf8').digest('hex')
}

/** True when `signature` is this key's HMAC of the checkpoint (constant-time comparison). */
export function checkpointSignatureValid(key: string, c: CheckpointFields, signature: string): boolean {
  const expected = Buffer.from(signCheckpoint(key, c), 'hex')
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
