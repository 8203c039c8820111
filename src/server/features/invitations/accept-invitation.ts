/**
 * Accepting an invitation link: single use, within 7 days, only by the person signed in
 * with the invited email. Joins them in the invited role (and as the transaction's buyer or seller
 * when that is the role), marks the invitation accepted and, when a draft now has both sides, makes
 * it active: all in one database transaction. Accepting also proves the invited email (it becomes
 * verified) and marks the invitation's notifications read. Also the public preview of a link.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { InvitationPreview } from '#shared/contracts/invitations.ts'
import {
  INVITATION_ROLES,
  isJointClientRole,
  jointParticipantRole,
  participantRoleLabel,
} from '#shared/domain/roles.ts'
import {
  appointerWords,
  appointmentFor,
  canDecideProposal,
  clientSideOfRole,
  proposalDecider,
} from '#shared/domain/appointments.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { invitations, notifications, transactionParticipants, transactions, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { takeRecordedSeat } from '#server/core/off-platform-parties/take-recorded-seat.ts'
import { linkMoveToFirm } from '#server/core/firm-link.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { hashInvitationToken, maskEmail } from '#server/core/invitations/invitation-token.ts'
import { isColleagueAtSideFirm, roleOnMove } from '#server/core/invitations/create-invitation.ts'

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
})
const INVALID_LINK = 'This invitation link is not valid. Check that you used the whole link from the email.'

/** An invitation as `select i.*, ... as inviter_name` reads it (the columns used here). */
const InvitationRow = z.object({
  id: z.string(),
  transaction_id: z.string(),
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  gift_id: z.string().nullable(),
  /** The column's check ('expired' is worked out from expires_at; 'proposed' waits for the client: decision 014). */
  status: z.enum(['pending', 'proposed', 'accepted', 'declined', 'revoked']),
  /** Who accepted the proposal it began as; null for a direct invitation. */
  decided_by: z.string().nullable(),
  expires_at: Timestamp,
  organization_id: z.string().nullable(),
  invited_by: z.string().nullable(),
  inviter_name: z.string().nullable(),
  last_sent_at: Timestamp,
})
type InvitationRow = z.infer<typeof InvitationRow>

const PreviewRow = InvitationRow.extend({
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
})

const MoveParties = z.object({
  status: z.string(),
  buyer_user_id: z.string().nullable(),
  seller_user_id: z.string().nullable(),
})

/**
 * Marks read the viewer's in-app notifications of this invitation: those whose link
 * holds its current token or one a re-send replaced. Links hold the token itself, stored here only as a
 * hash, so the viewer's few unread invitation notifications are hashed and compared.
 */
async function markInvitationNotificationsRead(
  tx: Tx,
  profileId: string,
  invitationId: string,
  tokenHash: string,
): Promise<void> {
  const unread = await tx.execute(sql`select id, link from notifications
    where profile_id = ${profileId} and kind = 'invitation' and read_at is null`)
  if (!unread.rows.length) return
  const old = await tx.execute(
    sql`select token_hash from invitation_superseded_tokens where invitation_id = ${invitationId}`,
  )
  const hashes = new Set([tokenHash, ...rows(z.object({ token_hash: z.string() }), old).map((r) => r.token_hash)])
  const ids = rows(z.object({ id: z.string(), link: z.string() }), unread)
    .filter((n) => {
      const token = /^\/invite\/([\w-]+)$/.exec(n.link)?.[1]
      return !!token && hashes.has(hashInvitationToken(token))
    })
    .map((n) => n.id)
  if (ids.length)
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(inArray(notifications.id, ids))
}

/** What /invite/{token} shows before accepting. 404 for an unknown token. */
/**
 * Closes an invitation as accepted by the viewer, in the caller's transaction: the row, the viewer's
 * email marked verified (the emailed link reached this address and its owner signed in with it: that
 * proves the address as the verification link would, so signing and inviting are not blocked later),
 * and the viewer's notifications of it read.
 */
async function markAccepted(tx: Tx, viewer: Viewer, invitationId: string, tokenHash: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: sql`now()`, acceptedBy: viewer.profileId })
    .where(eq(invitations.id, invitationId))
  await tx
    .update(user)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(user.id, viewer.authId), eq(user.emailVerified, false)))
  await markInvitationNotificationsRead(tx, viewer.profileId, invitationId, tokenHash)
}

export async function previewInvitation({
  database,
  token,
}: {
  database: Database
  token: string
}): Promise<InvitationPreview> {
  const current = rows(
    PreviewRow,
    await database.query(
      `select i.*, p.full_name as inviter_name, pr.address_lines, pr.postcode
     from invitations i left join profiles p on p.id = i.invited_by left join properties pr on pr.transaction_id = i.transaction_id
     where i.token_hash = $1`,
      [hashInvitationToken(token)],
    ),
  )
  let inv = current[0]
  let superseded = false
  if (!inv) {
    // A link replaced by a re-send: recognisable, so it can say a newer invitation was sent.
    const old = rows(
      PreviewRow,
      await database.query(
        `select i.*, p.full_name as inviter_name, pr.address_lines, pr.postcode
       from invitation_superseded_tokens s join invitations i on i.id = s.invitation_id
       left join profiles p on p.id = i.invited_by left join properties pr on pr.transaction_id = i.transaction_id
       where s.token_hash = $1`,
        [hashInvitationToken(token)],
      ),
    )
    inv = old[0]
    superseded = true
  }
  if (!inv) throw new AppError('not_found', INVALID_LINK)
  const expired = inv.status === 'pending' && new Date(inv.expires_at) < new Date()
  return {
    status: superseded && inv.status === 'pending' ? 'superseded' : expired ? 'expired' : inv.status,
    email: maskEmail(inv.email),
    role: inv.role,
    invited_by_name: inv.inviter_name,
    property: inv.address_lines ? { address_lines: inv.address_lines, postcode: inv.postcode ?? '' } : null,
    expires_at: new Date(inv.expires_at).toISOString(),
    last_sent_at: new Date(inv.last_sent_at).toISOString(),
  }
}

/**
 * The error for a token that is not an invitation's current one: 410 naming when the newer invitation
 * was sent when the token was replaced by a re-send, else the 404 of a link that is not valid.
 */
async function unknownTokenError(tx: Tx, tokenHash: string): Promise<AppError> {
  const res = await tx.execute(sql`select i.last_sent_at, i.status from invitation_superseded_tokens s
    join invitations i on i.id = s.invitation_id where s.token_hash = ${tokenHash}`)
  const row = firstRow(z.object({ last_sent_at: Timestamp, status: z.string() }), res)
  if (!row) return new AppError('not_found', INVALID_LINK)
  if (row.status === 'accepted')
    return new AppError(
      'gone',
      'This invitation has already been used. Sign in to see the move, or ask for a new invitation.',
    )
  return new AppError(
    'gone',
    `A newer invitation was sent on ${UK_DATE.format(new Date(row.last_sent_at))}, so this link no longer works. Use the link in the latest email.`,
  )
}

export async function acceptInvitation({
  database,
  viewer,
  token,
  notify,
}: {
  database: Database
  viewer: Viewer
  token: string
  /** Where the notices of a task a joint client's joining reopens link to. */
  notify?: NotificationDelivery
}): Promise<{ transaction_id: string; gift_id: string | null }> {
  const tokenHash = hashInvitationToken(token)
  return database.db.transaction(async (tx) => {
    // Lock the move before the invitation: create, re-send and withdraw lock in that order (through
    // lockTransactionForViewer), and the opposite order deadlocks with them on PostgreSQL.
    const found = await tx.execute(sql`select transaction_id from invitations where token_hash = ${tokenHash}`)
    const target = firstRow(z.object({ transaction_id: z.string() }), found)
    if (!target) throw await unknownTokenError(tx, tokenHash)
    const txRes = await tx.execute(
      sql`select status, buyer_user_id, seller_user_id from transactions where id = ${target.transaction_id} for update`,
    )
    const res = await tx.execute(sql`
      select i.*, p.full_name as inviter_name from invitations i left join profiles p on p.id = i.invited_by
      where i.token_hash = ${tokenHash} for update of i`)
    const inv = firstRow(InvitationRow, res)
    // Re-sent while we waited for the lock: this token is no longer the invitation's.
    if (!inv) throw await unknownTokenError(tx, tokenHash)
    const inviter = inv.inviter_name ?? 'the person who invited you'
    // A giftor's link keeps working for the giftor (decision 069): it opens their gift again.
    if (inv.status === 'accepted' && inv.role === 'giftor') return reopenAsGiftor(tx, viewer, inv)
    if (inv.status === 'accepted')
      throw new AppError(
        'gone',
        'This invitation has already been used. Sign in to see the move, or ask for a new invitation.',
      )
    if (inv.status === 'proposed')
      throw new AppError(
        'conflict',
        `This invitation is waiting for ${proposalDecider(inv.role)} to agree to it. You'll get a new email once they do.`,
      )
    if (inv.status === 'declined')
      throw new AppError('gone', `${proposalDecider(inv.role)} declined this invitation, so it can no longer be used.`)
    if (inv.status === 'revoked')
      throw new AppError(
        'gone',
        `This invitation was withdrawn by ${inviter}. Ask them to invite you again if you still need access.`,
      )
    if (new Date(inv.expires_at) < new Date()) {
      throw new AppError(
        'gone',
        `This invitation expired on ${UK_DATE.format(new Date(inv.expires_at))}. Ask ${inviter} to send you a new one.`,
      )
    }
    if (viewer.email.toLowerCase() !== inv.email) {
      throw new AppError(
        'forbidden',
        `This invitation was sent to ${maskEmail(inv.email)}. Sign in with that email address to accept it.`,
      )
    }
    const t = oneRow(MoveParties, txRes)
    if (t.status === 'cancelled' || t.status === 'completed') {
      throw new AppError('gone', `This move is already ${t.status}, so the invitation can no longer be used.`)
    }
    if (inv.role === 'giftor') return acceptAsGiftor(tx, viewer, inv, tokenHash)
    const appointedBy = await assertAppointmentHolds(tx, viewer, inv)
    // A joint buyer (seller) joins as a second participant in the client's role; the move's own
    // buyer/seller column keeps the lead (decision 070). 409 when they are on the move already, in
    // whatever role: one person holds one role on a move.
    const role = isJointClientRole(inv.role) ? jointParticipantRole(inv.role) : inv.role
    if (isJointClientRole(inv.role)) {
      const onMove = await tx.execute(sql`select 1 from transactions t where t.id = ${inv.transaction_id}
        and (t.buyer_user_id = ${viewer.profileId} or t.seller_user_id = ${viewer.profileId}
          or exists(select 1 from transaction_participants tp where tp.transaction_id = t.id and tp.user_id = ${viewer.profileId}))`)
      if (onMove.rows.length)
        throw new AppError(
          'conflict',
          `You are already on this move, so you cannot also join it as its ${participantRoleLabel(inv.role).toLowerCase()}.`,
        )
    }
    if (inv.role === 'buyer' || inv.role === 'seller') {
      const holder = inv.role === 'buyer' ? t.buyer_user_id : t.seller_user_id
      if (holder && holder !== viewer.profileId) throw new AppError('conflict', `This move already has a ${inv.role}.`)
      await tx
        .update(transactions)
        .set({
          ...(inv.role === 'buyer' ? { buyerUserId: viewer.profileId } : { sellerUserId: viewer.profileId }),
          version: sql`${transactions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(transactions.id, inv.transaction_id))
    }
    await tx
      .insert(transactionParticipants)
      .values({
        transactionId: inv.transaction_id,
        userId: viewer.profileId,
        role,
        invitedBy: inv.invited_by,
        appointedBy,
        organizationId: inv.organization_id,
      })
      .onConflictDoNothing({ target: [transactionParticipants.transactionId, transactionParticipants.userId] })
    await markAccepted(tx, viewer, inv.id, tokenHash)
    await recordActivity(tx, {
      transactionId: inv.transaction_id,
      actorId: viewer.profileId,
      kind: 'participant.joined',
      summary: `joined the move as ${participantRoleLabel(inv.role)}`,
      payload: { invitationId: inv.id },
    })
    // A joint client's due diligence is still to do: the side's CDD step, if done, is open again
    // until their conveyancer approves them too (decision 070; the rule of syncCddTask).
    if (isJointClientRole(inv.role) && notify)
      await tickTask(tx, {
        txId: inv.transaction_id,
        task: { title: CDD_TASK_TITLES[jointParticipantRole(inv.role)] },
        status: 'not_completed',
        actorId: viewer.profileId,
        reason: `: ${viewer.fullName} joined as ${participantRoleLabel(inv.role).toLowerCase()}, whose due diligence is still to do`,
        payload: { cause: 'joint_client_joined' },
        notify,
      })
    // A firm recorded in this seat as not on Homeward is now this participant (issue 37 item 1).
    const seat = await tx.execute(sql`select id, role from transaction_participants
      where transaction_id = ${inv.transaction_id} and user_id = ${viewer.profileId}`)
    const joined = firstRow(z.object({ id: z.string(), role: z.string() }), seat)
    if (joined)
      await takeRecordedSeat(tx, {
        txId: inv.transaction_id,
        role: joined.role,
        participantId: joined.id,
        actorId: viewer.profileId,
      })
    // A conveyancer who works in a firm brings the move to it (issue 38, decision 062): an email
    // invitation carries no firm, and without the matter nobody at the firm could release the deposit.
    if (inv.role === 'buyer_conveyancer' || inv.role === 'seller_conveyancer')
      await linkMoveToFirm(tx, { txId: inv.transaction_id, profileId: viewer.profileId })
    // Spec: States and transitions leaves transitions to us: a draft becomes active once both sides are on it.
    const after = await tx.execute(
      sql`select status, buyer_user_id, seller_user_id from transactions where id = ${inv.transaction_id}`,
    )
    const now = oneRow(MoveParties, after)
    if (now.status === 'draft' && now.buyer_user_id && now.seller_user_id) {
      await tx
        .update(transactions)
        .set({ status: 'active', version: sql`${transactions.version} + 1`, updatedAt: sql`now()` })
        .where(eq(transactions.id, inv.transaction_id))
      await recordActivity(tx, {
        transactionId: inv.transaction_id,
        actorId: null,
        kind: 'status.changed',
        summary: 'The move is now active: both the buyer and the seller are on it.',
        payload: { from: 'draft', to: 'active' },
      })
    }
    return { transaction_id: inv.transaction_id, gift_id: null }
  })
}

/**
 * The appointment an invitation carries must still hold when it is accepted (decision 014): a
 * professional's invitation was made by someone who may appoint that role now (the side's client,
 * their conveyancer, or for a conveyancer a colleague at the firm instructed on that side handing the
 * file on), or began as a proposal that such a person accepted. An invitation sent by someone who has
 * since left, or by the old rule (any professional of the side), is refused with 403 and changes
 * nothing. Returns who made the appointment (transaction_participants.appointed_by); the clients'
 * own invitations (buyer, seller) are not appointments and return the inviter.
 */
async function assertAppointmentHolds(tx: Tx, viewer: Viewer, inv: InvitationRow): Promise<string | null> {
  if (inv.role === 'buyer' || inv.role === 'seller' || inv.role === 'giftor') return inv.invited_by
  // A joint buyer (seller) is a client, not an appointment, but the invitation holds only while its
  // sender is still the side's client or conveyancer (canInviteRole, decision 070).
  const appointer = inv.decided_by ?? inv.invited_by
  const role = await roleOnMove(tx, inv.transaction_id, appointer)
  const side = clientSideOfRole(inv.role)
  let holds: boolean
  if (inv.decided_by) holds = canDecideProposal(role, inv.role)
  else {
    const way = appointmentFor(role, inv.role)
    holds =
      way === 'appoint' ||
      (way === 'firm' &&
        !!side &&
        (await isColleagueAtSideFirm(tx, inv.transaction_id, side, { profileId: viewer.profileId })))
  }
  if (!holds) {
    const who = proposalDecider(inv.role)
    throw new AppError(
      'forbidden',
      `The ${participantRoleLabel(inv.role)} is appointed by ${appointerWords(inv.role)}, and this invitation no longer has their agreement. Ask ${who} to invite you.`,
    )
  }
  return appointer
}

/** Said to anyone but the giftor who opens an accepted giftor's link. */
export const GIFT_LINK_USED =
  'This invitation was accepted by the giftor’s account. Sign in with that account to open the gift.'

/**
 * A giftor's accepted link opened again (decision 069): for the giftor who accepted it, their gift
 * (as on accepting: the invitation page goes on to the gift page); 410 for anyone else, naming nothing.
 */
async function reopenAsGiftor(
  tx: Tx,
  viewer: Viewer,
  inv: InvitationRow,
): Promise<{ transaction_id: string; gift_id: string }> {
  const res = await tx.execute(sql`select id from funding_gifts where id = ${inv.gift_id}
    and giftor_profile_id = ${viewer.profileId}`)
  if (!res.rows.length) throw new AppError('gone', GIFT_LINK_USED)
  return { transaction_id: inv.transaction_id, gift_id: inv.gift_id! }
}

/**
 * A giftor accepts (decision 037): the gift becomes theirs (`giftor_profile_id`), which is all the
 * access they get (access/gifts.ts): no participant row, so the move stays 404 for them. The
 * invitation is used up, the email proven, in the same database transaction. 409 when the giftor is
 * already on the move in another role (a gift comes from outside it).
 */
async function acceptAsGiftor(
  tx: Tx,
  viewer: Viewer,
  inv: InvitationRow,
  tokenHash: string,
): Promise<{ transaction_id: string; gift_id: string }> {
  const onMove = await tx.execute(sql`select 1 from transactions t where t.id = ${inv.transaction_id}
      and (t.buyer_user_id = ${viewer.profileId} or t.seller_user_id = ${viewer.profileId}
        or exists(select 1 from transaction_participants tp where tp.transaction_id = t.id and tp.user_id = ${viewer.profileId}))`)
  if (onMove.rows.length)
    throw new AppError(
      'conflict',
      'You are already on this move, so you cannot also be its giftor. Ask the buyer to check the email address of the gift.',
    )
  const gift = await tx.execute(sql`update funding_gifts set giftor_profile_id = ${viewer.profileId}
      where id = ${inv.gift_id} and giftor_profile_id is null returning id`)
  if (!gift.rows.length)
    throw new AppError('gone', 'This gift has already been confirmed by someone else, or was removed.')
  await markAccepted(tx, viewer, inv.id, tokenHash)
  await recordActivity(tx, {
    transactionId: inv.transaction_id,
    actorId: viewer.profileId,
    kind: 'funds.giftor_joined',
    summary: 'accepted the invitation to confirm their gift',
    payload: { invitationId: inv.id, giftId: inv.gift_id },
  })
  return { transaction_id: inv.transaction_id, gift_id: inv.gift_id! }
}
