/**
 * Who is asking: resolves the Better Auth session cookie to a Viewer in one query (session, user,
 * profile and roles). The cookie is `token.signature` (HMAC-SHA256 of the token with the auth secret,
 * base64), URI-encoded, as Better Auth sets it. Sliding renewal of the session stays with Better Auth's
 * own GET /api/auth/get-session, which the web app calls on load (docs/decisions/003-auth.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { StoredRole } from '../../shared/domain/roles'
import type { Database } from '../db/client'
import { COOKIE_PREFIX } from './auth'

export interface Viewer {
  /** profiles.id: what every transaction row refers to. */
  profileId: string
  /** Better Auth user id. */
  authId: string
  email: string
  emailVerified: boolean
  fullName: string
  roles: StoredRole[]
  sessionId: string
}

const VIEWER_SQL = `
select json_build_object(
  'profileId', p.id, 'authId', u.id, 'email', u.email, 'emailVerified', u.email_verified,
  'fullName', p.full_name, 'sessionId', s.id,
  'roles', coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = p.id), '[]'::json)
)::text
from session s
join "user" u on u.id = s.user_id
join profiles p on p.auth_id = u.id
where s.token = $1 and s.expires_at > now()`

/** Name of the session cookie for the given security mode. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`
}

/** Reads a cookie value from a Cookie header without decoding others. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/** Verifies the signed cookie and returns the session token, or null when absent or tampered. */
export function verifySessionCookie(raw: string | undefined, secret: string): string | null {
  if (!raw) return null
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    return null
  }
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return null
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return token
}

/** Resolves the request's viewer, or null when signed out, expired or tampered. One database round trip. */
export async function resolveViewer(options: {
  database: Database
  cookieHeader: string | undefined
  secret: string
  secure: boolean
}): Promise<Viewer | null> {
  const token = verifySessionCookie(readCookie(options.cookieHeader, sessionCookieName(options.secure)), options.secret)
  if (!token) return null
  const json = await options.database.queryJson('viewer_by_session', VIEWER_SQL, [token])
  return json ? (JSON.parse(json) as Viewer) : null
}
