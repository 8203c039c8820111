/**
 * The client's answer to a proposed appointment (decision 014): a side's professional (a broker,
 * surveyor or estate agent) proposed someone, for example as the buyer's conveyancer; the side's
 * client accepts, and only then is the invitation emailed (in the client's name, a fresh 7-day link),
 * or declines, and nobody is emailed. In one database transaction: the row, the email, the audit
 * entry and the proposer's notification. 404 when there is no open proposal of that id on the move
 * (or the viewer cannot see the move), 403 for anyone but the one who decides
 * (`canDecideProposal`), 409 when the person is on the move already.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canDecideProposal, clientSideOfRole, decideProposalRefusal } from '#shared/domain/appointments.ts'
import { sideActivityAudience } from '#shared/domain/activity-audiences.ts'
import { INVITABLE_ROLES, type DecideProposalInput } from '#shared/contracts/invitations.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { transactionPath } from '#shared/paths.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { sendInvitation } from '#server/core/invitations/create-invitation.ts'
import { limitInvitationSend } from '#server/core/invitations/invitation-limits.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'

const ProposalRow = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  organization_id: z.string().nullable(),
  invited_by: z.string().nullable(),
})

/** Accepts or declines the open proposal `invitationId` of move `txId` as the viewer. */
export async function decideProposal(ctx: {
  database: Database
  viewer: Viewer
  txId: string
  invitationId: string
  decision: DecideProposalInput['decision']
  publicUrl: string
  deliverMail: boolean
}): Promise<void> {
  const { viewer, txId } = ctx
  await ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole, status } = await lockTransactionForViewer(tx, viewer, txId)
    const res = await tx.execute(sql`select id, email, role, organization_id, invited_by from invitations
      where id = ${ctx.invitationId} and transaction_id = ${txId} and status = 'proposed' for update`)
    const proposal = firstRow(ProposalRow, res)
    if (!proposal) throw new AppError('not_found', 'Could not find a proposal waiting for an answer.')
    requirePermission(
      'update:invitation-proposal:client',
      canDecideProposal(viewerRole, proposal.role),
      decideProposalRefusal(proposal.role),
    )
    const label = participantRoleLabel(proposal.role)
    if (ctx.decision === 'accept') {
      requireVerifiedEmail(viewer, 'invite people')
      if (status === 'completed' || status === 'cancelled')
        throw new AppError('conflict', `This move is ${status}, so no one new can be invited to it.`)
      const taken = await tx.execute(sql`
        select 1 from transaction_participants tp join profiles p on p.id = tp.user_id
        where tp.transaction_id = ${txId} and lower(p.email) = ${proposal.email}
        union all select 1 from invitations where transaction_id = ${txId} and email = ${proposal.email}
          and status = 'pending' and gift_id is null`)
      if (taken.rows.length)
        throw new AppError('conflict', `${proposal.email} is already on this move or has an invitation to it.`)
      await limitInvitationSend(tx, { profileId: viewer.profileId, txId })
      await tx.execute(sql`update invitations set status = 'pending', decided_by = ${viewer.profileId},
        decided_at = now(), send_count = 0 where id = ${proposal.id}`)
      // A fresh link, emailed now in the client's name: the proposal's own token was never sent.
      await sendInvitation(
        tx,
        { viewer, publicUrl: ctx.publicUrl, deliverMail: ctx.deliverMail },
        {
          id: proposal.id,
          txId,
          email: proposal.email,
          role: proposal.role,
          organizationId: proposal.organization_id,
        },
      )
    } else {
      await tx.execute(sql`update invitations set status = 'declined', decided_by = ${viewer.profileId},
        decided_at = now() where id = ${proposal.id}`)
    }
    const accepted = ctx.decision === 'accept'
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: accepted ? 'invitation.proposal_accepted' : 'invitation.proposal_declined',
      summary: `${accepted ? 'accepted' : 'declined'} the proposal of ${proposal.email} as ${label}`,
      payload: { invitationId: proposal.id },
      audience: sideActivityAudience(clientSideOfRole(proposal.role) ?? 'buyer'),
    })
    if (proposal.invited_by) {
      await notifyPeople(tx, {
        recipients: [proposal.invited_by],
        kind: 'invitation',
        transactionId: txId,
        actorId: viewer.profileId,
        title: singleLine(
          `${viewer.fullName} ${accepted ? 'accepted' : 'declined'} your proposal of ${proposal.email} as ${label}`,
        ),
        body: accepted
          ? `We've emailed ${proposal.email} an invitation to join the move.`
          : `${proposal.email} was not invited.`,
        link: transactionPath(txId, { tab: 'people' }),
        publicUrl: ctx.publicUrl,
        deliverMail: ctx.deliverMail,
      })
    }
  })
}
