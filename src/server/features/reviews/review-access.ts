/**
 * Who may review a move's professionals: its buyer or its seller (by the move's buyer and seller, or
 * a participant as buyer or seller), once it has completed. Anyone who may not see the move gets the
 * standard 404; someone on the move in another role gets 403; before completion, 409.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { canSeeTransactionRow } from '#server/access/sql-fragments.ts'

export const ReviewableMove = z.object({
  id: z.string(),
  status: z.string(),
  address: z.string(),
  completion_date: z.string().nullable(),
  is_party: z.boolean(),
  can_see: z.boolean(),
})
export type ReviewableMove = z.infer<typeof ReviewableMove>

// Who may see the move at all: the one access fragment (access/transactions.ts), firm members included.
const CAN_SEE = canSeeTransactionRow('t', 'v.vid')

/** The move if the viewer may review it, else throws 404, 403 or 409 naming the rule. */
export async function reviewableMove(tx: Tx, viewer: Viewer, txId: string): Promise<ReviewableMove> {
  const res = await tx.execute(sql`select t.id, t.status, t.completion_date::text as completion_date,
      coalesce(array_to_string(p.address_lines, ', ') || ', ' || p.postcode, 'Your move') as address,
      (t.buyer_user_id = ${viewer.profileId} or t.seller_user_id = ${viewer.profileId}
        or exists(select 1 from transaction_participants tp where tp.transaction_id = t.id
          and tp.user_id = ${viewer.profileId} and tp.role in ('buyer', 'seller'))) as is_party,
      ${CAN_SEE} as can_see
    from transactions t cross join (select ${viewer.profileId}::uuid as vid) v
    left join properties p on p.transaction_id = t.id
    where t.id = ${txId}`)
  const move = firstRow(ReviewableMove, res)
  if (!move || !move.can_see) throw notFound()
  if (!move.is_party) {
    throw new AppError('forbidden', 'Only the buyer or the seller of this move can review its professionals.')
  }
  if (move.status !== 'completed') {
    throw new AppError('conflict', 'You can review the professionals on this move once it has completed.')
  }
  return move
}
