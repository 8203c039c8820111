/**
 * What each participant role may do on a transaction (ours: the product spec leaves server-side
 * enforcement unspecified). The server enforces these; the web app uses the same functions only to
 * hide what a person cannot do. Names follow `action:entity:scope`.
 */
import { isJointClientRole, jointParticipantRole, participantRoleLabel, type InvitableRole } from './roles'
import type { TransactionStatus } from './statuses'
import { canTickTaskOnMove } from './task-owners'

/** What a permission lets one do; the scope says to which ones (CONVENTIONS.md: `action:entity:scope`). */
type PermissionName = `${'create' | 'read' | 'update' | 'delete'}:${string}:${string}`

/**
 * Every permission the server checks on a transaction, named `action:entity:scope` (Epic Stack's
 * convention, CONVENTIONS.md). The rule behind each is the function that names it below (or, for
 * the signing and chat ones, the use case that checks it); a refusal names its permission
 * (src/server/access/permissions.ts).
 */
export const PERMISSIONS = [
  /** Tick or untick a task your side owns: `canTickTask`. */
  'update:task:own-side',
  /** Block or clear a stage: conveyancers, `canBlockStage`. */
  'update:stage:block',
  /** Invite anyone at all to the move: a party with a side, `canInvite`. */
  'create:invitation:party',
  /** Invite this role: your own side's, or the other side's principal, `canInviteRole`; whether it appoints or only proposes: `appointmentFor` (appointments.ts). */
  'create:invitation:own-side',
  /** Accept or decline a proposed appointment: the side's client (or for some roles their conveyancer), `canDecideProposal` (appointments.ts). */
  'update:invitation-proposal:client',
  /** Re-send or withdraw a pending invitation: its sender or their side, `canManageInvitation`. */
  'delete:invitation:own-side',
  /** Edit or delete a chat message: its author, within the edit window. */
  'update:message:own',
  /** Ask your conveyancer for an update: the buyer or the seller. */
  'create:update-request:party',
  /** Sign or decline a signature request: the signers it names. */
  'update:signature-request:signer',
  /** Cancel a signature request: the person who made it. */
  'delete:signature-request:requester',
  /** Keep a buyer's mortgage case (fact find, DIPs, stages, lender pack): the move's mortgage broker, `canWorkMortgageCase`. */
  'update:mortgage-case:broker',
  /** Give the source of funds (connect a bank, state amounts, explain, add gifts): the move's buyer, `canGiveFunds`. */
  'update:funds:buyer',
  /** Mark the source of funds satisfied or ask for more: the buyer's conveyancer, `canReviewFunds`. */
  'update:funds-review:buyer-conveyancer',
  /** Ask to link a move into a chain: the seller here who buys there (or the buyer here who sells there), or their conveyancer (src/server/access/chains.ts). */
  'create:chain-link:party',
  /** Confirm or decline a pending chain link: the other side of the move it names; the side that asked may withdraw it. */
  'update:chain-link:other-side',
  /** Propose exchange and completion dates to the whole chain: a conveyancer on any of its moves. */
  'create:chain-dates:conveyancer',
  /** Accept or decline the chain's proposed dates for one move: a conveyancer on that move. */
  'update:chain-dates:conveyancer',
  /** See and declare one's own gift towards a buyer's deposit (and nothing else of the move): its giftor, src/server/access/gifts.ts. */
  'update:gift:giftor',
  /**
   * Read a giftor's checks (identity, sanctions and PEP screening, bank) for due diligence on the gift:
   * the buyer's conveyancer, `canReviewFunds` (decision 069; the buyer gets 403: a screening is not theirs to see).
   */
  'read:gift-checks:buyer-conveyancer',
  /** Record, correct, remove or invite a professional not on Homeward in a seat: `mayRecordOffPlatform` (off-platform-parties.ts). */
  'update:off-platform-party:recorder',
  /** Add and keep client records and leads (fact find, recommendations): a mortgage broker, for their own and their firm's clients, `canKeepBrokerClients`. */
  'update:broker-client:firm',
  /** Say whether proposed chain dates suit you: a buyer or seller of the move (decision 061). */
  'update:chain-dates:mover',
] as const satisfies readonly PermissionName[]
export type Permission = (typeof PERMISSIONS)[number]

const BUYER_SIDE: readonly string[] = [
  'buyer',
  'co_buyer',
  'buyer_conveyancer',
  'buyers_agent',
  'mortgage_broker',
  'surveyor',
]
const SELLER_SIDE: readonly string[] = ['seller', 'co_seller', 'seller_conveyancer', 'estate_agent']
const CONVEYANCERS: readonly string[] = ['buyer_conveyancer', 'seller_conveyancer']

/** 'buyer' or 'seller' side of a participant role; lenders and unknown roles have none. */
export function sideOf(role: string): 'buyer' | 'seller' | null {
  if (BUYER_SIDE.includes(role)) return 'buyer'
  if (SELLER_SIDE.includes(role)) return 'seller'
  return null
}

export function isConveyancer(role: string | null | undefined): boolean {
  return !!role && CONVEYANCERS.includes(role)
}

/**
 * `update:task:own-side`: a task owned by 'buyer_side' is ticked by the buyer or the buyer's
 * conveyancer, 'seller_side' by the seller or the seller's conveyancer; a task owned by a
 * professional role by that professional when on the move, else by one stand-in of that side
 * (`taskOwnership`, src/shared/domain/task-owners.ts). `rolesOnMove`: every role held on the move.
 */
export function canTickTask(
  role: string | null | undefined,
  ownerSide: string | null | undefined,
  rolesOnMove: Iterable<string>,
): boolean {
  return canTickTaskOnMove(role, ownerSide, rolesOnMove)
}

/** `update:stage:block`: conveyancers mark a stage blocked with a reason and clear it. */
export function canBlockStage(role: string | null | undefined): boolean {
  return isConveyancer(role)
}

/** `create:invitation:party`: anyone on the transaction with a side (buyer's or seller's) may invite. */
export function canInvite(role: string | null | undefined): boolean {
  return !!role && sideOf(role) !== null
}

/**
 * `create:invitation:own-side` (docs/decisions/014-who-appoints-whom.md): each side
 * appoints its own people; whether an allowed invitation appoints at once or is a proposal the
 * client accepts first is `appointmentFor` (appointments.ts). A participant may invite any role on their own side, and the other side's
 * principal (the buyer or the seller, while that seat is empty: checked where the seat is known), but
 * never the other side's professionals: a buyer cannot appoint the seller's conveyancer or the estate agent.
 */
export function canInviteRole(inviterRole: string | null | undefined, invitedRole: string): boolean {
  if (!inviterRole) return false
  const side = sideOf(inviterRole)
  if (!side) return false
  // A joint buyer (seller) is invited by the buyer (seller) or their conveyancer only (decision 070).
  if (isJointClientRole(invitedRole))
    return jointParticipantRole(invitedRole) === side && (inviterRole === side || inviterRole === `${side}_conveyancer`)
  return sideOf(invitedRole) === side || invitedRole === 'buyer' || invitedRole === 'seller'
}

/** Why `canInviteRole` refused, in words a person can act on. */
export function otherSideInviteMessage(invitedRole: string): string {
  const other = sideOf(invitedRole) === 'seller' ? 'seller' : 'buyer'
  if (isJointClientRole(invitedRole))
    return `A ${participantRoleLabel(invitedRole).toLowerCase()} is invited by the ${other} or the ${other}'s conveyancer.`
  return `The ${participantRoleLabel(invitedRole)} is appointed by the ${other}'s side. Ask the ${other} to invite them (or invite the ${other}, who can then invite their own).`
}

/**
 * `delete:invitation:own-side`: a pending invitation is withdrawn or re-sent by the
 * person who sent it, or by someone on the same side as them.
 */
export function canManageInvitation(
  viewer: { profileId: string; role: string | null | undefined },
  inviter: { profileId: string | null; role: string | null | undefined },
): boolean {
  if (inviter.profileId && inviter.profileId === viewer.profileId) return true
  const side = viewer.role ? sideOf(viewer.role) : null
  return !!side && !!inviter.role && sideOf(inviter.role) === side
}

export type StatusAction = 'activate' | 'exchange' | 'complete' | 'cancel'

/**
 * The status actions open to a role now. Transitions (ours; the product spec lists statuses only):
 * draft -> active (automatically when both sides are present, or by a conveyancer);
 * active -> exchange and exchange -> completed (a conveyancer records them);
 * draft|active -> cancelled (a party or their conveyancer, with a reason);
 * exchange -> cancelled (rescission: a conveyancer, with a reason). Completed and cancelled are final.
 */
export function allowedStatusActions(
  role: string | null | undefined,
  status: TransactionStatus | string,
): StatusAction[] {
  if (!role) return []
  const conveyancer = isConveyancer(role)
  const party = role === 'buyer' || role === 'seller'
  switch (status) {
    case 'draft':
      return [...(conveyancer ? (['activate'] as const) : []), ...(party || conveyancer ? (['cancel'] as const) : [])]
    case 'active':
      return [...(conveyancer ? (['exchange'] as const) : []), ...(party || conveyancer ? (['cancel'] as const) : [])]
    case 'exchange':
      return conveyancer ? ['complete', 'cancel'] : []
    default:
      return []
  }
}

/** The status an action leads to. */
export const STATUS_AFTER: Record<StatusAction, TransactionStatus> = {
  activate: 'active',
  exchange: 'exchange',
  complete: 'completed',
  cancel: 'cancelled',
}

/** Role of the participant invited from a marketplace firm, from its type and the inviter's side. */
export function roleForOrganizationInvite(orgType: string, inviterRole: string): InvitableRole | null {
  const side = sideOf(inviterRole) ?? 'buyer'
  switch (orgType) {
    case 'law':
      return side === 'seller' ? 'seller_conveyancer' : 'buyer_conveyancer'
    case 'survey':
      return 'surveyor'
    case 'broker':
      return 'mortgage_broker'
    case 'agent':
      return 'estate_agent'
    default:
      return null
  }
}

/** `update:mortgage-case:broker`: only the move's mortgage broker keeps its mortgage case. */
export function canWorkMortgageCase(role: string | null | undefined): boolean {
  return role === 'mortgage_broker'
}

/** Who sees the buyer's bank data and funding picture: the buyer and the firm instructed for them. Everyone else gets 404. */
export function canSeeFunds(role: string | null | undefined): boolean {
  return role === 'buyer' || role === 'buyer_conveyancer'
}

/**
 * Roles that see a document filed for the buyer's source of funds (documents.audience 'buyer_funds',
 * e.g. a signed gifted-deposit declaration): the same people as `canSeeFunds`.
 */
export const BUYER_FUNDS_AUDIENCE_ROLES = ['buyer', 'buyer_conveyancer'] as const

/** Who gives the source of funds: the move's buyer. */
export function canGiveFunds(role: string | null | undefined): boolean {
  return role === 'buyer'
}

/** Who reviews the source of funds: the buyer's conveyancer (the firm instructed on the buyer's side). */
export function canReviewFunds(role: string | null | undefined): boolean {
  return role === 'buyer_conveyancer'
}

/** `update:broker-client:firm`: a mortgage broker (stored role pro_broker) keeps client records; which ones is the firm rule in access/mortgages.ts. */
export function canKeepBrokerClients(roles: readonly string[]): boolean {
  return roles.includes('pro_broker')
}
