/**
 * The signed-in person's active sessions: listed from our own database so that a
 * session older than Better Auth's freshAge can still see them (Better Auth's /list-sessions refuses
 * such sessions) and so that session tokens never reach the browser; one named session can be ended.
 * Ending 'all others' and 'all' goes through Better Auth (/revoke-other-sessions, /revoke-sessions).
 */
import type { AccountSessionList } from '#shared/contracts/account.ts'
import { verifySessionCookie, sessionCookieName, type Viewer } from './viewer.ts'
import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import { describeDevice } from './describe-device'

/** The session a request's cookie carries (valid and unexpired), or null. */
export async function sessionFromCookie(options: {
  database: Database
  cookieHeader: string | undefined
  secret: string
  secure: boolean
}): Promise<{ id: string; userId: string; createdAt: Date } | null> {
  const name = sessionCookieName(options.secure)
  const raw = options.cookieHeader
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1)
  const token = verifySessionCookie(raw, options.secret)
  if (!token) return null
  const rows = await options.database.query<{ id: string; user_id: string; created_at: Date | string }>(
    `select id, user_id, created_at from session where token = $1 and expires_at > now()`,
    [token],
  )
  const row = rows[0]
  return row ? { id: row.id, userId: row.user_id, createdAt: new Date(row.created_at) } : null
}

/** Whether a session that began at `createdAt` may change the password or email without signing in again. */
export function isFresh(createdAt: Date, freshAgeSeconds: number, now = Date.now()): boolean {
  return freshAgeSeconds === 0 || now - createdAt.getTime() < freshAgeSeconds * 1000
}

/** The viewer's unexpired sessions, the current one first, then by last activity. */
export async function listSessions(options: {
  database: Database
  viewer: Viewer
  freshAgeSeconds: number
}): Promise<AccountSessionList> {
  const { database, viewer } = options
  const rows = await database.query<{
    id: string
    ip_address: string | null
    user_agent: string | null
    created_at: Date | string
    updated_at: Date | string
  }>(
    `select id, ip_address, user_agent, created_at, updated_at from session
     where user_id = $1 and expires_at > now()
     order by (id = $2) desc, updated_at desc, created_at desc`,
    [viewer.authId, viewer.sessionId],
  )
  const current = rows.find((r) => r.id === viewer.sessionId)
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent),
      ip: r.ip_address,
      createdAt: new Date(r.created_at).toISOString(),
      lastActiveAt: new Date(r.updated_at).toISOString(),
      current: r.id === viewer.sessionId,
    })),
    signedInRecently: !!current && isFresh(new Date(current.created_at), options.freshAgeSeconds),
  }
}

/** Ends one of the viewer's sessions by id; 404 when it is not theirs (or already ended). */
export async function revokeSession(options: { database: Database; viewer: Viewer; sessionId: string }) {
  const rows = await options.database.query<{ id: string }>(
    `delete from session where id = $1 and user_id = $2 returning id`,
    [options.sessionId, options.viewer.authId],
  )
  if (!rows.length) throw notFound('session')
}
