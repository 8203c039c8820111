/**
 * GET /api/transactions/{txId}/chain: the move's chain from the first buyer to the top, each move
 * redacted to what the chain may know unless the viewer is on it (readChainMoves), the slowest link
 * marked, each conveyancer seat of the moves the viewer is on (on Homeward or recorded as not on
 * Homeward), the links waiting for an answer, the moves the viewer could link, and the latest date
 * proposal with each move's answer. 404 for anyone who may not see the move.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ChainDateProposal, ChainView, PendingChainLink } from '#shared/contracts/chains.ts'
import { SeatHolder } from '#shared/contracts/off-platform-parties.ts'
import { chainPlace, isMovingLink, slowestLink } from '#shared/domain/chains.ts'
import { isConveyancer } from '#shared/domain/permissions.ts'
import { TRANSACTION_STATUSES } from '#shared/domain/statuses.ts'
import {
  confirmingSideOnHomeward,
  linkSides,
  mayConfirmLink,
  mayWithdrawLink,
  readChainMoves,
  viewerRoleOn,
} from '#server/access/chains.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows as parseRows } from '#server/db/rows.ts'
import { chainOf } from './chain-graph'
import { readProposal, type ProposalRead } from './proposal-rows'
import { seatHolderJsonSql } from '#server/core/off-platform-parties/list-parties.ts'
import { visibleTransactionIdArray } from '#server/access/sql-fragments.ts'

export async function getChain(opts: { database: Database; viewer: Viewer; txId: string }): Promise<ChainView> {
  const { viewer, txId } = opts
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, viewer, txId)
    const order = await chainOf(tx, txId)
    const rows = await readChainMoves(tx, viewer, order)
    const slowest = slowestLink(
      rows.map((r) => ({
        id: r.id,
        status: r.status,
        progress: r.progress,
        blockedSince: r.blocked?.since ?? null,
        targetExchangeDate: r.targetExchangeDate,
      })),
    )
    const seats = await conveyancerSeats(
      tx,
      rows.filter((r) => r.canOpen).map((r) => r.id),
    )
    const proposal = await readProposal(tx, txId)
    const current = rows.find((r) => r.id === txId)
    const moving = rows.filter((r) => isMovingLink(r.status)).length
    const hereMoving = !!current && isMovingLink(current.status)
    const pending = await pendingLinks(tx, viewer, txId)
    const live = await tx.execute(sql`select lower_transaction_id = ${txId} as is_lower from chain_links
      where status in ('pending', 'confirmed') and ${txId} in (lower_transaction_id, upper_transaction_id)`)
    const liveRows = parseRows(z.object({ is_lower: z.boolean() }), live)
    const sides = linkSides(role)
    const canLink = {
      onward: hereMoving && sides.onward && !liveRows.some((r) => r.is_lower),
      previous: hereMoving && sides.previous && !liveRows.some((r) => !r.is_lower),
    }
    return {
      transaction_id: txId,
      moves: rows.map((r, position) => ({
        position,
        is_current: r.id === txId,
        transaction_id: r.canOpen ? r.id : null,
        place: r.place,
        address: r.address,
        // access/chains.ts reads the status as text; the column's check constraint keeps it one of these.
        status: z.enum(TRANSACTION_STATUSES).parse(r.status),
        stage: r.stage,
        progress: r.progress,
        target_exchange_date: r.targetExchangeDate,
        target_completion_date: r.targetCompletionDate,
        blocked: r.blocked,
        slowest: r.id === slowest,
        date_response: proposal?.responses.get(r.id) ?? null,
        mover_answers: (proposal?.moverAnswers.get(r.id) ?? []).map((a) => ({
          role: a.role,
          suits: a.suits,
          note: a.note,
          name: r.canOpen ? a.name : null,
        })),
        buyer_conveyancer: seats.get(r.id)?.buyer_conveyancer ?? null,
        seller_conveyancer: seats.get(r.id)?.seller_conveyancer ?? null,
      })),
      pending_links: pending,
      can_link: canLink,
      linkable: canLink.onward || canLink.previous ? await linkableMoves(tx, viewer, order) : [],
      proposal: proposal ? withViewerAnswers(proposal, { viewer, txId, role }) : null,
      can_propose: isConveyancer(role) && hereMoving && moving >= 2,
    }
  })
}

/**
 * The proposal as the viewer may answer it: for the move as its conveyancer (`can_respond`, while
 * its answer is pending), or for themselves as its buyer or seller (`can_answer_as_mover`, while
 * open), with what they said.
 */
export function withViewerAnswers(
  proposal: ProposalRead,
  { viewer, txId, role }: { viewer: Viewer; txId: string; role: string },
): ChainDateProposal {
  const open = proposal.summary.status === 'open'
  const mine = proposal.moverAnswers.get(txId)?.find((a) => a.profileId === viewer.profileId)
  return {
    ...proposal.summary,
    can_respond: open && isConveyancer(role) && proposal.responses.get(txId)?.response === 'pending',
    can_answer_as_mover: open && isMover(role) && proposal.responses.has(txId),
    my_mover_answer: mine ? { suits: mine.suits, note: mine.note } : null,
  }
}

/** A buyer or seller of the move (who says whether proposed dates suit them). */
export const isMover = (role: string | null): role is 'buyer' | 'seller' => role === 'buyer' || role === 'seller'

/**
 * Who holds each conveyancer seat of the moves `ids` (those the viewer is on): on Homeward, or the
 * firm recorded as not on Homeward (core/off-platform-parties seatHolderJsonSql). One statement.
 */
async function conveyancerSeats(tx: Tx, ids: readonly string[]) {
  const out = new Map<string, { buyer_conveyancer: SeatHolder | null; seller_conveyancer: SeatHolder | null }>()
  if (ids.length === 0) return out
  const res = await tx.execute(sql`
    select t.id, ${sql.raw(seatHolderJsonSql('t.id', "'buyer_conveyancer'"))} as buyer_conveyancer,
      ${sql.raw(seatHolderJsonSql('t.id', "'seller_conveyancer'"))} as seller_conveyancer
    from transactions t where t.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)
  const Seats = z.object({
    id: z.string(),
    buyer_conveyancer: SeatHolder.nullable(),
    seller_conveyancer: SeatHolder.nullable(),
  })
  for (const r of parseRows(Seats, res)) out.set(r.id, r)
  return out
}

/** The links of `txId` still waiting for an answer, with whether the viewer may answer or withdraw each. */
async function pendingLinks(tx: Tx, viewer: Viewer, txId: string): Promise<PendingChainLink[]> {
  const res = await tx.execute(sql`
    select l.id, l.lower_transaction_id as lower, l.upper_transaction_id as upper, l.requested_from, l.requested_by,
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
      p.address_lines, p.postcode
    from chain_links l
    join properties p on p.transaction_id = case when l.lower_transaction_id = ${txId}
      then l.upper_transaction_id else l.lower_transaction_id end
    where l.status = 'pending' and ${txId} in (l.lower_transaction_id, l.upper_transaction_id)
    order by l.created_at`)
  const links = parseRows(
    z.object({
      id: z.string(),
      lower: z.string(),
      upper: z.string(),
      requested_from: z.string(),
      requested_by: z.string().nullable(),
      created_at: z.string(),
      address_lines: z.array(z.string()),
      postcode: z.string(),
    }),
    res,
  )
  const out: PendingChainLink[] = []
  for (const r of links) {
    const target = r.requested_from === r.lower ? r.upper : r.lower
    const targetRole = await viewerRoleOn(tx, viewer, target)
    const askerRole = await viewerRoleOn(tx, viewer, r.requested_from)
    out.push({
      id: r.id,
      direction: r.lower === txId ? 'onward' : 'previous',
      other_place: chainPlace(r.address_lines, r.postcode),
      requested_at: r.created_at,
      requested_here: r.requested_from === txId,
      can_respond: mayConfirmLink(target === r.upper, targetRole, {
        sideOnHomeward: await confirmingSideOnHomeward(tx, target, target === r.upper),
        askedByViewer: r.requested_by === viewer.profileId,
      }),
      can_withdraw: mayWithdrawLink(r.requested_from === r.lower, askerRole),
    })
  }
  return out
}

/** The viewer's other moves on their way to exchange, outside this chain: what they could link (at most 50). */
async function linkableMoves(tx: Tx, viewer: Viewer, chain: readonly string[]) {
  const res = await tx.execute(sql`
    select t.id as transaction_id, p.address_lines, p.postcode
    from (select ${viewer.profileId}::uuid as vid) v
    join transactions t on t.id = any(${visibleTransactionIdArray('v.vid')})
    join properties p on p.transaction_id = t.id
    where t.status in ('draft', 'active')
      and t.id not in (${sql.join(
        chain.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    order by t.created_at desc limit 50`)
  const moves = parseRows(
    z.object({ transaction_id: z.string(), address_lines: z.array(z.string()), postcode: z.string() }),
    res,
  )
  return moves.map((r) => ({
    transaction_id: r.transaction_id,
    address: [...r.address_lines, r.postcode].join(', '),
  }))
}
