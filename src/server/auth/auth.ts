/**
 * The Better Auth instance: email and password sign-in, sessions in the database, HttpOnly SameSite
 * cookies (Secure behind https). The profile and stored role are written by a database trigger on the
 * user insert, inside Better Auth's sign-up transaction (docs/decisions/004-atomic-sign-up.md).
 * Email verification, password recovery, sign-in by emailed code, two-factor sign-in and
 * database-backed rate limits: docs/decisions/009-account-recovery.md.
 */
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { emailOTP } from 'better-auth/plugins'
import { resetPasswordPath, verifyEmailPath } from '#shared/paths.ts'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Logger } from '../logger'
import { account, rateLimit, session, twoFactor, user, verification } from '../db/schema'
import {
  changeEmailMail,
  resetPasswordMail,
  sendAuthMail,
  signInCodeMail,
  signUpAttemptMail,
  verifyEmailMail,
  type AuthMailer,
} from './auth-mail'
import { allowedOrigins } from './same-origin'
import { CLIENT_IP_HEADER } from './client-info'
import { isStoredRole, oauthOptions, oauthPlugins } from './oauth'
import { COOKIE_PREFIX } from './cookie-prefix'
import { authRateLimits } from './rate-limits'
import { twoFactorPlugins } from './two-factor'

export { COOKIE_PREFIX }

const BASE_PATH = '/api/auth'
/** Reset links: single use (Better Auth deletes the token when used), valid 1 hour. */
export const RESET_LINK_SECONDS = 60 * 60
export const VERIFY_LINK_SECONDS = 60 * 60
/** Emailed sign-in codes: valid 10 minutes, single use, 3 tries. */
export const SIGN_IN_CODE_SECONDS = 10 * 60
export const SIGN_IN_CODE_TRIES = 3

/** Whether a verify-email token (a JWT we signed) is the link of an email change. */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return (
      typeof payload === 'object' &&
      payload !== null &&
      'requestType' in payload &&
      payload.requestType === 'change-email-verification'
    )
  } catch {
    return false
  }
}

/** The path the sign-up named to go to after the link (a same-origin path, checked at the edge), if any. */
function nextPath(url: string): string | undefined {
  const next = new URL(url).searchParams.get('callbackURL')
  return next && next !== '/' && /^\/(?![/\\])/.test(next) ? next : undefined
}

/** A password hash and its check, in Better Auth's `emailAndPassword.password` shape. */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>
  verify: (data: { hash: string; password: string }) => Promise<boolean>
}

export function createAuth({
  database,
  config,
  log,
  mail,
  passwordHasher,
}: {
  database: Database
  config: Pick<Config, 'authSecret' | 'publicUrl' | 'secure'> &
    Partial<Pick<Config, 'AUTH_RATE_LIMIT' | 'SESSION_IDLE_DAYS' | 'oidcProviders' | 'publicUrlSet' | 'trustedOrigins'>>
  log?: Logger
  /** Where verification, reset and code emails go; without it they stay in the local outbox. */
  mail?: AuthMailer
  /**
   * Replaces Better Auth's scrypt (N=16384, r=16: about 0.1 s of CPU per hash, by design). Only the
   * integration tests pass one (src/server/test/test-password-hasher.ts): their thousands of sign-ups
   * and sign-ins spent about 40% of the CPU of the sign-up-heavy files on it (invitations and data
   * rights: 105 CPU seconds before, 62 after). The server never passes one; no configuration reaches it.
   */
  passwordHasher?: PasswordHasher
}) {
  const send = (m: Parameters<typeof sendAuthMail>[2]) => sendAuthMail(database, mail, m)
  // Mail queued after the answer has gone (see sendAfterAnswer); `mailIdle()` waits for it.
  const background = new Set<Promise<void>>()
  /**
   * Queues an email without holding the answer: a password reset for a known address must take as
   * long as one for an unknown address, which sends nothing (ASVS 6.3.8). A failure
   * is logged without the email's content.
   */
  const sendAfterAnswer = (m: Parameters<typeof sendAuthMail>[2]) => {
    // Started on the next turn of the event loop, once the request has finished its own queries.
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => send(m))
      .catch((err: unknown) =>
        log?.error(`could not queue the ${m.kind} email`, err instanceof Error ? err.message : err),
      )
      .finally(() => background.delete(task))
    background.add(task)
  }
  const instance = betterAuth({
    // Better Auth's messages go through our logger (and so never to console.error in tests).
    logger: {
      log: (level, message, ...args) => {
        const text = `[auth] ${message}`
        const extra = args.length ? args : undefined
        if (level === 'error') log?.error(text, extra)
        else if (level === 'warn') log?.warn(text, extra)
        else log?.debug(text, extra)
      },
    },
    appName: 'Homeward',
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: BASE_PATH,
    // The same rule as our edge (auth/same-origin.ts): PUBLIC_URL and TRUSTED_ORIGINS when PUBLIC_URL is
    // set, otherwise also the origin the request was made to (localhost, 127.0.0.1, a LAN address).
    trustedOrigins: (request) => allowedOrigins(config, request?.url),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers alike for a known and a new address: nobody is signed in by it
      // (a session would tell the two apart), and Better Auth answers a known address with the same body
      // after hashing the password too; the address's owner gets an email instead of a second account.
      // The emailed verification link signs the new person in (autoSignInAfterVerification below).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user: u }) => send(signUpAttemptMail(u.email, u.name, config.publicUrl)),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Our own page, not Better Auth's redirecting URL: the token is the whole secret.
      // Not awaited: the answer leaves first (sendAfterAnswer).
      sendResetPassword: async ({ user: u, token }) =>
        sendAfterAnswer(resetPasswordMail(u.email, u.name, `${config.publicUrl}${resetPasswordPath(token)}`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user: u, url, token }) => {
        const link = `${config.publicUrl}${verifyEmailPath(token, nextPath(url))}`
        // The same link page confirms a new address after /change-email (auth/change-email.ts).
        await send(
          isEmailChangeToken(token) ? changeEmailMail(u.email, u.name, link) : verifyEmailMail(u.email, u.name, link),
        )
      },
    },
    user: {
      additionalFields: {
        signupRole: { type: 'string', required: true, input: true, returned: false },
      },
      // A link to the NEW address; our edge guards the request and applies the change.
      changeEmail: { enabled: true },
    },
    // Idle timeout (ASVS 7.3.1): a session unused for SESSION_IDLE_DAYS expires; each day of use renews it.
    // The absolute lifetime (SESSION_MAX_DAYS, ASVS 7.3.2) is ours: auth/viewer.ts.
    session: {
      expiresIn: 60 * 60 * 24 * (config.SESSION_IDLE_DAYS ?? 30),
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      // Better Auth skips its Origin and callback-URL checks when it detects a test run; keep them on so
      // tests see what production does (checklist 'Browser': foreign Origin, redirect targets).
      disableOriginCheck: false,
      // Set by our edge from the socket or a trusted proxy's X-Forwarded-For (auth/client-info.ts), never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secure },
    },
    databaseHooks: {
      user: {
        create: {
          // Defence in depth: the edge validates the choice and the CHECK constraint guards the table.
          before: async (data) => {
            if (!('signupRole' in data) || !isStoredRole(data.signupRole)) return false
            return { data }
          },
        },
      },
    },
    // Sign-in by emailed code for existing accounts only: sign-up must go through /sign-up/email, whose
    // trigger needs a role (docs/decisions/004-atomic-sign-up.md).
    disabledPaths: [
      '/email-otp/request-password-reset',
      '/email-otp/reset-password',
      '/forget-password/email-otp',
      '/email-otp/verify-email',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
    ],
    plugins: [
      // First, before any other plugin's work: the limits per address, per account and per signed-in
      // session or user, shared by every process (rate-limits.ts).
      ...(config.AUTH_RATE_LIMIT === false
        ? []
        : [authRateLimits(database, { basePath: BASE_PATH, secret: config.authSecret, secure: config.secure })]),
      emailOTP({
        disableSignUp: true,
        expiresIn: SIGN_IN_CODE_SECONDS,
        allowedAttempts: SIGN_IN_CODE_TRIES,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === 'sign-in') await send(signInCodeMail(email, otp))
        },
      }),
      // Two-factor sign-in (TOTP and backup codes) on every sign-in path: two-factor.ts.
      ...twoFactorPlugins({ database, appUrl: config.publicUrl }),
      // OpenID Connect sign-in and linking, only for the providers in OIDC_PROVIDERS: oauth.ts.
      ...oauthPlugins(config.oidcProviders),
    ],
    ...oauthOptions(config.publicUrl),
    telemetry: { enabled: false },
    // Off: our plugin above counts in fixed windows; Better Auth's window restarts with every allowed
    // request, so under an office's steady traffic it never ends (rate-limits.ts).
    rateLimit: { enabled: false },
  })
  return Object.assign(instance, {
    /** Resolves when every email queued after its answer is in the outbox (tests, shutdown). */
    mailIdle: async () => {
      while (background.size) await Promise.all([...background])
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
