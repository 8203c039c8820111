/**
 * Invites someone to a transaction by email and role, or a marketplace firm by its contact email
 *. Inviting an email that already has a pending invitation re-sends it (new link, new 7-day
 * expiry), never a second row. The invitation, its email (outbox) and the audit entry are written in
 * one database transaction.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { INVITABLE_ROLES, type CreateInvitationInput, type InvitableRole } from '#shared/contracts/invitations.ts'
import type { InvitationRole } from '#shared/domain/roles.ts'
import {
  canInvite,
  canInviteRole,
  canManageInvitation,
  otherSideInviteMessage,
  roleForOrganizationInvite,
} from '#shared/domain/permissions.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { invitationPath } from '#shared/paths.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { invitations, organizations, profiles, properties, transactions } from '#server/db/schema/index.ts'
import { AppError } from '../errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { notifyPeople } from '../notify/notify-people.ts'
import { recordActivity } from '../audit/record-activity.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { giftorInvitationEmail, invitationEmail } from './invitation-email'
import { limitInvitationSend } from './invitation-limits'
import { newInvitationToken } from './invitation-token'

export interface InvitationContext {
  database: Database
  viewer: Viewer
  publicUrl: string
  deliverMail: boolean
}

/**
 * A completed or cancelled move takes no one new: acceptInvitation refuses such links (410), so sending
 * one would only mail a dead link. 409, nothing written.
 */
function assertOpenToNewPeople(status: string): void {
  if (status === 'completed' || status === 'cancelled') {
    throw new AppError('conflict', `This move is ${status}, so no one new can be invited to it.`)
  }
}

async function propertyAddress(tx: Tx, txId: string): Promise<string> {
  const [row] = await tx
    .select({ addressLines: properties.addressLines, postcode: properties.postcode })
    .from(properties)
    .where(eq(properties.transactionId, txId))
  return row ? `${row.addressLines[0]}, ${row.postcode}` : 'your move'
}

/**
 * 403 unless the viewer sent the invitation or is on the same side as whoever did
 * (`canManageInvitation`). The inviter's side is their role on this move now (participant row, else
 * the buyer or seller column).
 */
async function assertMayManage(
  tx: Tx,
  viewer: { profileId: string; role: string },
  txId: string,
  invitedBy: string | null,
  action: string,
): Promise<void> {
  const res = await tx.execute(sql`
    select coalesce(
        (select tp.role from transaction_participants tp where tp.transaction_id = t.id and tp.user_id = ${invitedBy}),
        case when t.buyer_user_id = ${invitedBy} then 'buyer' when t.seller_user_id = ${invitedBy} then 'seller' end
      ) as role, (select full_name from profiles where id = ${invitedBy}) as name
    from transactions t where t.id = ${txId}`)
  const inviter = firstRow(z.object({ role: z.string().nullable(), name: z.string().nullable() }), res)
  requirePermission(
    'delete:invitation:own-side',
    canManageInvitation(viewer, { profileId: invitedBy, role: inviter?.role }),
    `Only ${inviter?.name ?? 'the person who sent this invitation'} or someone on their side of the move can ${action} it.`,
  )
}

/**
 * Sends (or re-sends) the invitation email with a fresh token; returns the invitation id. Also used
 * when a firm opens a matter and invites its client (features/firms/open-matter.ts), inside its write.
 */
export async function sendInvitation(
  tx: Tx,
  ctx: Omit<InvitationContext, 'database'> & { database?: Database },
  inv: {
    id?: string
    txId: string
    email: string
    role: InvitationRole
    organizationId: string | null
    /** For role 'giftor': the gift they are asked to declare (features/funds/giftor.ts), and its amount in pence. */
    gift?: { id: string; amountPence: number }
  },
): Promise<string> {
  const { token, tokenHash, expiresAt } = newInvitationToken()
  let id = inv.id
  if (id) {
    // The replaced link stays recognisable: it says a newer invitation was sent.
    await tx.execute(sql`insert into invitation_superseded_tokens (token_hash, invitation_id)
      select token_hash, id from invitations where id = ${id} on conflict do nothing`)
    await tx
      .update(invitations)
      .set({ tokenHash, expiresAt, sendCount: sql`${invitations.sendCount} + 1`, lastSentAt: sql`now()` })
      .where(eq(invitations.id, id))
  } else {
    const [row] = await tx
      .insert(invitations)
      .values({
        transactionId: inv.txId,
        email: inv.email,
        role: inv.role,
        organizationId: inv.organizationId,
        invitedBy: ctx.viewer.profileId,
        giftId: inv.gift?.id ?? null,
        tokenHash,
        expiresAt,
      })
      .returning({ id: invitations.id })
    id = row.id
  }
  const address = await propertyAddress(tx, inv.txId)
  const mail = {
    to: inv.email,
    inviterName: ctx.viewer.fullName,
    role: inv.role,
    address,
    link: `${ctx.publicUrl}${invitationPath(token)}`,
    expiresAt,
    transactionId: inv.txId,
  }
  const email = inv.gift ? giftorInvitationEmail({ ...mail, amountPence: inv.gift.amountPence }) : invitationEmail(mail)
  // Someone who already has an account also sees it in the app, and their email settings
  // apply; anyone else gets the email, which is how they can join at all.
  const [existing] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = lower(${inv.email})`)
  const profileId = existing?.id
  if (profileId) {
    await notifyPeople(tx, {
      recipients: [profileId],
      kind: 'invitation',
      transactionId: null,
      actorId: ctx.viewer.profileId,
      title: inv.gift
        ? singleLine(`${ctx.viewer.fullName} asked you to confirm your gift towards their deposit`)
        : singleLine(`${ctx.viewer.fullName} invited you to their move at ${address}`),
      body: inv.gift
        ? `Verify your identity and sign the gifted-deposit declaration. The invitation is open until ${ukDate(expiresAt)}.`
        : `As ${participantRoleLabel(inv.role)}. The invitation is open until ${ukDate(expiresAt)}.`,
      link: invitationPath(token),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
      customEmail: () => email,
    })
  } else {
    await enqueueMail(tx, email, { deliver: ctx.deliverMail })
  }
  return id
}

export async function createInvitation(
  ctx: InvitationContext & { txId: string; input: CreateInvitationInput },
): Promise<string> {
  const { txId, input } = ctx
  return ctx.database.db.transaction(async (tx) => {
    const { role: inviterRole, status } = await lockTransactionForViewer(tx, ctx.viewer, txId)
    requirePermission('create:invitation:party', canInvite(inviterRole), 'You cannot invite people to this move.')
    requireVerifiedEmail(ctx.viewer, 'invite people')
    assertOpenToNewPeople(status)
    let email: string
    let role: InvitableRole
    let organizationId: string | null = null
    if (input.organization_id) {
      const [org] = await tx
        .select({
          id: organizations.id,
          name: organizations.name,
          type: organizations.type,
          contactEmail: organizations.contactEmail,
        })
        .from(organizations)
        .where(eq(organizations.id, input.organization_id))
      if (!org) throw new AppError('not_found', 'Could not find this professional.')
      if (!org.contactEmail)
        throw new AppError(
          'unprocessable',
          `${org.name} has no contact email yet, so they cannot be invited from here.`,
        )
      const derived = input.role ?? roleForOrganizationInvite(org.type, inviterRole)
      if (!derived) throw new AppError('unprocessable', `Choose the role ${org.name} will have on this move.`)
      email = org.contactEmail.toLowerCase()
      role = derived
      organizationId = org.id
    } else {
      email = input.email!.toLowerCase()
      role = input.role!
    }
    // Each side appoints its own professionals: 403, nothing written.
    requirePermission('create:invitation:own-side', canInviteRole(inviterRole, role), otherSideInviteMessage(role))
    const onAlready = await tx.execute(sql`
      select 1 from transaction_participants tp join profiles p on p.id = tp.user_id
      where tp.transaction_id = ${txId} and lower(p.email) = ${email}`)
    if (onAlready.rows.length) throw new AppError('conflict', `${email} is already on this move.`)
    if (role === 'buyer' || role === 'seller') {
      const [t] = await tx
        .select({ buyerUserId: transactions.buyerUserId, sellerUserId: transactions.sellerUserId })
        .from(transactions)
        .where(eq(transactions.id, txId))
      if ((role === 'buyer' && t.buyerUserId) || (role === 'seller' && t.sellerUserId)) {
        throw new AppError('conflict', `This move already has a ${role}.`)
      }
    }
    const pending = await tx.execute(sql`
      select id, role from invitations where transaction_id = ${txId} and email = ${email} and status = 'pending'
        and gift_id is null for update`)
    const existing = firstRow(z.object({ id: z.string(), role: z.enum(INVITABLE_ROLES) }), pending)
    if (existing && existing.role !== role) {
      // Same person, new role: the pending invitation is updated rather than duplicated.
      await tx.update(invitations).set({ role, organizationId }).where(eq(invitations.id, existing.id))
    }
    await limitInvitationSend(tx, { profileId: ctx.viewer.profileId, txId, resendOf: existing?.id })
    const id = await sendInvitation(tx, ctx, { id: existing?.id, txId, email, role, organizationId })
    await recordActivity(tx, {
      transactionId: txId,
      actorId: ctx.viewer.profileId,
      kind: existing ? 'invitation.resent' : 'invitation.sent',
      summary: `${existing ? 're-sent the invitation to' : 'invited'} ${email} as ${participantRoleLabel(role)}`,
      payload: { invitationId: id },
    })
    return id
  })
}

/** Re-sends a pending invitation with a fresh link and expiry. 409 when it is no longer pending. */
export async function resendInvitation(ctx: InvitationContext & { txId: string; invitationId: string }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const { status, role: viewerRole } = await lockTransactionForViewer(tx, ctx.viewer, ctx.txId)
    requireVerifiedEmail(ctx.viewer, 'invite people')
    assertOpenToNewPeople(status)
    // A giftor's invitation is re-sent from the funding picture (features/funds/giftor.ts), not here.
    const res = await tx.execute(sql`select id, email, role, organization_id, status, invited_by from invitations
      where id = ${ctx.invitationId} and transaction_id = ${ctx.txId} and gift_id is null for update`)
    const inv = firstRow(
      z.object({
        id: z.string(),
        email: z.string(),
        role: z.enum(INVITABLE_ROLES),
        organization_id: z.string().nullable(),
        status: z.string(),
        invited_by: z.string().nullable(),
      }),
      res,
    )
    if (!inv) throw new AppError('not_found', 'Could not find this invitation.')
    await assertMayManage(
      tx,
      { profileId: ctx.viewer.profileId, role: viewerRole },
      ctx.txId,
      inv.invited_by,
      're-send',
    )
    if (inv.status !== 'pending')
      throw new AppError(
        'conflict',
        `This invitation was ${inv.status}, so it cannot be re-sent. Invite them again instead.`,
      )
    await limitInvitationSend(tx, { profileId: ctx.viewer.profileId, txId: ctx.txId, resendOf: inv.id })
    await sendInvitation(tx, ctx, {
      id: inv.id,
      txId: ctx.txId,
      email: inv.email,
      role: inv.role,
      organizationId: inv.organization_id,
    })
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'invitation.resent',
      summary: `re-sent the invitation to ${inv.email}`,
      payload: { invitationId: inv.id },
    })
  })
}

/** Withdraws a pending invitation: its link stops working at once. 403 for the other side. */
export async function revokeInvitation(ctx: InvitationContext & { txId: string; invitationId: string }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole } = await lockTransactionForViewer(tx, ctx.viewer, ctx.txId)
    const found = await tx.execute(sql`select invited_by from invitations
      where id = ${ctx.invitationId} and transaction_id = ${ctx.txId} and status = 'pending' and gift_id is null for update`)
    const pending = firstRow(z.object({ invited_by: z.string().nullable() }), found)
    if (!pending) throw new AppError('not_found', 'Could not find a pending invitation to withdraw.')
    await assertMayManage(
      tx,
      { profileId: ctx.viewer.profileId, role: viewerRole },
      ctx.txId,
      pending.invited_by,
      'withdraw',
    )
    const [row] = await tx
      .update(invitations)
      .set({ status: 'revoked', revokedAt: sql`now()` })
      .where(eq(invitations.id, ctx.invitationId))
      .returning({ email: invitations.email })
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'invitation.revoked',
      summary: `withdrew the invitation to ${row.email}`,
      payload: { invitationId: ctx.invitationId },
    })
  })
}
