/**
 * POST /api/transactions/{txId}/chain/links: asks to link this move to another one the viewer is on.
 * 'onward': this move's seller buys at the other move (the viewer is this move's seller's side and
 * the other move's buyer's side); 'previous': the reverse. The link is pending until the other move's
 * other side confirms (its seller's side for an onward purchase, its buyer's side for a sale below).
 * Refused, with nothing written: 422 for a move the viewer cannot see (the same answer as for one
 * that does not exist), 403 for the wrong side, 409 for a move that has exchanged, completed or
 * fallen through, a second onward (or lower) link, or a loop (linkRefusal). Everything happens in one
 * database transaction under the chain write lock, with both moves' rows locked.
 */
import type { RequestChainLinkInput } from '#shared/contracts/chains.ts'
import { linkRefusal } from '#shared/domain/chains.ts'
import { transactionStatusLabel } from '#shared/domain/statuses.ts'
import { chainPath } from '#shared/paths.ts'
import { mayAskLink, mayJoinChain, viewerRoleOn } from '#server/access/chains.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { chainLinks } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { connectedEdges, lockChains, lockMoves, placeOf } from './chain-graph'
import { notifyLinkConfirmers } from './link-people'

export async function requestChainLink(opts: {
  database: Database
  viewer: Viewer
  txId: string
  input: { other_transaction_id: string; direction: RequestChainLinkInput['direction'] }
  notify: NotificationDelivery
}): Promise<{ id: string; status: 'pending' }> {
  const { viewer, txId, input } = opts
  const otherId = input.other_transaction_id
  return opts.database.db.transaction(async (tx) => {
    await lockChains(tx)
    const here = await lockTransactionForViewer(tx, viewer, txId)
    if (otherId === txId) throw new AppError('conflict', 'A move cannot be linked to itself: choose the other move.')
    const thereRole = otherId === txId ? here.role : await viewerRoleOn(tx, viewer, otherId)
    if (thereRole === null) {
      throw new AppError(
        'unprocessable',
        'You can only link moves you are on. Ask someone on the other move to link it from there, or to invite you to it.',
        { other_transaction_id: ['Choose one of your own moves'] },
      )
    }
    requirePermission(
      'create:chain-link:party',
      mayAskLink(input.direction, here.role, thereRole),
      input.direction === 'onward'
        ? 'Only the seller on this move (or their conveyancer), when they are the buyer on the other move, can link it onward.'
        : 'Only the buyer on this move (or their conveyancer), when they are the seller on the other move, can link the sale below it.',
    )
    const statuses = await lockMoves(tx, [txId, otherId])
    for (const [id, status] of statuses) {
      if (!mayJoinChain(status)) {
        throw new AppError(
          'conflict',
          `${id === txId ? 'This move' : 'The other move'} is ${transactionStatusLabel(status).toLowerCase()}, so it can no longer join a chain.`,
        )
      }
    }
    const [lower, upper] = input.direction === 'onward' ? [txId, otherId] : [otherId, txId]
    const edges = [
      ...(await connectedEdges(tx, lower, ['pending', 'confirmed'])),
      ...(await connectedEdges(tx, upper, ['pending', 'confirmed'])),
    ]
    const refusal = linkRefusal(edges, lower, upper)
    if (refusal) throw new AppError('conflict', refusal)
    const [row] = await tx
      .insert(chainLinks)
      .values({
        lowerTransactionId: lower,
        upperTransactionId: upper,
        requestedFrom: txId,
        requestedBy: viewer.profileId,
      })
      .returning({ id: chainLinks.id })
    const herePlace = await placeOf(tx, txId)
    const therePlace = await placeOf(tx, otherId)
    for (const [moveId, place] of [
      [txId, therePlace],
      [otherId, herePlace],
    ] as const) {
      await recordActivity(tx, {
        transactionId: moveId,
        actorId: viewer.profileId,
        kind: 'chain.link_requested',
        summary: `asked to link this move in a chain with the move at ${place}`,
        payload: { linkId: row.id },
      })
    }
    await notifyLinkConfirmers(tx, {
      linkId: row.id,
      targetId: otherId,
      targetIsUpper: otherId === upper,
      actorId: viewer.profileId,
      title: `A move asks to join your chain: ${herePlace}`,
      body: `Confirm it on the chain page if the ${otherId === upper ? 'buyer here is selling' : 'seller here is buying'} at ${herePlace}.`,
      link: chainPath(otherId),
      notify: opts.notify,
    })
    return { id: row.id, status: 'pending' as const }
  })
}
