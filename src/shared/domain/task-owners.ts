/**
 * Who may tick a task, given who is on the move: one rule, shown on the task, for tasks whose owner
 * is not on the move, so every move can reach 100%. Pure: the server's authorisation
 * (update-task.ts) and the timeline's checkboxes both call `taskOwnership`, so what the screen
 * offers is exactly what the server accepts.
 *
 * The rule, from how a sale runs in England and Wales: every task belongs to one side of the sale.
 * A task owned by a professional (estate agent, mortgage broker, surveyor, either conveyancer) is
 * ticked by that professional when they are on the move, and by nobody else, so nobody's work
 * changes behind their back. When that professional is not on the move, ONE named stand-in of the
 * same side ticks it: the side's conveyancer if on the move (they receive the memorandum of sale,
 * the mortgage offer and the completion monies), else the side's own buyer or seller (a private
 * sale, a mortgage arranged directly with the lender, a buyer not yet represented). So the estate
 * agent's tasks fall to the seller's conveyancer or the seller; the broker's and the surveyor's to
 * the buyer's conveyancer or the buyer; a conveyancer's to their client. 'buyer_side' and
 * 'seller_side' tasks stay with that side's consumer and conveyancer.
 */
import { participantRoleLabel } from './roles'

type Side = 'buyer' | 'seller'

/** The side each professional owner works for; owners not listed have no stand-in. */
const SIDE_OF_OWNER: Record<string, Side> = {
  estate_agent: 'seller',
  seller_conveyancer: 'seller',
  mortgage_broker: 'buyer',
  surveyor: 'buyer',
  buyer_conveyancer: 'buyer',
  buyers_agent: 'buyer',
}

/** Stand-ins of a side, in order of preference: the side's conveyancer, then its buyer or seller. */
const STAND_INS: Record<Side, readonly string[]> = {
  buyer: ['buyer_conveyancer', 'buyer'],
  seller: ['seller_conveyancer', 'seller'],
}

/** How the stand-in is named on the task: "the seller's conveyancer can complete this". */
const STAND_IN_NAMES: Record<string, string> = {
  buyer_conveyancer: "the buyer's conveyancer",
  seller_conveyancer: "the seller's conveyancer",
  buyer: 'the buyer',
  seller: 'the seller',
}

export interface TaskOwnership {
  /** Participant roles that may tick the task now ([] when nobody on the move can). */
  roles: string[]
  /** The professional owner when they are not on the move (e.g. 'estate_agent'); null otherwise. */
  absentOwner: string | null
  /** The role standing in for `absentOwner`; null when the owner is present or nobody of that side is. */
  standIn: string | null
}

/**
 * Who may tick a task with `ownerSide` (tasks.owner_side) on a move whose people hold `rolesOnMove`
 * (participant roles, plus 'buyer'/'seller' for the transaction's own buyer and seller columns).
 * A null owner: the conveyancers. Rule and sources: this file's header.
 */
export function taskOwnership(ownerSide: string | null | undefined, rolesOnMove: Iterable<string>): TaskOwnership {
  const present = new Set(rolesOnMove)
  if (!ownerSide) return { roles: ['buyer_conveyancer', 'seller_conveyancer'], absentOwner: null, standIn: null }
  if (ownerSide === 'buyer_side') return { roles: ['buyer', 'buyer_conveyancer'], absentOwner: null, standIn: null }
  if (ownerSide === 'seller_side') return { roles: ['seller', 'seller_conveyancer'], absentOwner: null, standIn: null }
  if (present.has(ownerSide)) return { roles: [ownerSide], absentOwner: null, standIn: null }
  const side = SIDE_OF_OWNER[ownerSide]
  const standIn = side ? (STAND_INS[side].find((r) => r !== ownerSide && present.has(r)) ?? null) : null
  return { roles: standIn ? [standIn] : [], absentOwner: ownerSide, standIn }
}

/** True when `role` may tick the task now (`update:task:own-side`, see taskOwnership). */
export function canTickTaskOnMove(
  role: string | null | undefined,
  ownerSide: string | null | undefined,
  rolesOnMove: Iterable<string>,
): boolean {
  return !!role && taskOwnership(ownerSide, rolesOnMove).roles.includes(role)
}

/**
 * The line shown on a task whose professional owner is not on the move, e.g. "Estate agent not on
 * this move: the seller's conveyancer can complete this"; null when the owner is on the move.
 */
export function standInNote(ownership: TaskOwnership): string | null {
  if (!ownership.absentOwner) return null
  const owner = participantRoleLabel(ownership.absentOwner)
  const label = owner.charAt(0) + owner.slice(1).toLowerCase()
  if (ownership.standIn) return `${label} not on this move: ${STAND_IN_NAMES[ownership.standIn]} can complete this`
  const side = SIDE_OF_OWNER[ownership.absentOwner]
  return side
    ? `${label} not on this move: the ${side} or their conveyancer can complete this once they join`
    : `${label} not on this move: nobody on the move can complete this yet`
}

/**
 * The roles held on a move: each participant's role, plus 'buyer' and 'seller' when the transaction
 * names its buyer or seller (they may not be listed as participants).
 */
export function rolesOnMove(move: {
  buyer_user_id: string | null
  seller_user_id: string | null
  transaction_participants: ReadonlyArray<{ role: string }>
}): string[] {
  const roles = new Set(move.transaction_participants.map((p) => p.role))
  if (move.buyer_user_id) roles.add('buyer')
  if (move.seller_user_id) roles.add('seller')
  return [...roles]
}
