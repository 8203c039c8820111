/**
 * The audit signing key and the signed checkpoints of each chain. The key comes
 * from config (AUDIT_SIGNING_KEY, or DATA_DIR/audit-signing-key made on first start) and is held in
 * this process only: the database the application writes never sees it. One key per process, set at
 * start by startServer (and by the test app). See docs/decisions/012-audit-chain.md.
 */
import { sql } from 'drizzle-orm'
import type { Database, Tx } from '#server/db/client.ts'
import { auditKeyId, signCheckpoint } from './audit-canonical'

let signingKey: string | null = null

/** Sets the process's audit signing key (at least 32 characters). */
export function configureAuditSigning(key: string): void {
  if (key.length < 32) throw new Error('The audit signing key must be at least 32 characters')
  signingKey = key
}

/** The configured key; throws when startServer (or the test app) has not set one. */
export function auditSigningKey(): string {
  if (!signingKey) throw new Error('No audit signing key: call configureAuditSigning at start')
  return signingKey
}

/**
 * Writes the signed checkpoint of a chain whose head is now (seq, headHash), inside the caller's
 * database transaction, so an entry and its checkpoint commit together or not at all.
 */
export async function writeCheckpoint(tx: Tx, c: { transactionId: string; seq: number; headHash: string }) {
  const key = auditSigningKey()
  const signedAtMs = Date.now()
  const signature = signCheckpoint(key, { ...c, signedAtMicros: String(signedAtMs * 1000) })
  await tx.execute(sql`
    insert into audit_checkpoints (transaction_id, seq, head_hash, signed_at, key_id, signature)
    values (${c.transactionId}, ${c.seq}, ${c.headHash}, ${new Date(signedAtMs).toISOString()}::timestamptz,
            ${auditKeyId(key)}, ${signature})`)
}

/**
 * Signs the chain heads left by migration 0010 (entries written before checkpoints existed), once:
 * each head still at the recorded (seq, hash) gets a checkpoint and its row is removed. A head that
 * no longer matches is left unsigned, so the verifier reports it. Returns how many were signed.
 */
export async function signUnsignedChainHeads(database: Database): Promise<number> {
  const heads = await database.query<{ transaction_id: string; seq: number; head_hash: string }>(
    'select transaction_id, seq, head_hash from audit_unsigned_heads',
  )
  let signed = 0
  for (const h of heads) {
    await database.db.transaction(async (tx) => {
      const match = await tx.execute(sql`
        select 1 from activity_events e
         where e.transaction_id = ${h.transaction_id} and e.seq = ${h.seq} and e.hash = ${h.head_hash}
           and not exists (select 1 from audit_checkpoints c where c.transaction_id = e.transaction_id and c.seq = e.seq)`)
      if (match.rows.length) {
        await writeCheckpoint(tx, { transactionId: h.transaction_id, seq: h.seq, headHash: h.head_hash })
        signed++
      }
      await tx.execute(sql`delete from audit_unsigned_heads where transaction_id = ${h.transaction_id}`)
    })
  }
  return signed
}
