/**
 * POST /api/transactions/{txId}/archive: a party to a move that has ended (completed or cancelled)
 * archives it, or brings it back. An archived move leaves the dashboard's list of moves for its
 * "Archived moves" and stays readable to everyone on it; the buyer's home logbook is the owner's own
 * and is not touched. 409 while the move is still going; 404 when not visible.
 */
import { eq, sql } from 'drizzle-orm'
import { canArchiveStatus } from '#shared/domain/logbook.ts'
import { transactionStatusLabel } from '#shared/domain/statuses.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { transactions } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'

export async function archiveTransaction(opts: {
  database: Database
  viewer: Viewer
  txId: string
  archived: boolean
}): Promise<{ archived_at: string | null }> {
  return opts.database.db.transaction(async (tx) => {
    const current = await lockTransactionForViewer(tx, opts.viewer, opts.txId)
    if (!canArchiveStatus(current.status)) {
      throw new AppError(
        'conflict',
        `Only a completed or cancelled move can be archived; this one is ${transactionStatusLabel(current.status).toLowerCase()}.`,
      )
    }
    const [row] = await tx
      .update(transactions)
      .set({
        archivedAt: opts.archived ? sql`coalesce(${transactions.archivedAt}, now())` : null,
        archivedBy: opts.archived ? opts.viewer.profileId : null,
        version: sql`${transactions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(transactions.id, opts.txId))
      .returning({ archivedAt: transactions.archivedAt })
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: opts.archived ? 'transaction.archived' : 'transaction.unarchived',
      summary: opts.archived ? 'archived the move' : 'brought the move back from the archive',
    })
    return { archived_at: row?.archivedAt ? new Date(row.archivedAt).toISOString() : null }
  })
}
