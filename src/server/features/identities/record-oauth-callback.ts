/**
 * Security events of a provider callback (GET /api/auth/callback/<id>), read
 * from Better Auth's answer and the database after it: a new session means a sign-in
 * ('sign_in.succeeded', method 'oauth'), preceded by 'account.created' for a new account or by
 * 'identity.linked' when the identity joined an existing account at sign-in; no new session but a new
 * identity on the caller's account means a link from settings ('identity.linked'). A failure is
 * 'sign_in.failed' with the error code (no account to attach it to, except the caller's on a link).
 */
import type { SecurityEventKind } from '#shared/contracts/account.ts'
import type { Database } from '#server/db/client.ts'
import { recordSecurityEvent, type RequestOrigin } from '#server/auth/security-events.ts'
import { sessionFromCookie } from '#server/auth/sessions.ts'

export async function recordOAuthCallback(options: {
  database: Database
  response: Response
  providerId: string
  /** The provider's configured name, kept in the event so that it reads well later. */
  providerName: string
  /** The session the request arrived with (a link from settings), read before the call. */
  caller: { userId: string } | null
  startedAt: number
  origin: RequestOrigin
  secret: string
  secure: boolean
}): Promise<void> {
  const { database, response, providerId, providerName, caller, startedAt, origin } = options
  const provider = { provider: providerId, providerName }
  const events: Array<{ userId: string | null; kind: SecurityEventKind; detail: Record<string, unknown> }> = []
  const location = response.headers.get('location') ?? ''
  const error =
    response.status >= 300 && response.status < 400
      ? new URL(location, 'http://homeward.invalid').searchParams.get('error')
      : `status_${response.status}`
  if (error) {
    events.push({
      userId: caller?.userId ?? null,
      kind: caller ? 'identity.link_failed' : 'sign_in.failed',
      detail: { method: 'oauth', ...provider, error: error.slice(0, 64) },
    })
  } else {
    const sessionCookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((pair) => /session_token=./.test(pair))
    const signedIn = sessionCookie
      ? await sessionFromCookie({
          database,
          cookieHeader: sessionCookie,
          secret: options.secret,
          secure: options.secure,
        })
      : null
    const userId = signedIn?.userId ?? caller?.userId
    if (!userId) return
    // Rows written during this request carry a creation time at or after its start.
    const since = new Date(startedAt)
    const [fresh] = await database.query<{ new_user: boolean; new_identity: boolean }>(
      `select u.created_at >= $3 as new_user,
              exists (select 1 from account a where a.user_id = u.id and a.provider_id = $2 and a.created_at >= $3) as new_identity
         from "user" u where u.id = $1`,
      [userId, providerId, since.toISOString()],
    )
    if (fresh?.new_user) events.push({ userId, kind: 'account.created', detail: { method: 'oauth', ...provider } })
    else if (fresh?.new_identity)
      events.push({
        userId,
        kind: 'identity.linked',
        detail: { ...provider, via: signedIn ? 'sign-in' : 'settings' },
      })
    if (signedIn) events.push({ userId, kind: 'sign_in.succeeded', detail: { method: 'oauth', ...provider } })
  }
  for (const event of events) await recordSecurityEvent({ database, origin, ...event })
}
