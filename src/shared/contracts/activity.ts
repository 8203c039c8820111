/**
 * The audit trail of a transaction: who did what and when, each entry linked to
 * the one before by its hash, with the chain's verifier. `kind` ('task.completed', 'document.viewed')
 * is an open set: the trail is append-only and outlives the code that wrote it, so an entry written
 * by an older or newer version keeps its kind, and readers show what they do not know as it is.
 */
import { z } from 'zod'
import { Person, Timestamp, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json } from './endpoint'

/** One entry of the transaction's audit trail as the transaction detail shows it: who changed what, when. */
export const ActivityEvent = z.object({
  id: Uuid,
  kind: z.string(),
  summary: z.string(),
  actor: Person.nullable(),
  created_at: Timestamp,
})
export type ActivityEvent = z.infer<typeof ActivityEvent>

/** One audit entry with its place in the hash chain. */
export const AuditEntry = z.object({
  id: Uuid,
  seq: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  created_at: Timestamp,
  actor: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  prev_hash: z.string().nullable(),
  hash: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/transactions/{txId}/activity?limit=&before_seq=: a page of the trail, newest first. */
export const AuditTrailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before_seq: z.coerce.number().int().min(1).optional(),
})

/** GET /api/transactions/{txId}/activity: the audit trail, newest first. */
export const AuditTrailResponse = z.object({ entries: z.array(AuditEntry) })
export type AuditTrailResponse = z.infer<typeof AuditTrailResponse>

/**
 * GET /api/transactions/{txId}/activity/verify: walks the whole chain from the first entry, every
 * entry whoever asks, and says which of them the viewer may read (decision 052).
 */
export const AuditVerifyResponse = z.object({
  intact: z.boolean(),
  /** Every entry in the chain, those kept from the viewer included: all were checked. */
  entries: z.number().int(),
  /** How many of them the viewer may read (the trail lists these, each with its hashes). */
  visible_entries: z.number().int(),
  /**
   * The entries kept from the viewer, as links only (seq, previous hash, hash; nothing of their
   * contents), so that the listed entries and these together show the chain unbroken.
   */
  hidden_links: z.array(z.object({ seq: z.number().int(), prev_hash: z.string().nullable(), hash: z.string() })),
  /**
   * The first link that does not verify, or null when intact. `id` is null when the entry is gone
   * (entries_missing: a signed checkpoint names a seq the chain no longer reaches) or kept from the viewer.
   */
  first_broken: z
    .object({
      id: Uuid.nullable(),
      seq: z.number().int().nullable(),
      reason: z.enum([
        'hash_mismatch',
        'prev_hash_mismatch',
        'seq_gap',
        'missing_hash',
        'summary_mismatch',
        'bad_signature',
        'checkpoint_mismatch',
        'entries_missing',
        'unsigned_entry',
      ]),
    })
    .nullable(),
  /** SHA-256 of the last entry: the head of the chain. */
  head: z.string().nullable(),
  /** The seq of the latest checkpoint signed with the server's key (null when none). */
  signed_seq: z.number().int().nullable(),
})
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponse>

/** The activity endpoints. */
export const activityEndpoints = {
  trail: endpoint({
    method: 'get',
    path: '/transactions/{txId}/activity',
    summary: 'The audit trail, newest first, with each entry’s place in the hash chain',
    request: { params: TransactionParams, query: AuditTrailQuery },
    responses: { 200: json('Entries', AuditTrailResponse), ...ERRORS },
  }),
  verify: endpoint({
    method: 'get',
    path: '/transactions/{txId}/activity/verify',
    summary: 'Recompute the hash chain and name the first broken link',
    request: { params: TransactionParams },
    responses: { 200: json('Result', AuditVerifyResponse), ...ERRORS },
  }),
}
