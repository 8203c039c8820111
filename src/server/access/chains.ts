/**
 * Who sees what of a property chain (docs/decisions/030-chains.md). Anyone who may see a move
 * (access/transactions.ts) sees its chain; of every other move in the chain they see only what the
 * chain needs: town and postcode district, current stage, progress, status, target dates and whether
 * (and since when) it is blocked. Never its people, full address, block reason, documents or chat:
 * those stay behind `canSeeTransactionSql`, so a party on one link gets the usual 404 on another
 * link's documents, people and messages. Links are asked and answered by the sides they join:
 * `mayAskLink` and `mayConfirmLink` below. Permission names: `create:chain-link:party`,
 * `update:chain-link:other-side`, `create:chain-dates:conveyancer`, `update:chain-dates:conveyancer`.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { chainPlace, isMovingLink } from '#shared/domain/chains.ts'
import type { Viewer } from '../auth/viewer'
import type { Tx } from '../db/client'
import { firstRow, rows } from '../db/rows'
import { canSeeTransactionRow, viewerRole } from './sql-fragments'

/** The seller's side of a move that may speak for the link from it onward: the seller and their conveyancer. */
const SELLING = ['seller', 'seller_conveyancer']
/** The buyer's side of a move that may speak for the link to the sale below it: the buyer and their conveyancer. */
const BUYING = ['buyer', 'buyer_conveyancer']

/**
 * Whether someone holding `hereRole` on the move they ask from and `thereRole` on the other move may
 * ask for the link: onward, the seller here is the buyer there (or the conveyancer acting on both);
 * previous, the buyer here is the seller there. `thereRole` null: they cannot see the other move.
 */
export function mayAskLink(direction: 'onward' | 'previous', hereRole: string, thereRole: string | null): boolean {
  if (thereRole === null) return false
  return direction === 'onward'
    ? SELLING.includes(hereRole) && BUYING.includes(thereRole)
    : BUYING.includes(hereRole) && SELLING.includes(thereRole)
}

/**
 * Whether `role` on the move a link names (the one it was not asked from) may confirm or decline it:
 * the other side of that move. A link asked onward names a purchase, whose seller's side confirms;
 * a link asked from above names a sale, whose buyer's side confirms. When nobody of that side is on
 * Homeward (`sideOnHomeward` false: a seller off Homeward at the top of a chain), a conveyancer on
 * that move confirms it instead, other than the person who asked (`askedByViewer`): the move's
 * conveyancer knows which sale the purchase depends on, and a second person checks the link.
 */
export function mayConfirmLink(
  targetIsUpper: boolean,
  role: string | null,
  { sideOnHomeward = true, askedByViewer = false }: { sideOnHomeward?: boolean; askedByViewer?: boolean } = {},
): boolean {
  if (role === null) return false
  if (targetIsUpper ? SELLING.includes(role) : BUYING.includes(role)) return true
  return !sideOnHomeward && !askedByViewer && (role === 'buyer_conveyancer' || role === 'seller_conveyancer')
}

/**
 * Whether anyone of the side that confirms a link on `targetId` is on Homeward: its seller or
 * seller's conveyancer for an onward purchase (`targetIsUpper`), its buyer or buyer's conveyancer
 * for a sale below.
 */
export async function confirmingSideOnHomeward(tx: Tx, targetId: string, targetIsUpper: boolean): Promise<boolean> {
  const roles = targetIsUpper ? SELLING : BUYING
  const principal = targetIsUpper ? sql`t.seller_user_id` : sql`t.buyer_user_id`
  const res = await tx.execute(sql`
    select (${principal} is not null or exists (select 1 from transaction_participants tp
      where tp.transaction_id = t.id and tp.role in (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}))) as present
    from transactions t where t.id = ${targetId}`)
  return firstRow(z.object({ present: z.boolean() }), res)?.present ?? false
}

/** Whether `role` on the move a link was asked from may withdraw it: the side that asked. */
export function mayWithdrawLink(requestedFromIsLower: boolean, role: string | null): boolean {
  if (role === null) return false
  return requestedFromIsLower ? SELLING.includes(role) : BUYING.includes(role)
}

/** Whether a role may ask onward (a seller's side) or below (a buyer's side) at all. */
export function linkSides(role: string): { onward: boolean; previous: boolean } {
  return { onward: SELLING.includes(role), previous: BUYING.includes(role) }
}

/** The viewer's role on a move (viewerRoleSql), or null when they may not see it: never throws. */
export async function viewerRoleOn(tx: Tx, viewer: Viewer, txId: string): Promise<string | null> {
  const res = await tx.execute(sql`
    select ${viewerRole('t', 'v.vid')} as role
    from transactions t cross join (select ${viewer.profileId}::uuid as vid) v where t.id = ${txId}`)
  return firstRow(z.object({ role: z.string().nullable() }), res)?.role ?? null
}

/** One move of a chain as the viewer may see it: the redacted fields always, the private ones only when on it. */
export interface ChainMoveRow {
  id: string
  /** The viewer may open this move (every other field below `place` is shared with the chain). */
  canOpen: boolean
  place: string
  address: string | null
  status: string
  stage: string | null
  progress: number
  targetExchangeDate: string | null
  targetCompletionDate: string | null
  blocked: { stage: string; since: string; reason: string | null } | null
}

/** A row of readChainMoves: dates as text, `blocked_since` as ISO text (to_char). */
const RawMove = z.object({
  id: z.string(),
  can_open: z.boolean(),
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  status: z.string(),
  stage: z.string().nullable(),
  progress: z.number(),
  exchange_date: z.string().nullable(),
  completion_date: z.string().nullable(),
  blocked_stage: z.string().nullable(),
  blocked_since: z.string().nullable(),
  blocked_reason: z.string().nullable(),
})

/**
 * The moves `ids` as the viewer may see them, in the order given (one statement). The full address
 * and the block's reason are read for every move but kept only where the viewer may open the move.
 */
export async function readChainMoves(tx: Tx, viewer: Viewer, ids: readonly string[]): Promise<ChainMoveRow[]> {
  if (ids.length === 0) return []
  const res = await tx.execute(sql`
    select t.id, t.status, t.exchange_date::text as exchange_date, t.completion_date::text as completion_date,
      -- coalesce: a move with no buyer or seller on Homeward (a null id) makes the rule null, not false.
      coalesce(${canSeeTransactionRow('t', 'v.vid')}, false) as can_open,
      p.address_lines, p.postcode,
      (select s.stage_name from timeline_stages s where s.transaction_id = t.id and s.status <> 'completed'
        order by s.sort_index limit 1) as stage,
      coalesce((select round(avg(s.percent_complete))::int from timeline_stages s where s.transaction_id = t.id), 0) as progress,
      b.stage_name as blocked_stage, b.blocked_at as blocked_since, b.blocked_reason
    from transactions t cross join (select ${viewer.profileId}::uuid as vid) v
    left join properties p on p.transaction_id = t.id
    left join lateral (select s.stage_name, s.blocked_reason,
        to_char(coalesce(s.blocked_at, s.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as blocked_at
      from timeline_stages s where s.transaction_id = t.id and s.status = 'blocked'
      order by coalesce(s.blocked_at, s.updated_at), s.sort_index limit 1) b on true
    where t.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)
  const byId = new Map(rows(RawMove, res).map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    const lines = r.address_lines ?? []
    return [
      {
        id,
        canOpen: r.can_open,
        place: chainPlace(lines, r.postcode ?? ''),
        address: r.can_open ? [...lines, r.postcode].filter(Boolean).join(', ') : null,
        status: r.status,
        stage: r.stage,
        progress: r.progress,
        targetExchangeDate: r.exchange_date,
        targetCompletionDate: r.completion_date,
        blocked:
          r.blocked_stage && r.blocked_since
            ? { stage: r.blocked_stage, since: r.blocked_since, reason: r.can_open ? r.blocked_reason : null }
            : null,
      },
    ]
  })
}

/** Whether a move may still join or change a chain: on its way to exchange (draft or active). */
export function mayJoinChain(status: string): boolean {
  return isMovingLink(status)
}
