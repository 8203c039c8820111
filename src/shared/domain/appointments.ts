/**
 * Who may appoint whom on a move (docs/decisions/014-who-appoints-whom.md): appointments follow the
 * instruction. A side's conveyancer is appointed by that side's client, or handed on inside the firm
 * already instructed on that side; the side's other professionals by the client or their conveyancer;
 * the estate agent by the seller. Anyone else on the side may only *propose* a person, whom the
 * client (or, for a role their conveyancer appoints, the conveyancer) accepts before any link is
 * sent. The server is the gate (core/invitations/create-invitation.ts and the proposal use cases);
 * the web app calls the same functions only to hide what the server would refuse.
 */
import { participantRoleLabel, type ParticipantRole } from './roles'
import { mayRecordOffPlatform, type OffPlatformRole } from './off-platform-parties'
import { canInviteRole, sideOf } from './permissions'

/**
 * How an invitation for a role turns out for a given inviter:
 * - 'appoint': the person is invited at once and joins when they accept the link;
 * - 'firm': the side's conveyancer inviting another conveyancer for the same side: a current colleague
 *   at the firm instructed on that side is appointed at once (a reassignment inside the firm); anyone
 *   else is a proposal to the client (the server knows who is a colleague, the web app does not);
 * - 'propose': the invitation is a proposal the side's client accepts or declines first;
 * - 'refuse': 403, nothing written (the other side's professionals, or an inviter with no side).
 */
export type AppointmentWay = 'appoint' | 'firm' | 'propose' | 'refuse'

const CLIENTS = ['buyer', 'seller'] as const
type Side = 'buyer' | 'seller'

/** The client a role works for: 'buyer' for the buyer's side roles, 'seller' for the seller's; null for the clients themselves and roles with no side. */
export function clientSideOfRole(role: string): Side | null {
  if ((CLIENTS as readonly string[]).includes(role)) return null
  return sideOf(role)
}

/** The conveyancer role of a side ('buyer' -> 'buyer_conveyancer'). */
function conveyancerOf(side: Side): 'buyer_conveyancer' | 'seller_conveyancer' {
  return side === 'buyer' ? 'buyer_conveyancer' : 'seller_conveyancer'
}

/**
 * `create:invitation:own-side` with the appointment rule of decision 014: how an invitation of
 * `invitedRole` by someone holding `inviterRole` on the move turns out (AppointmentWay). The clients
 * (buyer, seller) are invited by anyone with a side (the other side's principal only while the seat is
 * empty, checked where the seat is known).
 */
export function appointmentFor(inviterRole: string | null | undefined, invitedRole: string): AppointmentWay {
  // The other side's professionals, or an inviter with no side: refused (canInviteRole).
  if (!inviterRole || !canInviteRole(inviterRole, invitedRole)) return 'refuse'
  const side = clientSideOfRole(invitedRole)
  if (!side) return 'appoint'
  const client = side
  const conveyancer = conveyancerOf(side)
  if (invitedRole === conveyancer) {
    if (inviterRole === client) return 'appoint'
    if (inviterRole === conveyancer) return 'firm'
    return 'propose'
  }
  if (invitedRole === 'estate_agent') return inviterRole === 'seller' ? 'appoint' : 'propose'
  return inviterRole === client || inviterRole === conveyancer ? 'appoint' : 'propose'
}

/**
 * `update:invitation-proposal:client`: who accepts or declines a proposal of `proposedRole`. A
 * proposed conveyancer: the side's client only (they instruct their own conveyancer). Any other
 * role: whoever may appoint it (the client, or for the buyer's surveyor, broker and agent also the
 * buyer's conveyancer).
 */
export function canDecideProposal(viewerRole: string | null | undefined, proposedRole: string): boolean {
  if (!viewerRole) return false
  const side = clientSideOfRole(proposedRole)
  if (!side) return false
  if (proposedRole === conveyancerOf(side)) return viewerRole === side
  return appointmentFor(viewerRole, proposedRole) === 'appoint'
}

/** Who is asked to accept a proposal of `role`, in words: "the buyer", "the seller". */
export function proposalDecider(role: string): string {
  return clientSideOfRole(role) === 'seller' ? 'the seller' : 'the buyer'
}

/** Why an invitation became a proposal, in words a person can act on (shown with the 201). */
export function proposalMessage(role: string): string {
  const who = proposalDecider(role)
  return `The ${participantRoleLabel(role)} is appointed by ${who}. We've asked ${who} to accept your proposal; nobody is emailed until they do.`
}

/** Who appoints `role`, in words: "the buyer" (their conveyancer), "the seller" (the estate agent), "the buyer or their conveyancer" (the others). */
export function appointerWords(role: string): string {
  const clientOnly = role === 'buyer_conveyancer' || role === 'seller_conveyancer' || role === 'estate_agent'
  return `${proposalDecider(role)}${clientOnly ? '' : ' or their conveyancer'}`
}

/** Why someone may not decide a proposal: 403 with this message. */
export function decideProposalRefusal(role: string): string {
  return `Only ${appointerWords(role)} can accept or decline a proposed ${participantRoleLabel(role)}.`
}

/**
 * How inviting a recorded off-platform party (issue 37 item 1) turns out: as `appointmentFor`, except
 * that someone who may record the seat but not appoint it (the other side's conveyancer recording the
 * firm they deal with, the estate agent recording a conveyancer) may *propose* it: the seat's client
 * accepts before anyone is emailed, as for any proposal. 'refuse' for anyone who may not record it.
 */
export function appointmentForRecorded(inviterRole: string | null | undefined, seat: OffPlatformRole): AppointmentWay {
  if (!mayRecordOffPlatform(inviterRole as ParticipantRole | null | undefined, seat)) return 'refuse'
  const way = appointmentFor(inviterRole, seat)
  return way === 'refuse' ? 'propose' : way
}
