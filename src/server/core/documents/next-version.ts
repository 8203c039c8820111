/**
 * The version number a new file of a move's folder gets: one more than the highest stored under the
 * same folder and filename, 1 for a new name. Callers hold the lock that orders concurrent writers
 * of one move (the transaction row, or the signature request), so two files never take one number.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '#server/db/client.ts'
import { Int8, oneRow } from '#server/db/rows.ts'

/** The next version of `filename` in `folder` of move `txId`, inside the caller's database transaction. */
export async function nextDocumentVersion(
  tx: Tx,
  file: { txId: string; folder: string; filename: string },
): Promise<number> {
  const next = await tx.execute(sql`select coalesce(max(version), 0) + 1 as v from documents
    where transaction_id = ${file.txId} and folder = ${file.folder} and filename = ${file.filename}`)
  return Number(oneRow(z.object({ v: Int8 }), next).v)
}
