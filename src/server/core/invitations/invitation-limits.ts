/**
 * Limits on sending invitations (the battery sent 25 in 0.4 s and re-sent one 10
 * times). Counted by the server's one limiter (core/limits.ts over auth/rate-limits.ts: fixed windows, the database clock
 * decides, so the limits hold across server processes) inside the caller's database transaction: a
 * send that fails later (403, 409) rolls its count back, so only emails that go out are counted.
 */
import type { Rule } from '#server/auth/rate-limits.ts'
import type { Tx } from '#server/db/client.ts'
import { enforceLimit, type ActionLimit } from '../limits.ts'

/** New invitations and re-sends by one person on one move. */
export const SEND_RULES: Rule[] = [
  { window: 600, max: 10 },
  { window: 86_400, max: 30 },
]
/** Re-sends of one invitation (the first send is not counted). */
export const RESEND_RULES: Rule[] = [
  { window: 3600, max: 3 },
  { window: 86_400, max: 5 },
]

const INVITE_SEND: ActionLimit = {
  name: 'invite-send',
  rules: SEND_RULES,
  refusal: (wait) => `You have sent many invitations on this move in a short time. Please try again in ${wait}.`,
}
const INVITE_RESEND: ActionLimit = {
  name: 'invite-resend',
  rules: RESEND_RULES,
  refusal: (wait) =>
    `This invitation has been sent several times already; the last email may still be on its way. You can send it again in ${wait}.`,
}

/**
 * Counts one invitation email sent by `profileId` on `txId` (and, for a re-send, one more for that
 * invitation). Throws 429 with when to try again once a limit is reached.
 */
export async function limitInvitationSend(
  tx: Tx,
  opts: { profileId: string; txId: string; resendOf?: string },
): Promise<void> {
  await enforceLimit(tx, INVITE_SEND, `${opts.profileId}|${opts.txId}`)
  if (opts.resendOf) await enforceLimit(tx, INVITE_RESEND, opts.resendOf)
}
