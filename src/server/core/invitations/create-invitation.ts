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
import { appointmentFor, clientSideOfRole, proposalDecider } from '#shared/domain/appointments.ts'
import { sideActivityAudience } from '#shared/domain/activity-audiences.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import {
  isJointClientRole,
  jointParticipantRole,
  MAX_CLIENTS_PER_SIDE,
  participantRoleLabel,
} from '#shared/domain/roles.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { giftorGiftPath, invitationPath, transactionPath } from '#shared/paths.ts'
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
import { firmOfSide } from '#server/access/firms.ts'
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
 * The role `profileId` holds on move `txId` now: their participant role, else 'buyer' or 'seller'
 * from the move's columns, else the conveyancer role of a firm instructed on it (the same order as
 * access/transactions.ts viewerRoleSql); null when they are not on it. Used to judge an appointer.
 */
export async function roleOnMove(tx: Tx, txId: string, profileId: string | null): Promise<string | null> {
  if (!profileId) return null
  const res = await tx.execute(sql`
    select coalesce(
        (select tp.role from transaction_participants tp where tp.transaction_id = t.id and tp.user_id = ${profileId}),
        case when t.buyer_user_id = ${profileId} then 'buyer' when t.seller_user_id = ${profileId} then 'seller' end,
        (select case m.side when 'buyer' then 'buyer_conveyancer' else 'seller_conveyancer' end
          from matters m join organization_members om on om.organization_id = m.organization_id and om.removed_at is null
          where m.transaction_id = t.id and om.profile_id = ${profileId} order by m.side limit 1)
      ) as role
    from transactions t where t.id = ${txId}`)
  return firstRow(z.object({ role: z.string().nullable() }), res)?.role ?? null
}

/**
 * True when the person with `email` (an account) is a current member of the firm instructed for the
 * `side` on move `txId` (its matter, else its conveyancer's firm): a conveyancer handing the file to
 * them is a reassignment inside the firm (decision 014). False when there is no such firm or account.
 */
export async function isColleagueAtSideFirm(
  tx: Tx,
  txId: string,
  side: 'buyer' | 'seller',
  who: { email: string } | { profileId: string },
): Promise<boolean> {
  const firm = await firmOfSide(tx, txId, side)
  if (!firm) return false
  const person = 'email' in who ? sql`lower(p.email) = lower(${who.email})` : sql`p.id = ${who.profileId}`
  const res = await tx.execute(sql`select 1 from organization_members om join profiles p on p.id = om.profile_id
    where om.organization_id = ${firm} and om.removed_at is null and ${person}`)
  return res.rows.length > 0
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
  const email = inv.gift
    ? giftorInvitationEmail({
        ...mail,
        amountPence: inv.gift.amountPence,
        giftLink: `${ctx.publicUrl}${giftorGiftPath(inv.gift.id)}`,
      })
    : invitationEmail(mail)
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

/**
 * A joint buyer (seller) joins beside the side's lead (decision 070): 409 when the move has no buyer
 * (seller) yet (invite them as the buyer first), when the person is the lead, or when the side would
 * pass MAX_CLIENTS_PER_SIDE clients, counting those on the move and the joint invitations still
 * pending for other people (at most four hold the legal title).
 */
async function assertJointSeatOpen(tx: Tx, txId: string, side: 'buyer' | 'seller', email: string): Promise<void> {
  const jointRole = side === 'buyer' ? 'co_buyer' : 'co_seller'
  const res = await tx.execute(sql`
    select (select ${side === 'buyer' ? sql`buyer_user_id` : sql`seller_user_id`} from transactions where id = ${txId}) as lead,
      (select lower(p.email) from transactions t join profiles p
        on p.id = ${side === 'buyer' ? sql`t.buyer_user_id` : sql`t.seller_user_id`} where t.id = ${txId}) as lead_email,
      (select count(*)::int from (select user_id from transaction_participants where transaction_id = ${txId} and role = ${side}
        union select ${side === 'buyer' ? sql`buyer_user_id` : sql`seller_user_id`} from transactions
          where id = ${txId} and ${side === 'buyer' ? sql`buyer_user_id` : sql`seller_user_id`} is not null) c) as clients,
      (select count(*)::int from invitations where transaction_id = ${txId} and role = ${jointRole}
        and status in ('pending', 'proposed') and email <> ${email}) as pending`)
  const seat = firstRow(
    z.object({
      lead: z.string().nullable(),
      lead_email: z.string().nullable(),
      clients: z.number(),
      pending: z.number(),
    }),
    res,
  )
  if (!seat?.lead)
    throw new AppError(
      'conflict',
      `This move has no ${side} yet: invite them as the ${side} first, then a joint ${side}.`,
    )
  if (seat.lead_email === email) throw new AppError('conflict', `${email} is already the ${side} on this move.`)
  if (seat.clients + seat.pending >= MAX_CLIENTS_PER_SIDE)
    throw new AppError(
      'conflict',
      `A property can have at most ${MAX_CLIENTS_PER_SIDE} legal owners, so this move cannot take another joint ${side}.`,
    )
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
    // Appointments follow the instruction (decision 014): the client, or their conveyancer, appoints;
    // the side's other professionals only propose, and the client accepts before anyone is emailed.
    const way = appointmentFor(inviterRole, role)
    const side = clientSideOfRole(role)
    const proposal =
      way === 'propose' || (way === 'firm' && !!side && !(await isColleagueAtSideFirm(tx, txId, side, { email })))
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
    if (isJointClientRole(role)) await assertJointSeatOpen(tx, txId, jointParticipantRole(role), email)
    const pending = await tx.execute(sql`
      select id, role from invitations where transaction_id = ${txId} and email = ${email} and status = 'pending'
        and gift_id is null for update`)
    const existing = firstRow(z.object({ id: z.string(), role: z.enum(INVITABLE_ROLES) }), pending)
    if (proposal) return proposeAppointment(tx, ctx, { txId, email, role, organizationId, invitedAlready: !!existing })
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

/**
 * Records a proposal (decision 014): an invitation row in status 'proposed' whose link is never
 * sent; the side's client is told (bell and email) and accepts or declines it on the People tab
 * (features/invitations/decide-proposal.ts). 409 when the person already has an invitation or an
 * open proposal on this move. Returns the invitation id. Also used to invite a recorded off-platform
 * party (features/off-platform-parties/invite-party.ts).
 */
export async function proposeAppointment(
  tx: Tx,
  ctx: InvitationContext,
  p: { txId: string; email: string; role: InvitableRole; organizationId: string | null; invitedAlready: boolean },
): Promise<string> {
  const who = proposalDecider(p.role)
  if (p.invitedAlready) throw new AppError('conflict', `${p.email} already has an invitation to this move.`)
  const open = await tx.execute(
    sql`select 1 from invitations where transaction_id = ${p.txId} and email = ${p.email} and status = 'proposed'`,
  )
  if (open.rows.length)
    throw new AppError('conflict', `${p.email} has already been proposed; ${who} has not answered yet.`)
  await limitInvitationSend(tx, { profileId: ctx.viewer.profileId, txId: p.txId })
  // The token is never sent: the link is issued afresh when the client accepts (sendInvitation).
  const { tokenHash, expiresAt } = newInvitationToken()
  const [row] = await tx
    .insert(invitations)
    .values({
      transactionId: p.txId,
      email: p.email,
      role: p.role,
      organizationId: p.organizationId,
      invitedBy: ctx.viewer.profileId,
      status: 'proposed',
      tokenHash,
      expiresAt,
    })
    .returning({ id: invitations.id })
  const label = participantRoleLabel(p.role)
  const [move] = await tx
    .select({ buyer: transactions.buyerUserId, seller: transactions.sellerUserId })
    .from(transactions)
    .where(eq(transactions.id, p.txId))
  const client = clientSideOfRole(p.role) === 'seller' ? move?.seller : move?.buyer
  if (client) {
    const address = await propertyAddress(tx, p.txId)
    await notifyPeople(tx, {
      recipients: [client],
      kind: 'invitation',
      transactionId: p.txId,
      actorId: ctx.viewer.profileId,
      title: singleLine(`${ctx.viewer.fullName} proposed ${p.email} as your ${label}`),
      body: `For your move at ${address}. They join only if you accept: open People to accept or decline.`,
      link: transactionPath(p.txId, { tab: 'people' }),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
  }
  await recordActivity(tx, {
    transactionId: p.txId,
    actorId: ctx.viewer.profileId,
    kind: 'invitation.proposed',
    summary: `proposed ${p.email} as ${label}, for ${who} to accept`,
    payload: { invitationId: row.id },
    audience: sideActivityAudience(clientSideOfRole(p.role) ?? 'buyer'),
  })
  return row.id
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
    if (inv.status === 'proposed')
      throw new AppError(
        'conflict',
        `This is a proposal: ${proposalDecider(inv.role)} is asked to accept it first, and the link is emailed when they do.`,
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

/** Withdraws a pending invitation (its link stops working at once) or an open proposal. 403 for the other side. */
export async function revokeInvitation(ctx: InvitationContext & { txId: string; invitationId: string }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole } = await lockTransactionForViewer(tx, ctx.viewer, ctx.txId)
    const found = await tx.execute(sql`select invited_by from invitations
      where id = ${ctx.invitationId} and transaction_id = ${ctx.txId} and status in ('pending', 'proposed') and gift_id is null for update`)
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
