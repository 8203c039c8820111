/**
 * Marks a move changed now (transactions.updated_at): after any change to it that is not a tick
 * (tickTask touches the move itself). The dashboard orders moves by it and the cases board's
 * "last activity" reads it.
 */
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { transactions } from '#server/db/schema/index.ts'

/** Sets the move's updated_at to now() inside the caller's database transaction. */
export async function touchTransaction(tx: Tx, txId: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ updatedAt: sql`now()` })
    .where(eq(transactions.id, txId))
}
