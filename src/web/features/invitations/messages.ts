import { INVITABLE_ROLES, type InvitationPreview } from '#shared/contracts/invitations.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { formatUkDate } from '#web/lib/formatters.ts'

/** The roles offered in the invite dialog, with their labels ("Buyer's Conveyancer" ...). */
export const INVITE_ROLE_OPTIONS = INVITABLE_ROLES.map((value) => ({ value, label: participantRoleLabel(value) }))

/**
 * Why an invitation link can no longer be accepted, in words a person can act on; null while it is
 * pending and unexpired. Expired, used and revoked links each say so clearly, as do a proposal the
 * client has not answered and one they declined (decision 014); a
 * link replaced by a re-send says a newer invitation was sent. A giftor's accepted link is not
 * unavailable: it opens their gift (decision 069).
 */
export function invitationUnavailableMessage(
  preview: Pick<InvitationPreview, 'status' | 'expires_at' | 'invited_by_name'> &
    Partial<Pick<InvitationPreview, 'last_sent_at' | 'role'>>,
  now: Date = new Date(),
): { title: string; body: string } | null {
  const who = preview.invited_by_name ?? 'the person who invited you'
  const expired = preview.status === 'expired' || (preview.status === 'pending' && new Date(preview.expires_at) < now)
  if (expired) {
    return {
      title: 'This invitation has expired',
      body: `Invitations last 7 days; this one ended on ${formatUkDate(preview.expires_at)}. Ask ${who} to send you a new one.`,
    }
  }
  if (preview.status === 'superseded') {
    return {
      title: 'A newer invitation was sent',
      body: `${who.charAt(0).toUpperCase()}${who.slice(1)} sent this invitation again${preview.last_sent_at ? ` on ${formatUkDate(preview.last_sent_at)}` : ''}, so this older link no longer works. Open the link in the most recent invitation email.`,
    }
  }
  // A giftor's link keeps opening their gift once accepted (decision 069).
  if (preview.status === 'accepted' && preview.role === 'giftor') return null
  if (preview.status === 'accepted') {
    return {
      title: 'This invitation has already been used',
      body: 'Each invitation link works once. If it was you, sign in to find the move in your transactions; otherwise ask for a new invitation.',
    }
  }
  if (preview.status === 'proposed') {
    return {
      title: 'This invitation is waiting for an answer',
      body: `${who.charAt(0).toUpperCase()}${who.slice(1)} proposed you, and the client they work for has not agreed yet. You'll get a new email with a fresh link once they do.`,
    }
  }
  if (preview.status === 'declined') {
    return {
      title: 'This invitation was declined',
      body: 'The client this move belongs to chose not to appoint you, so the link no longer works.',
    }
  }
  if (preview.status === 'revoked') {
    return {
      title: 'This invitation was withdrawn',
      body: `${who.charAt(0).toUpperCase()}${who.slice(1)} withdrew it. Ask them to invite you again if you still need access.`,
    }
  }
  return null
}
