/**
 * Invite a recorded off-platform party to Homeward at its recorded email (issue 37 item 1). Who
 * appoints the seat is decision 014's rule (src/shared/domain/appointments.ts appointmentForRecorded):
 * a recorder who may appoint it (the seller inviting their estate agent, the buyer's conveyancer their
 * broker) sends the invitation at once, through the outbox; anyone else who may record it (the buyer's
 * conveyancer recording the seller's firm, the agent recording a conveyancer) makes a *proposal* the
 * seat's client accepts or declines on the People tab (features/invitations/decide-proposal.ts), and
 * the link is emailed only then. When the invitee accepts, the record becomes their participant row
 * (core/off-platform-parties/take-recorded-seat.ts). One database transaction.
 */
import { sql } from 'drizzle-orm'
import type { InviteOffPlatformPartyResult } from '#shared/contracts/off-platform-parties.ts'
import { appointmentForRecorded, clientSideOfRole, proposalMessage } from '#shared/domain/appointments.ts'
import { offPlatformRecordRefusal } from '#shared/domain/off-platform-parties.ts'
import { INVITABLE_ROLES, participantRoleLabel, type InvitableRole } from '#shared/domain/roles.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import {
  isColleagueAtSideFirm,
  proposeAppointment,
  sendInvitation,
} from '#server/core/invitations/create-invitation.ts'
import { limitInvitationSend } from '#server/core/invitations/invitation-limits.ts'
import { listOffPlatformParties } from './find-party'

const isInvitableRole = (role: string): role is InvitableRole => (INVITABLE_ROLES as readonly string[]).includes(role)

/** Invites (or proposes) the open record `partyId` of move `txId`. 403/404/409 as invitations do. */
export async function inviteOffPlatformParty(ctx: {
  database: Database
  viewer: Viewer
  txId: string
  partyId: string
  publicUrl: string
  deliverMail: boolean
}): Promise<InviteOffPlatformPartyResult> {
  const { viewer, txId } = ctx
  return ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole, status } = await lockTransactionForViewer(tx, viewer, txId)
    const party = (await listOffPlatformParties(tx, txId)).find((p) => p.id === ctx.partyId)
    if (!party) throw new AppError('not_found', 'Could not find this recorded firm on the move.')
    const way = appointmentForRecorded(viewerRole, party.role)
    if (!isInvitableRole(party.role))
      throw new AppError(
        'unprocessable',
        `A ${participantRoleLabel(party.role)} cannot be invited to Homeward yet; the record stays as it is.`,
      )
    requirePermission('update:off-platform-party:recorder', way !== 'refuse', offPlatformRecordRefusal(party.role))
    requireVerifiedEmail(viewer, 'invite people')
    if (status === 'completed' || status === 'cancelled')
      throw new AppError('conflict', `This move is ${status}, so no one new can be invited to it.`)
    const email = party.email
    const taken = await tx.execute(sql`
      select 1 from transaction_participants tp join profiles p on p.id = tp.user_id
       where tp.transaction_id = ${txId} and lower(p.email) = ${email}
      union all select 1 from invitations where transaction_id = ${txId} and email = ${email}
        and status in ('pending', 'proposed') and gift_id is null`)
    if (taken.rows.length)
      throw new AppError('conflict', `${email} is already on this move or has an invitation or proposal waiting.`)
    const side = clientSideOfRole(party.role)
    const proposal =
      way === 'propose' || (way === 'firm' && !!side && !(await isColleagueAtSideFirm(tx, txId, side, { email })))
    const invCtx = { database: ctx.database, viewer, publicUrl: ctx.publicUrl, deliverMail: ctx.deliverMail }
    if (proposal) {
      const id = await proposeAppointment(tx, invCtx, {
        txId,
        email,
        role: party.role,
        organizationId: null,
        invitedAlready: false,
      })
      return { outcome: 'proposed', invitation_id: id, message: proposalMessage(party.role) }
    }
    await limitInvitationSend(tx, { profileId: viewer.profileId, txId })
    const id = await sendInvitation(tx, invCtx, { txId, email, role: party.role, organizationId: null })
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'invitation.sent',
      summary: `invited ${email} (${party.firm_name}) as ${participantRoleLabel(party.role)}`,
      payload: { invitationId: id, partyId: party.id },
    })
    return {
      outcome: 'invited',
      invitation_id: id,
      message: `We've emailed ${email} an invitation to join the move as ${participantRoleLabel(party.role)}.`,
    }
  })
}
