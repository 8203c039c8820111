/**
 * The auth edge: /api/auth/* is Better Auth's handler, with our zod contracts validating sign-up and
 * sign-in bodies first (400 naming the field, nothing written) and its errors re-shaped to
 * `{ error: { code, message } }`. Sign-up maps the 'I am a...' choice to the stored role (spec section 6).
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ChangePasswordInput } from '../../../shared/contracts/account'
import { SignInInput, SignUpInput } from '../../../shared/contracts/auth'
import { storedRoleFor } from '../../../shared/domain/roles'
import { trustedProxyMatcher, withClientIp } from '../../auth/client-ip'
import type { ErrorCode } from '../../../shared/contracts/common'
import { AppError, errorBody, validationError } from '../../http/errors'
import type { AppDeps, AppEnv } from '../../http/router'
import { isFresh, sessionFromCookie } from '../account/sessions'
import { recordSecurityEvents } from './record-security-events'

/** A password change from a session older than Better Auth's freshAge (one day): ASVS 7.5.1. */
export const REAUTHENTICATE_MESSAGE =
  'For your security, sign in again before changing your password: you signed in more than a day ago.'

/** Spec section 8, 'Auth: missing credentials'. */
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
}

/** 'in 45 seconds', 'in 3 minutes', 'in 1 hour'. */
function waitPhrase(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 90) return `in ${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `in ${hours} hour${hours === 1 ? '' : 's'}`
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON.')
  }
}

/** Re-issues the request to Better Auth with a validated JSON body. */
function withBody(req: Request, body: unknown): Request {
  const headers = new Headers(req.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  return new Request(req.url, { method: 'POST', headers, body: JSON.stringify(body) })
}

/** Re-shapes Better Auth's error bodies `{ code, message }` into ours; passes successes through. */
async function reshape(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res
  const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string }
  const code = STATUS_CODES[res.status] ?? (res.status >= 500 ? 'internal' : 'bad_request')
  let message = (data.code && MESSAGES[data.code]) || data.message || 'Authentication failed.'
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  if (res.status === 429) {
    // Better Auth's limiter says X-Retry-After; HTTP clients and proxies read Retry-After (RFC 9110).
    const wait = Math.max(1, Number(res.headers.get('x-retry-after')) || 60)
    headers.set('retry-after', String(wait))
    message = `Too many attempts. Please try again ${waitPhrase(wait)}.`
  }
  return new Response(JSON.stringify(errorBody(code, message)), { status: res.status, headers })
}

export function authRoutes(deps: AppDeps) {
  const { auth, config, database } = deps
  const app = new Hono<AppEnv>()
  const trusted = trustedProxyMatcher(config.trustedProxies)

  // Security events (issue 7, item 10) for every /api/auth/* request below.
  app.use('/auth/*', recordSecurityEvents(deps))

  // Better Auth checks neither freshness (its freshAge guards only list-sessions here) nor that other
  // sessions end: both are ours. The body is rebuilt from the validated fields only.
  app.post('/auth/change-password', async (c) => {
    const parsed = ChangePasswordInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const session = await sessionFromCookie({
      database,
      cookieHeader: c.req.header('cookie'),
      secret: config.authSecret,
      secure: config.secure,
    })
    if (!session) throw new AppError('unauthenticated', 'Sign in to continue.')
    if (!isFresh(session.createdAt, (await auth.$context).sessionConfig.freshAge)) {
      throw new AppError('forbidden', REAUTHENTICATE_MESSAGE)
    }
    const body = { ...parsed.data, revokeOtherSessions: true }
    return reshape(await auth.handler(await withClientIp(c, withBody(c.req.raw, body), trusted)))
  })

  app.post('/auth/sign-up/email', async (c) => {
    const parsed = SignUpInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const { name, email, password, role } = parsed.data
    return reshape(
      await auth.handler(
        await withClientIp(c, withBody(c.req.raw, { name, email, password, signupRole: storedRoleFor(role) }), trusted),
      ),
    )
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
        await withClientIp(c, withBody(c.req.raw, { ...parsed.data, rememberMe: body.rememberMe !== false }), trusted),
      ),
    )
  })

  app.on(['GET', 'POST'], '/auth/*', async (c) =>
    reshape(await auth.handler(await withClientIp(c, c.req.raw, trusted))),
  )
  return app
}
