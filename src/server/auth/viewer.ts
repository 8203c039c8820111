/**
 * Who is asking: resolves the Better Auth session cookie to a Viewer in one query (session, user,
 * profile and roles). The cookie is `token.signature` (HMAC-SHA256 of the token with the auth secret,
 * base64), URI-encoded, as Better Auth sets it. Sliding renewal of the session stays with Better Auth's
 * own GET /api/auth/get-session, which the web app calls on load (docs/decisions/003-auth.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ApiScope, ApiTokenKind } from '#shared/domain/api-access.ts'
import type { StoredRole } from '#shared/domain/roles.ts'
import { parseJsonText, type Database } from '../db/client'
import { COOKIE_PREFIX } from './cookie-prefix'

export interface Viewer {
  /** profiles.id: what every transaction row refers to. */
  profileId: string
  /** Better Auth user id. */
  authId: string
  email: string
  emailVerified: boolean
  fullName: string
  roles: StoredRole[]
  /** The session's id; for a request authenticated by an API token, `api-token:<token id>`. */
  sessionId: string
  /**
   * Set when the request carried `Authorization: Bearer <token>` instead of a session cookie: the
   * token's id, kind and scopes (features/api-access/resolve-api-token.ts). The scopes gate which
   * endpoints it reaches (access/api-access.ts requireTokenScopes); what it sees is its person's
   * access for a personal token, and only its firm's matters for a firm key (viewerAccessId).
   */
  apiToken?: ApiTokenGrant
}

/**
 * The principal the access rules (access/transactions.ts, access/firms.ts) take as their one viewer
 * reference: the person's profile id for a session or a personal access token; the key's own id for a
 * firm API key. A key's id matches no buyer, seller or participant row, only the firm branch
 * (principalFirmIdsSql), so a firm key sees the firm's matters and never a move its maker joined
 * personally, in the same statement as the read. Bind this, never `profileId`, wherever a query
 * embeds an access fragment; `profileId` stays the actor of what the request writes.
 * Decision 050.
 */
export function viewerAccessId(viewer: Pick<Viewer, 'profileId' | 'apiToken'>): string {
  return viewer.apiToken?.kind === 'firm' ? viewer.apiToken.id : viewer.profileId
}

/** What an API token grants the request it authenticates. */
export interface ApiTokenGrant {
  id: string
  kind: ApiTokenKind
  scopes: readonly ApiScope[]
  /** The firm of a firm API key; null for a personal access token. */
  organizationId: string | null
}

// `validForMs`: until the session's idle expiry or its absolute lifetime, whichever comes first,
// measured by the database's clock and counted from now on ours (auth/viewer-cache.ts keeps it so long).
const VIEWER_SQL = `
select json_build_object('viewer', json_build_object(
  'profileId', p.id, 'authId', u.id, 'email', u.email, 'emailVerified', u.email_verified,
  'fullName', p.full_name, 'sessionId', s.id,
  'roles', coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = p.id), '[]'::json)
), 'validForMs', floor(extract(epoch from least(s.expires_at, s.created_at + make_interval(days => $2::int)) - now()) * 1000))::text
from session s
join "user" u on u.id = s.user_id
join profiles p on p.auth_id = u.id
where s.token = $1 and s.expires_at > now() and s.created_at > now() - make_interval(days => $2::int)`

/** The absolute session lifetime when none is configured (SESSION_MAX_DAYS, ASVS 7.3.2). */
export const DEFAULT_SESSION_MAX_DAYS = 90

/**
 * Deletes the session this cookie carries when it began SESSION_MAX_DAYS or more ago, however active
 * it has been (ASVS 7.3.2: absolute lifetime; Better Auth knows only the sliding idle timeout). Called
 * before Better Auth sees a request and when the viewer lookup finds no live session. Returns whether
 * a session was ended.
 */
export async function endSessionPastMaxAge(options: {
  database: Database
  cookieHeader: string | undefined
  secret: string
  secure: boolean
  maxDays: number
}): Promise<boolean> {
  const token = verifySessionCookie(readCookie(options.cookieHeader, sessionCookieName(options.secure)), options.secret)
  if (!token) return false
  const rows = await options.database.query(
    `delete from session where token = $1 and created_at <= now() - make_interval(days => $2::int) returning id`,
    [token, options.maxDays],
  )
  return rows.length > 0
}

/** Name of the session cookie for the given security mode. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`
}

/** Reads a cookie value from a Cookie header without decoding others. */
export function readCookie(header: string | undefined, name: string): string | undefined {
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

/**
 * Resolves the request's viewer, or null when signed out, idle-expired, past its absolute lifetime
 * (`maxSessionDays`, default 90; such a session row is deleted) or tampered. One database round trip
 * when signed in.
 */
export async function resolveViewer(options: {
  database: Database
  cookieHeader: string | undefined
  secret: string
  secure: boolean
  maxSessionDays?: number
}): Promise<Viewer | null> {
  return (await lookUpSession(options))?.viewer ?? null
}

/**
 * resolveViewer, with how long the session stays valid from now if nothing changes (milliseconds,
 * the nearer of its idle expiry and its absolute lifetime), for auth/viewer-cache.ts.
 */
export async function lookUpSession(options: {
  database: Database
  cookieHeader: string | undefined
  secret: string
  secure: boolean
  maxSessionDays?: number
}): Promise<{ viewer: Viewer; validForMs: number } | null> {
  const token = verifySessionCookie(readCookie(options.cookieHeader, sessionCookieName(options.secure)), options.secret)
  if (!token) return null
  const maxDays = options.maxSessionDays ?? DEFAULT_SESSION_MAX_DAYS
  const json = await options.database.queryJson<{ viewer: Viewer; validForMs: number }>(
    'viewer_by_session',
    VIEWER_SQL,
    [token, maxDays],
  )
  if (json) return parseJsonText(json)
  await endSessionPastMaxAge({ ...options, maxDays })
  return null
}
