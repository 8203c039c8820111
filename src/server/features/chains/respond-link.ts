/**
 * POST .../chain/links/{linkId}/confirm and .../decline: the other side of the move a pending link
 * names confirms or declines it (a conveyancer on that move when nobody of that side is on
 * Homeward, `mayConfirmLink`); the side that asked may withdraw it (decline). Confirming checks the
 * rules again (both moves still on their way, no loop) under the chain write lock, then tells every
 * party of the chain it made; declining tells the side that asked. 404 for a link that is not on
 * `txId` or a viewer not on `txId`, 403 for anyone else, 409 for a link no longer pending.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { linkRefusal } from '#shared/domain/chains.ts'
import { transactionStatusLabel } from '#shared/domain/statuses.ts'
import {
  confirmingSideOnHomeward,
  mayConfirmLink,
  mayJoinChain,
  mayWithdrawLink,
  viewerRoleOn,
} from '#server/access/chains.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { connectedEdges, lockChains, lockMoves, placeOf } from './chain-graph'
import { notifyChain } from './notify-chain'

const LinkRow = z.object({
  id: z.string(),
  lower: z.string(),
  upper: z.string(),
  requested_from: z.string(),
  requested_by: z.string().nullable(),
  status: z.string(),
})

export async function respondToChainLink(opts: {
  database: Database
  viewer: Viewer
  txId: string
  linkId: string
  confirm: boolean
  notify: NotificationDelivery
}): Promise<{ id: string; status: 'confirmed' | 'declined' }> {
  const { viewer, txId, linkId } = opts
  return opts.database.db.transaction(async (tx) => {
    await lockChains(tx)
    await readViewerRole(tx, viewer, txId)
    const res = await tx.execute(sql`
      select id, lower_transaction_id as lower, upper_transaction_id as upper, requested_from, requested_by, status
      from chain_links where id = ${linkId} and ${txId} in (lower_transaction_id, upper_transaction_id) for update`)
    const link = firstRow(LinkRow, res)
    if (!link) throw notFound('chain link')
    const target = link.requested_from === link.lower ? link.upper : link.lower
    const confirmer = mayConfirmLink(target === link.upper, await viewerRoleOn(tx, viewer, target), {
      sideOnHomeward: await confirmingSideOnHomeward(tx, target, target === link.upper),
      askedByViewer: link.requested_by === viewer.profileId,
    })
    const asker = mayWithdrawLink(
      link.requested_from === link.lower,
      await viewerRoleOn(tx, viewer, link.requested_from),
    )
    requirePermission(
      'update:chain-link:other-side',
      opts.confirm ? confirmer : confirmer || asker,
      opts.confirm
        ? `Only the ${target === link.upper ? 'seller' : 'buyer'} on the other move (or their conveyancer) can confirm this link; while nobody of that side is on Homeward, a conveyancer on that move other than whoever asked.`
        : 'Only the people this link joins can decline or withdraw it.',
    )
    if (link.status !== 'pending') {
      throw new AppError('conflict', `This link was already ${link.status}: reload the chain to see where it stands.`)
    }
    if (opts.confirm) {
      const statuses = await lockMoves(tx, [link.lower, link.upper])
      for (const [id, status] of statuses) {
        if (!mayJoinChain(status)) {
          throw new AppError(
            'conflict',
            `The move at ${await placeOf(tx, id)} is ${transactionStatusLabel(status).toLowerCase()}, so it can no longer join a chain. Decline the link instead.`,
          )
        }
      }
      const others = [
        ...(await connectedEdges(tx, link.lower, ['pending', 'confirmed'])),
        ...(await connectedEdges(tx, link.upper, ['pending', 'confirmed'])),
      ].filter((e) => e.id !== link.id)
      const refusal = linkRefusal(others, link.lower, link.upper)
      if (refusal) throw new AppError('conflict', refusal)
    }
    const status = opts.confirm ? 'confirmed' : 'declined'
    await tx.execute(sql`update chain_links set status = ${status}, responded_by = ${viewer.profileId},
      responded_at = now(), version = version + 1 where id = ${link.id}`)
    const lowerPlace = await placeOf(tx, link.lower)
    const upperPlace = await placeOf(tx, link.upper)
    for (const [moveId, place] of [
      [link.lower, upperPlace],
      [link.upper, lowerPlace],
    ] as const) {
      await recordActivity(tx, {
        transactionId: moveId,
        actorId: viewer.profileId,
        kind: opts.confirm ? 'chain.link_confirmed' : 'chain.link_declined',
        summary: `${opts.confirm ? 'confirmed' : 'declined'} the chain link with the move at ${place}`,
        payload: { linkId: link.id },
      })
    }
    await notifyChain(tx, {
      txId: link.lower,
      actorId: viewer.profileId,
      title: opts.confirm
        ? `Your chain now joins ${lowerPlace} and ${upperPlace}`
        : `A chain link was declined: ${lowerPlace} and ${upperPlace}`,
      body: opts.confirm
        ? 'Open the chain to see every move from the first buyer to the top of the chain.'
        : 'The two moves are not linked. Whoever asked can ask again if it was a mistake.',
      // Declined: only the two moves hear it; confirmed: the whole chain it made.
      only: opts.confirm ? undefined : [link.lower, link.upper],
      notify: opts.notify,
    })
    return { id: link.id, status }
  })
}
