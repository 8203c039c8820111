/**
 * Security events: written at the auth edge and by session revocation, read by
 * their owner in account settings. The table is append-only (migration 0006).
 */
import type { SecurityEventKind, SecurityEventList } from '#shared/contracts/account.ts'
import type { Viewer } from './viewer.ts'
import type { Database } from '#server/db/client.ts'
import { securityEvents } from '#server/db/schema/index.ts'
import type { ClientInfo } from './client-info.ts'
import { describeDevice } from './describe-device'

/** Where a request came from, as recorded with each event: the request's `c.var.client`. */
export type RequestOrigin = ClientInfo

/** Appends one event. `userId` is Better Auth's user id, or null (a failed sign-in for an unknown email). */
export async function recordSecurityEvent(options: {
  database: Database
  userId: string | null
  kind: SecurityEventKind
  detail?: Record<string, unknown>
  origin: RequestOrigin
}): Promise<void> {
  const { database, userId, kind, detail = {}, origin } = options
  await database.db
    .insert(securityEvents)
    .values({ userId, kind, detail, ip: origin.ip, userAgent: origin.userAgent?.slice(0, 500) ?? null })
}

/** The account (Better Auth user id) holding this email, or null. Emails are stored lower-case. */
export async function userIdForEmail(database: Database, email: string): Promise<string | null> {
  const rows = await database.query<{ id: string }>(`select id from "user" where email = lower($1)`, [email.trim()])
  return rows[0]?.id ?? null
}

/** The viewer's own events, newest first, at most 100. */
export async function listSecurityEvents(options: { database: Database; viewer: Viewer }): Promise<SecurityEventList> {
  const rows = await options.database.query<{
    id: string
    kind: SecurityEventKind
    detail: Record<string, unknown>
    ip: string | null
    user_agent: string | null
    created_at: Date | string
  }>(
    `select id, kind, detail, ip, user_agent, created_at from security_events
     where user_id = $1 order by created_at desc, id desc limit 100`,
    [options.viewer.authId],
  )
  return {
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      detail: r.detail ?? {},
      ip: r.ip,
      device: describeDevice(r.user_agent),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  }
}
