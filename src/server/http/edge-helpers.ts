/**
 * Pieces shared by the edges in front of Better Auth (features/auth/routes.ts, two-factor-edge.ts,
 * features/identities/oauth-edge.ts): reading the JSON body, re-issuing the request with only the
 * validated fields, and the fresh-session rule (ASVS 7.5.1).
 */
import type { Context } from 'hono'
import { AppError } from '#server/core/errors.ts'
import type { AppDeps } from './router.ts'
import { isFresh, sessionFromCookie } from '#server/auth/sessions.ts'

/** The request's JSON body; 400 bad_request when it is not valid JSON. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON.')
  }
}

/** The request again as a POST carrying only the validated body, for Better Auth's handler. */
export function withBody(req: Request, body: unknown): Request {
  const headers = new Headers(req.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  return new Request(req.url, { method: 'POST', headers, body: JSON.stringify(body) })
}

/**
 * The caller's session, which must have begun within Better Auth's freshAge (one day): ASVS 7.5.1.
 * Throws unauthenticated without a session, forbidden with `staleMessage` when it is older.
 */
export async function requireFreshSession(
  { auth, config, database }: Pick<AppDeps, 'auth' | 'config' | 'database'>,
  c: Context,
  staleMessage: string,
) {
  const session = await sessionFromCookie({
    database,
    cookieHeader: c.req.header('cookie'),
    secret: config.authSecret,
    secure: config.secure,
  })
  if (!session) throw new AppError('unauthenticated', 'Sign in to continue.')
  if (!isFresh(session.createdAt, (await auth.$context).sessionConfig.freshAge)) {
    throw new AppError('forbidden', staleMessage)
  }
  return session
}

/** A password change from a session older than Better Auth's freshAge (one day): ASVS 7.5.1. */
export const REAUTHENTICATE_MESSAGE =
  'For your security, sign in again before changing your password: you signed in more than a day ago.'
