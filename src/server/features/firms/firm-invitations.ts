/**
 * A firm admin invites colleagues by email in a member role; the invited person, signed in with that
 * email, accepts and joins the firm. Same link rules as invitations to a move (single use, 7 days,
 * only the token's hash stored: invitations/invitation-token.ts), and the email leaves through the
 * outbox in the same database transaction. Inviting a pending email again re-sends it with a new link.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FirmInvitationPreview, InviteMemberInput } from '#shared/contracts/firms.ts'
import { ORGANIZATION_TYPES } from '#shared/domain/organizations.ts'
import { canManageFirm, MEMBER_ROLES, memberRoleLabel, type MemberRole } from '#shared/domain/firms.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { firmInvitationPath } from '#shared/paths.ts'
import { lockViewerFirm } from '#server/access/firms.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, Timestamp } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { hashInvitationToken, maskEmail, newInvitationToken } from '#server/core/invitations/invitation-token.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'

interface Context {
  database: Database
  viewer: Viewer
  publicUrl: string
  deliverMail: boolean
  /** The request's client, recorded with the firm event. */
  origin?: ClientInfo
}

/** The viewer's firm when they are its admin; 403 otherwise (404-like rules do not apply: it is their own firm). */
async function lockFirmAsAdmin(tx: Tx, viewer: Viewer) {
  const firm = await lockViewerFirm(tx, viewer)
  if (!firm)
    throw new AppError('forbidden', 'You do not belong to a firm yet. Create your firm or claim its listing first.')
  if (!canManageFirm(firm.role)) throw new AppError('forbidden', `Only an admin of ${firm.firmName} can do this.`)
  return firm
}

/** Invites (or re-invites) `input.email` to the viewer's firm. Returns the invitation id. 409 when already a member. */
export async function inviteMember(ctx: Context & { input: InviteMemberInput }): Promise<string> {
  const email = ctx.input.email.toLowerCase()
  const role = ctx.input.role
  requireVerifiedEmail(ctx.viewer, 'invite colleagues')
  return ctx.database.db.transaction(async (tx) => {
    const firm = await lockFirmAsAdmin(tx, ctx.viewer)
    const member = await tx.execute(sql`select 1 from organization_members om join profiles p on p.id = om.profile_id
      where om.organization_id = ${firm.organizationId} and om.removed_at is null and lower(p.email) = ${email}`)
    if (member.rows.length) throw new AppError('conflict', `${email} is already a member of ${firm.firmName}.`)
    const { token, tokenHash, expiresAt } = newInvitationToken()
    const res = await tx.execute(sql`
      insert into organization_invitations (organization_id, email, role, invited_by, token_hash, expires_at)
      values (${firm.organizationId}, ${email}, ${role}, ${ctx.viewer.profileId}, ${tokenHash}, ${expiresAt.toISOString()})
      on conflict (organization_id, email) where status = 'pending'
      do update set role = excluded.role, token_hash = excluded.token_hash, expires_at = excluded.expires_at,
        invited_by = excluded.invited_by
      returning id`)
    const id = oneRow(IdRow, res).id
    const inviter = singleLine(ctx.viewer.fullName)
    const firmName = singleLine(firm.firmName)
    await enqueueMail(
      tx,
      {
        to: email,
        subject: `${inviter} invited you to join ${firmName} on Homeward`,
        text: [
          `${inviter} has invited you to join ${firmName} on Homeward, as ${memberRoleLabel(role)}.`,
          '',
          "You will see the firm's matters on its cases board and can work on them with your colleagues.",
          '',
          `Join ${firmName}: ${ctx.publicUrl}${firmInvitationPath(token, email)}`,
          '',
          `This link works once, only for ${email}, until ${ukDate(expiresAt)}. If you were not expecting it, you can ignore this email.`,
        ].join('\n'),
        kind: 'firm_invitation',
      },
      { deliver: ctx.deliverMail },
    )
    await recordFirmEvent(tx, {
      viewer: ctx.viewer,
      kind: 'firm.invitation_sent',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: { invitation_id: id, email, role },
      origin: ctx.origin,
    })
    return id
  })
}

/**
 * Withdraws a pending invitation of the viewer's firm (admins; 403 otherwise). 404 for another firm's
 * or an unknown one. Records `firm.invitation_revoked`.
 */
export async function revokeFirmInvitation(ctx: Context & { invitationId: string }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const firm = await lockFirmAsAdmin(tx, ctx.viewer)
    const res = await tx.execute(sql`update organization_invitations set status = 'revoked'
      where id = ${ctx.invitationId} and organization_id = ${firm.organizationId} and status = 'pending'
      returning id, email, role`)
    const inv = firstRow(z.object({ id: z.string(), email: z.string(), role: z.string() }), res)
    if (!inv) throw new AppError('not_found', 'Could not find this invitation.')
    await recordFirmEvent(tx, {
      viewer: ctx.viewer,
      kind: 'firm.invitation_revoked',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: { invitation_id: inv.id, email: inv.email, role: inv.role },
      origin: ctx.origin,
    })
  })
}

/**
 * Accepts a firm invitation as the signed-in viewer: the email must match, the link be pending and
 * unexpired, and the viewer in no other firm (409: leave it first). Joins in the invited role.
 */
export async function acceptFirmInvitation({
  database,
  viewer,
  token,
  origin,
}: {
  database: Database
  viewer: Viewer
  token: string
  origin?: ClientInfo
}): Promise<{ organization_id: string; role: MemberRole }> {
  return database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`select i.id, i.organization_id, i.email, i.role, i.status, i.expires_at, o.name
      from organization_invitations i join organizations o on o.id = i.organization_id
      where i.token_hash = ${hashInvitationToken(token)} for update of i`)
    const inv = firstRow(
      z.object({
        id: z.string(),
        organization_id: z.string(),
        email: z.string(),
        role: z.enum(MEMBER_ROLES),
        status: z.string(),
        expires_at: Timestamp,
        name: z.string(),
      }),
      res,
    )
    if (!inv)
      throw new AppError(
        'not_found',
        'This invitation link is not valid. Check that you used the whole link from the email.',
      )
    if (inv.status !== 'pending')
      throw new AppError('gone', 'This invitation has already been used or was withdrawn. Ask the firm for a new one.')
    if (new Date(inv.expires_at) < new Date())
      throw new AppError('gone', 'This invitation has expired. Ask the firm for a new one.')
    if (inv.email !== viewer.email.toLowerCase()) {
      throw new AppError(
        'forbidden',
        `This invitation is for another email address. Sign in as ${inv.email} to accept it.`,
      )
    }
    const current =
      await tx.execute(sql`select o.id, o.name from organization_members om join organizations o on o.id = om.organization_id
      where om.profile_id = ${viewer.profileId} and om.removed_at is null`)
    const other = firstRow(z.object({ id: z.string(), name: z.string() }), current)
    if (other?.id === inv.organization_id) throw new AppError('conflict', `You are already a member of ${inv.name}.`)
    if (other) throw new AppError('conflict', `You belong to ${other.name}. Leave it before you join ${inv.name}.`)
    await tx.execute(sql`insert into organization_members (organization_id, profile_id, role)
      values (${inv.organization_id}, ${viewer.profileId}, ${inv.role})`)
    await tx.execute(sql`update organization_invitations set status = 'accepted', accepted_at = now(), accepted_by = ${viewer.profileId}
      where id = ${inv.id}`)
    await recordFirmEvent(tx, {
      viewer,
      kind: 'firm.member_joined',
      organizationId: inv.organization_id,
      firmName: inv.name,
      detail: { invitation_id: inv.id, role: inv.role },
      origin,
    })
    return { organization_id: inv.organization_id, role: inv.role }
  })
}

const PreviewRow = z.object({
  status: z.enum(['pending', 'accepted', 'revoked']),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expires_at: Timestamp,
  firm_name: z.string(),
  firm_type: z.enum(ORGANIZATION_TYPES),
  invited_by_name: z.string().nullable(),
})

/**
 * What a firm invitation link is for (GET /api/firm-invitations/{token}, public: the token is the
 * secret): the firm's name and trade, the member role, who invited, the address masked, and whether
 * it can still be used ('expired' once pending past its date). 404 for a token that is no invitation's
 * current one (a re-sent invitation replaces its token).
 */
export async function previewFirmInvitation({
  database,
  token,
}: {
  database: Database
  token: string
}): Promise<FirmInvitationPreview> {
  const res = await database.db.execute(sql`select i.status, i.email, i.role, i.expires_at, o.name as firm_name,
      o.type as firm_type, p.full_name as invited_by_name
    from organization_invitations i join organizations o on o.id = i.organization_id
    left join profiles p on p.id = i.invited_by
    where i.token_hash = ${hashInvitationToken(token)}`)
  const inv = firstRow(PreviewRow, res)
  if (!inv)
    throw new AppError(
      'not_found',
      'This invitation link is not valid. Check that you used the whole link from the email, or ask the firm to send it again.',
    )
  const expired = inv.status === 'pending' && new Date(inv.expires_at) < new Date()
  return {
    status: expired ? 'expired' : inv.status,
    firm_name: inv.firm_name,
    firm_type: inv.firm_type,
    role: inv.role,
    invited_by_name: inv.invited_by_name,
    email: maskEmail(inv.email),
    expires_at: new Date(inv.expires_at).toISOString(),
  }
}
