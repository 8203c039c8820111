/**
 * Contracts for invitations: a single-use link /invite/{token}, valid 7 days, bound to the
 * invited email. Inviting the same email to the same transaction again re-sends the pending one.
 */
import { z } from 'zod'
import { ORGANIZATION_TYPES } from '../domain/organizations'
import { INVITABLE_ROLES, INVITATION_ROLES, PARTICIPANT_ROLES } from '../domain/roles'
import { Email } from './auth'
import { Timestamp, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'

export { INVITABLE_ROLES, type InvitableRole } from '../domain/roles'

/**
 * POST /api/transactions/{txId}/invitations. Either an email and a role (People tab), or an
 * organization_id from the marketplace (its contact email; the role follows from its type and the
 * inviter's side, or `role` when given).
 */
export const CreateInvitationInput = z
  .object({
    email: Email.optional(),
    role: z.enum(INVITABLE_ROLES, { message: 'Choose a role for the person you invite' }).optional(),
    organization_id: Uuid.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.organization_id && v.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Invite either an email address or a firm, not both' })
    }
    if (!v.organization_id && !v.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter the email address of the person to invite' })
    }
    if (!v.organization_id && !v.role) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose a role for the person you invite' })
    }
  })
export type CreateInvitationInput = z.infer<typeof CreateInvitationInput>

/**
 * 'proposed': a side's professional proposed this person and the side's client has not answered
 * (no link sent yet); 'declined': the client said no (decision 014).
 */
export const INVITATION_STATUSES = ['pending', 'proposed', 'accepted', 'declined', 'revoked', 'expired'] as const

export const Invitation = z.object({
  id: Uuid,
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expires_at: Timestamp,
  created_at: Timestamp,
  last_sent_at: Timestamp,
  send_count: z.number().int(),
  /** `role`: the inviter's role on the move now (null once they left): only their side may re-send or withdraw. */
  invited_by: z
    .object({ id: z.string(), full_name: z.string(), role: z.enum(PARTICIPANT_ROLES).nullable() })
    .nullable(),
  organization: z.object({ id: Uuid, name: z.string(), type: z.enum(ORGANIZATION_TYPES) }).nullable(),
  /** Who accepted or declined it, when it began as a proposal (decision 014); null otherwise. */
  decided_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
})
export type Invitation = z.infer<typeof Invitation>

/** POST /api/transactions/{txId}/invitations/{invitationId}/decision: the client's answer to a proposal. */
export const DecideProposalInput = z.object({
  decision: z.enum(['accept', 'decline'], { message: 'Choose accept or decline' }),
})
export type DecideProposalInput = z.infer<typeof DecideProposalInput>

/** GET /api/transactions/{txId}/invitations */
export const InvitationList = z.object({ invitations: z.array(Invitation) })
export type InvitationList = z.infer<typeof InvitationList>

export const InvitationParams = z.object({ txId: Uuid, invitationId: Uuid })
export const InvitationTokenParams = z.object({ token: z.string().min(20).max(200) })

/**
 * GET /api/invitations/{token}: what the link's page shows before accepting (public: the token is
 * the secret). `status` explains a used, revoked or expired link.
 */
export const InvitationPreview = z.object({
  /** `superseded`: this link was replaced by a re-send; the newest email has the working one. */
  status: z.enum([...INVITATION_STATUSES, 'superseded']),
  /**
   * The invited address, masked ('j***@example.com'): the only address in this public answer (a
   * forwarded or leaked link does not tell its holder whom it was for; security battery 2026-12, I1).
   */
  email: z.string(),
  /** 'giftor': someone giving money towards the deposit, who will see only their gift (decision 037). */
  role: z.enum(INVITATION_ROLES),
  invited_by_name: z.string().nullable(),
  property: z.object({ address_lines: z.array(z.string()), postcode: z.string() }).nullable(),
  expires_at: Timestamp,
  /** When the newest email of this invitation was sent. */
  last_sent_at: Timestamp,
})
export type InvitationPreview = z.infer<typeof InvitationPreview>

/** POST /api/invitations/{token}/accept: joins the signed-in person (whose email must match). */
export const AcceptInvitationResponse = z.object({
  transaction_id: Uuid,
  /** Set for a giftor's invitation: their gift page is where they go (they cannot open the move). */
  gift_id: Uuid.nullable(),
})
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>

/** The invitation endpoints. */
export const invitationEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/invitations',
    summary: "A transaction's invitations, newest first",
    request: { params: TransactionParams },
    responses: { 200: json('Invitations', InvitationList), ...ERRORS },
  }),
  create: endpoint({
    method: 'post',
    path: '/transactions/{txId}/invitations',
    summary: 'Invite by email and role, or a marketplace firm by organization_id (re-sends a pending one)',
    request: { params: TransactionParams, body: jsonBody(CreateInvitationInput) },
    responses: { 201: json('Invitation sent', Invitation), 409: { description: 'Already on the move' }, ...ERRORS },
  }),
  resend: endpoint({
    method: 'post',
    path: '/transactions/{txId}/invitations/{invitationId}/resend',
    summary: 'Re-send a pending invitation with a fresh link',
    request: { params: InvitationParams },
    responses: { 200: json('Re-sent', Invitation), ...ERRORS },
  }),
  revoke: endpoint({
    method: 'delete',
    path: '/transactions/{txId}/invitations/{invitationId}',
    summary: 'Withdraw a pending invitation',
    request: { params: InvitationParams },
    responses: { 204: { description: 'Withdrawn' }, ...ERRORS },
  }),
  decide: endpoint({
    method: 'post',
    path: '/transactions/{txId}/invitations/{invitationId}/decision',
    summary: "Accept (the invitation is emailed) or decline a proposed appointment: the side's client (decision 014)",
    request: { params: InvitationParams, body: jsonBody(DecideProposalInput) },
    responses: { 200: json('Decided', Invitation), 409: { description: 'Already answered or on the move' }, ...ERRORS },
  }),
  preview: endpoint({
    method: 'get',
    path: '/invitations/{token}',
    security: PUBLIC,
    summary: 'What an invitation link is for (public: the token is the secret)',
    request: { params: InvitationTokenParams },
    responses: { 200: json('Preview', InvitationPreview), ...ERRORS },
  }),
  accept: endpoint({
    method: 'post',
    path: '/invitations/{token}/accept',
    summary: 'Accept an invitation as the signed-in person (email must match)',
    request: { params: InvitationTokenParams },
    responses: {
      200: json('Joined', AcceptInvitationResponse),
      403: { description: 'Signed in with another email' },
      410: { description: 'Used, withdrawn or expired' },
      ...ERRORS,
    },
  }),
}
