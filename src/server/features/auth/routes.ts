/**
 * The auth edge: /api/auth/* is Better Auth's handler, with our zod contracts validating sign-up and
 * sign-in bodies first (400 naming the field, nothing written) and its errors re-shaped to
 * `{ error: { code, message } }`. Sign-up maps the 'I am a...' choice to the stored role (spec: Roles and permissions).
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { ChangeEmailInput, ChangePasswordInput } from '#shared/contracts/account.ts'
import { Password, SignInInput, SignUpInput, SignUpResult } from '#shared/contracts/auth.ts'
import type { ErrorCode } from '#shared/contracts/common.ts'
import { storedRoleFor } from '#shared/domain/roles.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '#server/auth/common-passwords.ts'
import { endSessionPastMaxAge } from '#server/auth/viewer.ts'
import { forBetterAuth } from '#server/auth/client-info.ts'
import { retryMessage, waitPhrase } from '#server/auth/rate-limits.ts'
import { AppError, validationError } from '#server/core/errors.ts'
import { errorBody } from '#server/http/errors.ts'
import type { AppDeps, AppEnv } from '#server/http/router.ts'
import {
  confirmEmailChange,
  readEmailChangeToken,
  REAUTHENTICATE_EMAIL_MESSAGE,
  requestEmailChange,
} from '#server/auth/change-email.ts'
import { sessionFromCookie } from '#server/auth/sessions.ts'
import { readJson, REAUTHENTICATE_MESSAGE, requireFreshSession, withBody } from '#server/http/edge-helpers.ts'
import { recordSecurityEvents } from './record-security-events'
import { registerTwoFactorEdge } from './two-factor-edge'

/** Body of POST /api/auth/reset-password: the emailed token and the new password (8-128, not common). */
const ResetPasswordInput = z.object({
  newPassword: Password,
  token: z.string({ message: 'Open the link from the email again' }).min(1).max(2000),
})

/** Refuses one of the 1,000 most common passwords (ASVS 6.2.4), naming the field. */
function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation_failed', COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] })
  }
}

/** Spec: Error catalogue, 'Auth: missing credentials'. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password'

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limited',
}

// Better Auth's own texts, reworded where a person needs to know what to do next.
const MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead, or use another email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead, or use another email.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  INVALID_PASSWORD: 'Your current password is not right.',
  INVALID_TOKEN: 'This link is not valid or has already been used. Ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Ask for a new one.',
  INVALID_OTP: 'That code is not right. Check the latest email we sent you, or ask for a new code.',
  OTP_EXPIRED: 'This code has expired. Ask for a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Ask for a new code.',
  // Two-factor authentication (auth/two-factor.ts).
  INVALID_CODE: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  TOTP_CODE_REUSED: 'That code has already been used. Wait for the next code in your authenticator app.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it has already been used.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes for this sign-in. Sign in again to get another try.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes: two-factor sign-in is locked for 15 minutes. Try again later.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Sign in again.',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on.',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor authentication is not on for your account.',
  TOTP_NOT_ENABLED: 'Set up two-factor authentication first.',
  BACKUP_CODES_NOT_ENABLED: 'Two-factor authentication is not on for your account.',
}

/** Re-shapes Better Auth's error bodies `{ code, message }` into ours; passes successes through. */
async function reshape(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res
  const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string }
  // A locked second factor is answered from an after-hook (auth/two-factor.ts), which keeps the status.
  const status = data.code === 'TWO_FACTOR_LOCKED' ? 429 : res.status
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request')
  let message = (data.code && MESSAGES[data.code]) || data.message || 'Authentication failed.'
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  if (status === 429) {
    // Our limiter (auth/rate-limits.ts) says X-Retry-After; HTTP clients and proxies read Retry-After (RFC 9110).
    const wait = Math.max(1, Number(res.headers.get('x-retry-after')) || 60)
    headers.set('retry-after', String(wait))
    message =
      data.code === 'TWO_FACTOR_LOCKED'
        ? `Too many wrong codes: two-factor sign-in is locked. Try again ${waitPhrase(wait)}.`
        : retryMessage(wait)
  }
  return new Response(JSON.stringify(errorBody(code, message)), { status, headers })
}

export function authRoutes(deps: AppDeps) {
  const { auth, config, database, mail } = deps
  const app = new Hono<AppEnv>()

  const freshSession = (c: Context, staleMessage: string) => requireFreshSession(deps, c, staleMessage)

  // A session past its absolute lifetime (SESSION_MAX_DAYS) is deleted before Better Auth can renew it.
  app.use('/auth/*', async (c, next) => {
    await endSessionPastMaxAge({
      database,
      cookieHeader: c.req.header('cookie'),
      secret: config.authSecret,
      secure: config.secure,
      maxDays: config.SESSION_MAX_DAYS,
    })
    await next()
  })

  // Security events for every /api/auth/* request below.
  app.use('/auth/*', recordSecurityEvents(deps))

  // Better Auth checks neither freshness (its freshAge guards only list-sessions here) nor that other
  // sessions end: both are ours. The body is rebuilt from the validated fields only.
  app.post('/auth/change-password', async (c) => {
    const parsed = ChangePasswordInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    refuseCommonPassword(parsed.data.newPassword, 'newPassword')
    await freshSession(c, REAUTHENTICATE_MESSAGE)
    const body = { ...parsed.data, revokeOtherSessions: true }
    return reshape(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, body))))
  })

  app.post('/auth/reset-password', async (c) => {
    const parsed = ResetPasswordInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    refuseCommonPassword(parsed.data.newPassword, 'newPassword')
    return reshape(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, parsed.data))))
  })

  // A fresh session only; the rest (same-address refusal, Better Auth's link, the notices) is
  // requestEmailChange in auth/change-email.ts.
  app.post('/auth/change-email', async (c) => {
    const parsed = ChangeEmailInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const session = await freshSession(c, REAUTHENTICATE_EMAIL_MESSAGE)
    return requestEmailChange({
      database,
      mailer: mail,
      userId: session.userId,
      newEmail: parsed.data.newEmail,
      sendLink: async (newEmail) =>
        reshape(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, { newEmail })))),
    })
  })

  // The change-email link is applied here, in one transaction with the profile (features/account/
  // change-email.ts); every other verify-email token (sign-up verification) goes on to Better Auth.
  app.get('/auth/verify-email', async (c, next) => {
    const token = readEmailChangeToken(c.req.query('token') ?? '', config.authSecret)
    if (!token) return next()
    const signedIn = await sessionFromCookie({
      database,
      cookieHeader: c.req.header('cookie'),
      secret: config.authSecret,
      secure: config.secure,
    })
    const { email } = await confirmEmailChange({
      database,
      token,
      signedInUserId: signedIn?.userId ?? null,
      origin: c.var.client,
      mailer: mail,
    })
    return c.json({ status: true, email }, 200)
  })

  // Two-factor authentication: validated, guarded and forwarded in two-factor-edge.ts.
  registerTwoFactorEdge(app, deps, async (c, body) =>
    reshape(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, body)))),
  )

  app.post('/auth/sign-up/email', async (c) => {
    const parsed = SignUpInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const { name, email, password, role, next } = parsed.data
    refuseCommonPassword(password, 'password')
    const body = { name, email, password, signupRole: storedRoleFor(role), ...(next ? { callbackURL: next } : {}) }
    const res = await reshape(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, body))))
    if (res.status !== 200) return res
    // One answer for a new and a known address (Better Auth's generic answer for a known one carries a made-up
    // user): ours names neither, so nothing in it can tell the two apart. No session either way (auth.ts).
    return c.json(SignUpResult.parse({ status: 'check-email', email: email.toLowerCase() }), 200)
  })

  app.post('/auth/sign-in/email', async (c) => {
    const body = (await readJson(c)) as Record<string, unknown> | null
    if (!body || typeof body !== 'object' || !body.email || !body.password) {
      throw new AppError('validation_failed', MISSING_CREDENTIALS)
    }
    const parsed = SignInInput.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error)
    return reshape(
      await auth.handler(
        await forBetterAuth(c, withBody(c.req.raw, { ...parsed.data, rememberMe: body.rememberMe !== false })),
      ),
    )
  })

  app.on(['GET', 'POST'], '/auth/*', async (c) => reshape(await auth.handler(await forBetterAuth(c, c.req.raw))))
  return app
}
