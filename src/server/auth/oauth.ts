/**
 * OAuth / OpenID Connect sign-in, enabled only for the providers in OIDC_PROVIDERS
 * (auth/oidc-config.ts). Better Auth's genericOAuth plugin registers each one as a social provider:
 * the browser starts at POST /api/auth/sign-in/social (or /link-social from settings) and returns to
 * GET /api/auth/callback/<id>. Authorization code with PKCE (S256), state bound to a signed cookie,
 * the ID token verified against the issuer's JWKS with a nonce. Decisions: docs/decisions/010-oauth.md.
 *
 * - Sign-up by a provider needs the 'I am a...' role like any sign-up (docs/decisions/004): the Sign Up
 *   tab sends it, it rides the OAuth state, and `signupRoleFromState` hands it to the user insert
 *   whose trigger writes the profile and role. Without a role (the Sign In tab) no account is created:
 *   the person is told to sign up first (disableImplicitSignUp).
 * - An identity joins an existing account at sign-in only when the provider says the email is
 *   verified AND the account's own email is verified; otherwise the person signs in another way and
 *   links the provider from settings (while signed in; the provider's email must then match too).
 */
import { getOAuthState } from 'better-auth/api'
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth'
import { genericOAuth } from 'better-auth/plugins'
import { STORED_ROLES, type StoredRole } from '#shared/domain/roles.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import type { OidcProviderConfig } from '#server/config/oidc-config.ts'

/** Scopes asked of every provider: who the person is and their email. */
export const OIDC_SCOPES = ['openid', 'email', 'profile']

/** The callback path of a provider under the app's origin (register this at the provider). */
export function oidcCallbackPath(providerId: string): string {
  return `/api/auth/callback/${providerId}`
}

/** The OAuth state of this request (during a callback: the state parsed from the redirect), or null. */
async function currentOAuthState(): Promise<Record<string, unknown> | null> {
  try {
    return (await getOAuthState()) ?? null
  } catch {
    return null // not inside a Better Auth request (e.g. a seed)
  }
}

/**
 * The role chosen on the Sign Up tab, carried in the OAuth state (validated by our edge and again
 * here), as the user field `signupRole`. Better Auth reads new users' additional fields from this
 * mapping; without a role it refuses to create the user (MISSING_FIELD), and auth.ts's hook and the
 * database trigger refuse too.
 */
async function signupRoleFromState(): Promise<{ signupRole?: string }> {
  const role = (await currentOAuthState())?.signupRole
  return isStoredRole(role) ? { signupRole: role } : {}
}

/** Whether `role` is one of the roles an account may hold (STORED_ROLES). */
export function isStoredRole(role: unknown): role is StoredRole {
  return STORED_ROLES.some((r) => r === role)
}

/** Better Auth plugins for the configured providers; none when OIDC_PROVIDERS is empty. */
export function oauthPlugins(providers: readonly OidcProviderConfig[] | undefined): BetterAuthPlugin[] {
  if (!providers?.length) return []
  return [
    genericOAuth({
      config: providers.map((p) => ({
        providerId: p.id,
        name: p.name,
        discoveryUrl: `${p.issuer}/.well-known/openid-configuration`,
        // Refuse to register a provider whose ID tokens we could not verify (no issuer or JWKS).
        requireIdTokenVerification: true,
        clientId: p.clientId,
        clientSecret: p.clientSecret,
        scopes: OIDC_SCOPES,
        pkce: true,
        // A new account needs a role: only the Sign Up tab (which sends one) may create it.
        disableImplicitSignUp: true,
        mapProfileToUser: () => signupRoleFromState(),
      })),
    }),
  ]
}

/**
 * Account-linking rules and where a failed callback lands, spread into betterAuth()'s options.
 * No provider is trusted by name: every link needs the provider's email_verified.
 */
export function oauthOptions(publicUrl: string): Pick<BetterAuthOptions, 'account' | 'onAPIError'> {
  return {
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders: [],
        // Linking from settings: the provider's email must be the account's email.
        allowDifferentEmails: false,
        // Implicit linking at sign-in also needs the account's own email verified, so a password
        // account registered in someone else's name cannot collect their identity.
        requireLocalEmailVerified: true,
        // The last way to sign in is never removed (our edge says why).
        allowUnlinkingAll: false,
      },
    },
    // A callback that fails before its state is read (no state, tampered state) lands on /auth.
    onAPIError: { errorURL: `${publicUrl}${PAGE_PATHS.signIn}` },
  }
}
