/**
 * Account settings: profile, password change, active sessions and the
 * person's own security events. Sessions are named by their id only: tokens never leave the server.
 */
import { z } from 'zod'
import { ACCOUNT_LANGUAGES } from '../domain/account-language'
import { Email, FullName, Password } from './auth'
import { Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

/** PATCH /api/account/profile: the name, and (left out: unchanged) the language emails greet in. */
export const UpdateProfileInput = z.object({
  fullName: FullName,
  language: z.enum(ACCOUNT_LANGUAGES, { message: 'Choose English or Cymraeg' }).optional(),
})
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>

/** GET and PATCH /api/account/profile; `language` 'en' (English) or 'cy' (Cymraeg): decision 067. */
export const AccountProfile = z.object({ fullName: z.string(), email: z.string(), language: z.enum(ACCOUNT_LANGUAGES) })
export type AccountProfile = z.infer<typeof AccountProfile>

/**
 * Body of POST /api/auth/change-password as our edge accepts it; other sessions are always ended
 * (ASVS 7.4.3), so `revokeOtherSessions` is not the client's choice.
 */
export const ChangePasswordInput = z.object({
  currentPassword: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(128),
  newPassword: Password,
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>

/**
 * Body of POST /api/auth/change-email as our edge accepts it: a link goes to the new address and the
 * change happens when it is opened. No callbackURL: the link opens our own /verify-email page.
 */
export const ChangeEmailInput = z.object({ newEmail: Email })
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>

/** One active session of the signed-in person (GET /api/account/sessions). */
export const AccountSession = z.object({
  id: z.string(),
  /** From the user agent, e.g. 'Chrome on Windows'; 'Unknown device' when there is none. */
  device: z.string(),
  /** Client IP when the session began; no location database, so no place name. */
  ip: z.string().nullable(),
  createdAt: Timestamp,
  /** When the session was last renewed (Better Auth renews at most once a day). */
  lastActiveAt: Timestamp,
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof AccountSession>

export const AccountSessionList = z.object({
  sessions: z.array(AccountSession),
  /**
   * Whether this session began recently enough (Better Auth's session.freshAge, one day) to change the
   * password without signing in again (ASVS 7.5.1); the server checks again on the change itself.
   */
  signedInRecently: z.boolean(),
})
export type AccountSessionList = z.infer<typeof AccountSessionList>

/** Path parameters of DELETE /api/account/sessions/{sessionId}. */
export const SessionParams = z.object({ sessionId: z.string().min(1).max(200) })

/** What a security event records. */
export const SECURITY_EVENT_KINDS = [
  'account.created',
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'password.changed',
  'password.change_failed',
  'sessions.revoked',
  // Recorded when a change-email link is opened (auth/change-email.ts).
  'email.changed',
  /** The person downloaded their data (GET /api/account/export). */
  'data.exported',
  /** The account was deleted; kept with user_id null (docs/decisions/011-data-rights.md). */
  'account.deleted',
  // Two-factor authentication: features/auth/record-security-events.ts.
  'mfa.enabled',
  'mfa.disabled',
  'mfa.backup_codes_regenerated',
  'mfa.failed',
  'mfa.locked',
  // OpenID Connect identities: features/identities/. Detail { provider, providerName, via? }.
  'identity.linked',
  'identity.unlinked',
  'identity.link_failed',
  // Firm membership, recorded on the account of the person who made the change, in the same database
  // transaction (core/audit/firm-events.ts; docs/decisions/018). Detail { organization_id, firm, ... }.
  'firm.created',
  'firm.claimed',
  'firm.member_joined',
  'firm.role_changed',
  'firm.member_removed',
  'firm.invitation_sent',
  'firm.invitation_revoked',
  // Matters and the firm's settings (features/firms/reassign-matter.ts, core/clocks/sla-settings.ts,
  // features/enquiries/standard-enquiries.ts), for the firm's activity page.
  'firm.matter_reassigned',
  'firm.sla_targets_changed',
  'firm.standard_enquiries_changed',
  // The open API (features/api-access/): a person's own tokens and webhook endpoints. Detail
  // { token_id, name, prefix, scopes } or { endpoint_id, url }; never the secret.
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.removed',
  'webhook.secret_rotated',
  // The same for a firm's API keys and webhook endpoints (its admins), on the firm's activity page.
  'firm.api_key_created',
  'firm.api_key_revoked',
  'firm.webhook_created',
  'firm.webhook_removed',
  'firm.webhook_secret_rotated',
  // Billing (features/billing/billing-events.ts): Pro checkout, seats, cancellation, for the firm's
  // activity page; and a refused payments webhook (bad signature, replay), recorded with no person.
  'firm.billing_checkout_started',
  'firm.billing_subscribed',
  'firm.billing_payment_failed',
  'firm.billing_checkout_abandoned',
  'firm.billing_seats_changed',
  'firm.billing_seats_refused',
  'firm.billing_cancelled',
  'firm.billing_resumed',
  'payments.webhook_refused',
  // The firm's public profile (features/firm-profile/): detail { fields, logo?, regulator_status? }.
  'firm.profile_updated',
] as const
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number]

/** Which sessions a revocation ended: one chosen session, all but this one, or all (spec's local / others / global). */
export const REVOKE_SCOPES = ['one', 'others', 'global'] as const

export const SecurityEvent = z.object({
  id: Uuid,
  kind: z.enum(SECURITY_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  device: z.string(),
  createdAt: Timestamp,
})
export type SecurityEvent = z.infer<typeof SecurityEvent>

/** GET /api/account/security-events: the viewer's own, newest first (at most 100). */
export const SecurityEventList = z.object({ events: z.array(SecurityEvent) })
export type SecurityEventList = z.infer<typeof SecurityEventList>

/** The account-settings endpoints (password, email and sign-out changes are Better Auth's, under /api/auth). */
export const accountEndpoints = {
  profile: endpoint({
    method: 'get',
    path: '/account/profile',
    summary: "The viewer's full name and email",
    responses: { 200: json('Profile', AccountProfile), ...ERRORS },
  }),
  updateProfile: endpoint({
    method: 'patch',
    path: '/account/profile',
    summary: 'Change the full name (profile and sign-in account together)',
    request: { body: jsonBody(UpdateProfileInput) },
    responses: { 200: json('Saved', AccountProfile), ...ERRORS },
  }),
  sessions: endpoint({
    method: 'get',
    path: '/account/sessions',
    summary: "The viewer's active sessions, this one first",
    responses: { 200: json('Sessions', AccountSessionList), ...ERRORS },
  }),
  revokeSession: endpoint({
    method: 'delete',
    path: '/account/sessions/{sessionId}',
    summary: "End one of the viewer's sessions",
    request: { params: SessionParams },
    responses: { 204: { description: 'Ended' }, ...ERRORS },
  }),
  securityEvents: endpoint({
    method: 'get',
    path: '/account/security-events',
    summary: "The viewer's own security events, newest first (at most 100)",
    responses: { 200: json('Events', SecurityEventList), ...ERRORS },
  }),
}
