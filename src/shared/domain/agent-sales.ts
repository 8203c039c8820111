/**
 * A sale an estate agent creates at sold subject to contract (SSTC; issue 40 item 1): the buyer's
 * position, how the purchase is funded, who receives the memorandum of sale and when its timeline
 * task may be ticked, and who a chaser goes to. Pure; the server is the gate
 * (features/portfolio), the web app uses the same words.
 */
import { participantRoleLabel } from './roles'

/** The buyer's position, as agents record it at SSTC. */
export const BUYER_POSITIONS = ['first_time_buyer', 'chain_free', 'sale_to_complete'] as const
export type BuyerPosition = (typeof BUYER_POSITIONS)[number]

export const BUYER_POSITION_LABELS: Record<BuyerPosition, string> = {
  first_time_buyer: 'First-time buyer',
  chain_free: 'Chain-free (nothing to sell)',
  sale_to_complete: 'Has a sale to complete',
}

/** How the buyer pays, as the memorandum of sale states it. */
export const FUNDING_METHODS = ['mortgage', 'cash'] as const
export type FundingMethod = (typeof FUNDING_METHODS)[number]
export const FUNDING_LABELS: Record<FundingMethod, string> = {
  mortgage: 'Mortgage (with a deposit)',
  cash: 'Cash (no mortgage)',
}

/** Who the memorandum of sale goes to, in the order it names them. */
export const MEMORANDUM_RECIPIENT_ROLES = ['seller', 'buyer', 'seller_conveyancer', 'buyer_conveyancer'] as const
export type MemorandumRecipientRole = (typeof MEMORANDUM_RECIPIENT_ROLES)[number]

/** Both conveyancers must receive the memorandum before its task is ticked. */
export const MEMORANDUM_TICK_ROLES = ['seller_conveyancer', 'buyer_conveyancer'] as const

/**
 * Whether sending the memorandum to `sentToRoles` ticks "Memorandum of sale sent to both sides and
 * their conveyancers": only when both conveyancers (on Homeward or recorded off it) received it.
 */
export function memorandumTicksTask(sentToRoles: readonly string[]): boolean {
  return MEMORANDUM_TICK_ROLES.every((r) => sentToRoles.includes(r))
}

/**
 * Why the memorandum's task stays open after a send, in words the agent can act on, or null when it
 * ticks: "It did not go to the buyer's conveyancer, so its task stays open. Record them on the sale
 * and send it again."
 */
export function memorandumOpenReason(sentToRoles: readonly string[]): string | null {
  const missing = MEMORANDUM_TICK_ROLES.filter((r) => !sentToRoles.includes(r))
  if (missing.length === 0) return null
  const who = missing.map((r) => `the ${participantRoleLabel(r).toLowerCase()}`)
  return `It did not go to ${who.join(' or ')}, so its task stays open. Record ${missing.length === 1 ? 'them' : 'both'} on the sale and send it again.`
}

/**
 * Who a chaser about a task goes to, in order of preference, from the task's owner on the timeline: a
 * side's task (paying search fees, giving the DIP, instructing a conveyancer) goes to that side's
 * client, else their conveyancer; a role's task to that role. The estate agent's own tasks and tasks
 * with no owner are not chased (null).
 */
export function chaseRolesFor(ownerSide: string | null | undefined): string[] | null {
  switch (ownerSide) {
    case 'buyer_side':
      return ['buyer', 'buyer_conveyancer']
    case 'seller_side':
      return ['seller', 'seller_conveyancer']
    case 'buyer':
    case 'seller':
    case 'buyer_conveyancer':
    case 'seller_conveyancer':
    case 'mortgage_broker':
    case 'surveyor':
      return [ownerSide]
    default:
      return null
  }
}

/** A task may be chased again this long after the last chaser (hours). */
export const CHASE_INTERVAL_HOURS = 24
