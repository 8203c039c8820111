/**
 * OAuth / OpenID Connect sign-in and linked identities. Providers are configured by
 * the operator (OIDC_PROVIDERS); the browser starts a flow at POST /api/auth/sign-in/social (sign in,
 * or sign up with a role) or POST /api/auth/link-social (from settings) and is sent to the provider.
 */
import { z } from 'zod'
import { SIGNUP_ROLES } from '../domain/roles'
import { Timestamp } from './common'
import { endpoint, ERRORS, json, PUBLIC } from './endpoint'

/**
 * A same-origin path to return to after a provider ('/app/home', '/app/settings?x=1'). Refuses
 * absolute and protocol-relative URLs ('https://evil.example', '//evil.example', '/\evil'), their
 * percent-encoded forms ('/%2F%2Fevil.example', '/%5Cevil'), other schemes and control characters.
 * Browser checklist row 'redirect targets' (ASVS 3.7.2).
 */
export const SameOriginPath = z
  .string()
  .max(2000, 'A return path must be at most 2000 characters')
  .refine((v) => isSameOriginPath(v), { message: 'Must be a path on this site, such as /app/home' })

/** The rule of SameOriginPath, for code that is not parsing a body. */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false
  let decoded = value
  // Undo nested percent-encoding ('%252F' -> '%2F' -> '/') before looking again.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return false
    }
  }
  // eslint-disable-next-line no-control-regex
  if (decoded.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(decoded)) return false
  const base = 'http://homeward.invalid'
  // Normalised, dot segments can fold into a protocol-relative path ('/..//evil.example' ->
  // '//evil.example'): the normalised form must stay a plain path too.
  const sameOrigin = (v: string) => {
    const url = new URL(v, base)
    return url.origin === base && !url.pathname.startsWith('//')
  }
  try {
    return sameOrigin(value) && sameOrigin(decoded)
  } catch {
    return false
  }
}

/** A provider id as configured in OIDC_PROVIDERS. */
export const ProviderId = z
  .string({ message: 'Choose a sign-in provider' })
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Choose a sign-in provider')

/** One configured provider: what the 'Sign in with <name>' button says. */
export const AuthProvider = z.object({ id: z.string(), name: z.string() })
export type AuthProvider = z.infer<typeof AuthProvider>

/** GET /api/auth-providers (public): the configured providers; empty when none is configured. */
export const AuthProviderList = z.object({ providers: z.array(AuthProvider) })
export type AuthProviderList = z.infer<typeof AuthProviderList>

/**
 * Body of POST /api/auth/sign-in/social as our edge accepts it. With `role` ('I am a...', the Sign Up
 * tab) a new account may be created; without it only an existing account signs in.
 */
export const OAuthSignInInput = z.object({
  provider: ProviderId,
  /** Where to land once signed in; defaults to /app/home. */
  callbackURL: SameOriginPath.optional(),
  /** Where to land when the provider or the sign-in fails (with ?error=<code>); defaults to /auth. */
  errorCallbackURL: SameOriginPath.optional(),
  role: z.enum(SIGNUP_ROLES, { message: 'Please select your role before continuing.' }).optional(),
})
export type OAuthSignInInput = z.infer<typeof OAuthSignInInput>

/** Body of POST /api/auth/link-social: link a provider to the signed-in account (from settings). */
export const LinkIdentityInput = z.object({
  provider: ProviderId,
  callbackURL: SameOriginPath.optional(),
  errorCallbackURL: SameOriginPath.optional(),
})
export type LinkIdentityInput = z.infer<typeof LinkIdentityInput>

/** The answer of both: the provider's authorization URL to send the browser to. */
export const OAuthRedirect = z.object({ url: z.url() })
export type OAuthRedirect = z.infer<typeof OAuthRedirect>

/** One identity linked to the viewer's account. */
export const LinkedIdentity = z.object({
  /** Our id of the link (DELETE /api/account/identities/{id}). */
  id: z.string(),
  providerId: z.string(),
  /** The provider's configured name, or its id when it is no longer configured. */
  providerName: z.string(),
  /** The email the provider gave when it was linked, when it gave one. */
  email: z.string().nullable(),
  /** The provider's subject id for this person. */
  accountId: z.string(),
  linkedAt: Timestamp,
})
export type LinkedIdentity = z.infer<typeof LinkedIdentity>

/** GET /api/account/identities: the viewer's linked identities and what may be linked. */
export const LinkedIdentityList = z.object({
  identities: z.array(LinkedIdentity),
  /** Providers configured on this server (each can be linked once). */
  providers: z.array(AuthProvider),
  /** Whether the account has a password (another way to sign in). */
  hasPassword: z.boolean(),
})
export type LinkedIdentityList = z.infer<typeof LinkedIdentityList>

/** Path parameters of DELETE /api/account/identities/{identityId}. */
export const IdentityParams = z.object({ identityId: z.string().min(1).max(200) })

/** Refusal of unlinking the only way left to sign in. */
export const LAST_SIGN_IN_METHOD_MESSAGE =
  "You can't unlink this: it is your only way to sign in. Link another provider first, or set a password " +
  "(sign out, then use 'Forgot password?' on the sign-in page)."

/**
 * What a failed provider round trip means, by the `error` code in the URL it returns to (Better
 * Auth's callback codes and ours). `{provider}` is replaced by the provider's name.
 */
export const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  signup_disabled:
    'There is no Homeward account for this {provider} sign-in yet. To create one, open Sign Up, choose who you are, then continue with {provider}. If you already have an account, sign in and link {provider} in Settings.',
  account_not_linked:
    'An account with this email already exists but is not linked to {provider}. Sign in with your password or an emailed code, then link {provider} in Settings.',
  ROLE_REQUIRED: 'Choose who you are on the Sign Up tab before creating an account with {provider}.',
  access_denied: 'Sign-in with {provider} was cancelled.',
  email_not_found: '{provider} did not share your email address, so we cannot sign you in with it.',
  email_does_not_match:
    'The {provider} account uses a different email from your Homeward account. Sign in to {provider} with the same email, then try again.',
  unable_to_link_account:
    '{provider} could not be linked: it did not confirm that your email address is verified, or you were signed out meanwhile.',
  account_already_linked_to_different_user: 'This {provider} account is already linked to another Homeward account.',
  state_mismatch: 'That sign-in took too long or was started in another tab. Please try again.',
  state_not_found: 'That sign-in took too long or was started in another tab. Please try again.',
  state_invalid: 'That sign-in took too long or was started in another tab. Please try again.',
}

/** The message for an OAuth `error` code, with a generic fallback. */
export function oauthErrorMessage(code: string, providerName = 'the provider'): string {
  const text = OAUTH_ERROR_MESSAGES[code] ?? 'Signing in with {provider} did not work. Please try again.'
  return text.replaceAll('{provider}', providerName)
}

/**
 * The linked-identity endpoints. Linking and signing in with a provider start at Better Auth's
 * POST /api/auth/link-social and /api/auth/sign-in/social (validated by our edge, oauth-edge.ts).
 */
export const identityEndpoints = {
  providers: endpoint({
    method: 'get',
    path: '/auth-providers',
    security: PUBLIC,
    summary: 'The OpenID Connect providers people can sign in with (empty when none is configured)',
    responses: { 200: json('Providers', AuthProviderList), ...ERRORS },
  }),
  list: endpoint({
    method: 'get',
    path: '/account/identities',
    summary: "The viewer's linked sign-in identities, the providers that can be linked, and whether a password is set",
    responses: { 200: json('Identities', LinkedIdentityList), ...ERRORS },
  }),
  unlink: endpoint({
    method: 'delete',
    path: '/account/identities/{identityId}',
    summary: 'Unlink one identity; refused (409) for the last way to sign in',
    request: { params: IdentityParams },
    responses: {
      204: { description: 'Unlinked' },
      403: { description: 'Session older than a day: sign in again' },
      409: { description: 'The last way to sign in' },
      ...ERRORS,
    },
  }),
}
