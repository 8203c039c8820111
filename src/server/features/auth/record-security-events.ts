/**
 * Security events at the auth edge: every /api/auth/* request passes through this
 * middleware, which reads the path and Better Auth's answer and appends sign-up, sign-in success and
 * failure (to the email's account when there is one), sign-out, password changes, session
 * revocations and two-factor changes, wrong codes and lock-outs to security_events. Who is asking is read before the call, because sign-out and
 * revocation delete the very session that says so. A failure to record is logged, never shown: the
 * person's action has already happened.
 */
import type { MiddlewareHandler } from 'hono'
import type { SecurityEventKind } from '#shared/contracts/account.ts'
import type { AppDeps, AppEnv } from '#server/http/router.ts'
import { recordSecurityEvent, userIdForEmail, type RequestOrigin } from '#server/auth/security-events.ts'
import { sessionFromCookie } from '#server/auth/sessions.ts'
import { verifySessionCookie } from '#server/auth/viewer.ts'
import { COOKIE_PREFIX } from '#server/auth/auth.ts'

const AUTH_PREFIX = '/api/auth'
/** Paths (after /api/auth) that act on the caller's own session or sessions. */
const SESSION_PATHS = new Set([
  '/sign-out',
  '/change-password',
  '/revoke-session',
  '/revoke-other-sessions',
  '/revoke-sessions',
])

/** Two-factor paths (after /api/auth) that record events; the verify ones complete a sign-in or enrolment. */
const TWO_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
])
const isVerifyPath = (path: string) => path === '/two-factor/verify-totp' || path === '/two-factor/verify-backup-code'

/** The person of a pending sign-in's second-factor step: the signed `two_factor` cookie names a verification row. */
async function challengeUserId(
  { database, config }: Pick<AppDeps, 'database' | 'config'>,
  cookieHeader: string | undefined,
): Promise<string | null> {
  const name = `${config.secure ? '__Secure-' : ''}${COOKIE_PREFIX}.two_factor`
  const raw = cookieHeader
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1)
  const identifier = verifySessionCookie(raw, config.authSecret)
  if (!identifier) return null
  const rows = await database.query<{ value: string }>(
    `select value from verification where identifier = $1 and expires_at > now()`,
    [identifier],
  )
  return rows[0]?.value ?? null
}

async function jsonOf(res: Response | Request): Promise<Record<string, unknown> | null> {
  try {
    const data: unknown = await res.clone().json()
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function userIdOf(body: Record<string, unknown> | null): string | null {
  const user = body?.user as { id?: unknown } | undefined
  return typeof user?.id === 'string' ? user.id : null
}

export function recordSecurityEvents({ database, config, log }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path.startsWith(AUTH_PREFIX) ? c.req.path.slice(AUTH_PREFIX.length) : c.req.path
    const isSignIn = path.startsWith('/sign-in/') && path !== '/sign-in/social'
    const isSignUp = path === '/sign-up/email'
    const isTwoFactor = TWO_FACTOR_PATHS.has(path)
    if (c.req.method !== 'POST' || (!isSignIn && !isSignUp && !isTwoFactor && !SESSION_PATHS.has(path))) return next()

    const origin: RequestOrigin = c.var.client
    // Read before the call: these requests end the session they arrive with.
    const caller =
      SESSION_PATHS.has(path) || isTwoFactor
        ? await sessionFromCookie({
            database,
            cookieHeader: c.req.header('cookie'),
            secret: config.authSecret,
            secure: config.secure,
          })
        : null
    const others =
      caller && (path === '/revoke-other-sessions' || path === '/revoke-sessions')
        ? Number(
            (
              await database.query<{ n: string }>(
                `select count(*)::text as n from session where user_id = $1 and expires_at > now() and id <> $2`,
                [caller.userId, caller.id],
              )
            )[0]?.n ?? 0,
          )
        : 0
    // A second-factor step: its person, and whether enrolment is being confirmed (read before: the
    // challenge is used up and the flag set by the call).
    const challengeUser =
      isVerifyPath(path) && !caller ? await challengeUserId({ database, config }, c.req.header('cookie')) : null
    const wasEnabled =
      caller && isVerifyPath(path)
        ? !!(
            await database.query<{ on: boolean | null }>(`select two_factor_enabled as on from "user" where id = $1`, [
              caller.userId,
            ])
          )[0]?.on
        : true
    // The email of a sign-in attempt, from a copy of the body (the handler reads the original).
    const attemptedEmail = isSignIn || isSignUp ? (await jsonOf(c.req.raw))?.email : undefined
    // Sign-up answers a known address as a new one, so whether it created an account is
    // read from the database: an account for the address that was not there before.
    const existedBefore =
      isSignUp && typeof attemptedEmail === 'string' ? !!(await userIdForEmail(database, attemptedEmail)) : true

    await next()

    const status = c.res.status
    const events: Array<{ userId: string | null; kind: SecurityEventKind; detail?: Record<string, unknown> }> = []
    if (isSignUp && status === 200) {
      const userId = existedBefore ? null : await userIdForEmail(database, attemptedEmail as string)
      if (userId) events.push({ userId, kind: 'account.created' })
    } else if (isSignIn) {
      const method = path.slice('/sign-in/'.length)
      if (status === 200) {
        const userId = userIdOf(await jsonOf(c.res))
        if (userId) events.push({ userId, kind: 'sign_in.succeeded', detail: { method } })
      } else if (status >= 400 && status !== 400 && typeof attemptedEmail === 'string') {
        const userId = await userIdForEmail(database, attemptedEmail)
        events.push({ userId, kind: 'sign_in.failed', detail: { method, status } })
      }
    } else if (isTwoFactor) {
      const factor = path === '/two-factor/verify-backup-code' ? 'backup_code' : 'totp'
      if (challengeUser && status === 200)
        events.push({ userId: challengeUser, kind: 'sign_in.succeeded', detail: { method: 'two-factor', factor } })
      // 401: a wrong or reused code; 429: the second factor is locked (auth/two-factor.ts).
      if (challengeUser && status === 401)
        events.push({ userId: challengeUser, kind: 'mfa.failed', detail: { factor } })
      if (challengeUser && status === 429)
        events.push({ userId: challengeUser, kind: 'mfa.locked', detail: { factor } })
      if (caller && status === 200) {
        if (path === '/two-factor/verify-totp' && !wasEnabled)
          events.push({ userId: caller.userId, kind: 'mfa.enabled' })
        if (path === '/two-factor/disable') events.push({ userId: caller.userId, kind: 'mfa.disabled' })
        if (path === '/two-factor/generate-backup-codes')
          events.push({ userId: caller.userId, kind: 'mfa.backup_codes_regenerated' })
      }
    } else if (caller) {
      const ok = status === 200
      if (path === '/sign-out' && ok) events.push({ userId: caller.userId, kind: 'sign_out' })
      if (path === '/change-password') {
        if (ok) events.push({ userId: caller.userId, kind: 'password.changed', detail: { otherSessionsEnded: true } })
        else {
          // A form mistake (validation_failed) is not an attempt; a wrong current password or a stale session is.
          const code = ((await jsonOf(c.res))?.error as { code?: string } | undefined)?.code
          if (code !== 'validation_failed')
            events.push({ userId: caller.userId, kind: 'password.change_failed', detail: { status, code } })
        }
      }
      if (ok && path === '/revoke-session')
        events.push({ userId: caller.userId, kind: 'sessions.revoked', detail: { scope: 'one', count: 1 } })
      if (ok && path === '/revoke-other-sessions')
        events.push({ userId: caller.userId, kind: 'sessions.revoked', detail: { scope: 'others', count: others } })
      if (ok && path === '/revoke-sessions')
        events.push({ userId: caller.userId, kind: 'sessions.revoked', detail: { scope: 'global', count: others + 1 } })
    }
    for (const event of events) {
      try {
        await recordSecurityEvent({ database, origin, ...event })
      } catch (err) {
        log.error('could not record a security event', err)
      }
    }
  }
}
