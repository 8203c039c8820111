/**
 * The open API's part of access: what an API token may reach, whose tokens and webhook endpoints a
 * viewer may manage, and which transactions' events a webhook endpoint receives. A token adds no
 * access of its own. A personal token runs as its person through every other helper of this module;
 * a firm key runs as the admin who made it (the actor of its writes) but sees only its firm's
 * matters: the access rules take the key's id as their principal (auth/viewer.ts viewerAccessId),
 * and it manages only its firm's webhook endpoints. The scopes narrow which endpoints either reaches.
 * docs/decisions/032-open-api-and-webhooks.md, 050-firm-keys.md.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { missingScopeMessage, missingScopes, type ApiScope } from '#shared/domain/api-access.ts'
import type { Viewer } from '../auth/viewer'
import type { Database, Tx } from '../db/client'
import { firstRow } from '../db/rows'
import { AppError, notFound } from '#server/core/errors.ts'
import { assertCanManageFirm } from './firms'
import { visibleTransactionIds } from './sql-fragments'

/** The 403 for an API token on an endpoint that takes a signed-in session only. */
export const SESSION_ONLY_MESSAGE =
  'This endpoint needs a signed-in session: API tokens reach only the endpoints the API reference lists with a scope.'

/**
 * Throws 403 unless the viewer may call an endpoint that accepts `scopes`: a session always may; an
 * API token needs every scope listed (the message names the missing ones), and an endpoint without
 * `scopes` refuses tokens altogether (account, two-factor, the tokens themselves).
 */
export function requireTokenScopes(viewer: Viewer, scopes: readonly ApiScope[] | undefined): void {
  const token = viewer.apiToken
  if (!token) return
  if (!scopes?.length) throw new AppError('forbidden', SESSION_ONLY_MESSAGE)
  const missing = missingScopes(token.scopes, scopes)
  if (missing.length) throw new AppError('forbidden', missingScopeMessage(missing))
}

/** Whose tokens or webhook endpoints a request manages: the viewer's own, or a firm's. */
export interface ApiOwner {
  profileId: string
  organizationId: string | null
}

/**
 * The owner a request acts for: the viewer, or with `firmId` the firm, after checking the viewer is
 * one of its current admins (404 for a non-member, 404 for a member in another role as the firm's
 * settings do). A firm API key always acts for its own firm, with or without `firmId` (another
 * firm's id: 404), never for its maker personally: a personal endpoint would receive the events of
 * the maker's own moves (decision 050). Permission: `update:firm-settings:own-firm`.
 */
export async function resolveApiOwner(
  db: Tx | Database['db'],
  viewer: Viewer,
  firmId: string | undefined,
): Promise<ApiOwner> {
  const key = viewer.apiToken
  if (key?.kind === 'firm') {
    if (!key.organizationId || (firmId && firmId !== key.organizationId)) throw notFound('firm')
    return { profileId: viewer.profileId, organizationId: key.organizationId }
  }
  if (!firmId) return { profileId: viewer.profileId, organizationId: null }
  await assertCanManageFirm(db, viewer, firmId, { admin: true })
  return { profileId: viewer.profileId, organizationId: firmId }
}

/**
 * SQL condition on the row `alias` (an api_tokens or webhook_endpoints row) that the viewer may
 * manage it: their own personal one, or any of a firm they are a current admin of; for a firm API key,
 * only its own firm's rows (its maker is a current admin: resolve-api-token.ts checks on each request).
 */
export function canManageApiRow(alias: string, viewer: Viewer): SQL {
  const a = sql.raw(alias)
  const key = viewer.apiToken
  if (key?.kind === 'firm') return sql`(${a}.organization_id = ${key.organizationId}::uuid)`
  const profileId = viewer.profileId
  return sql`((${a}.organization_id is null and ${a}.profile_id = ${profileId})
    or exists(select 1 from organization_members mom where mom.organization_id = ${a}.organization_id
      and mom.profile_id = ${profileId} and mom.role = 'admin' and mom.removed_at is null))`
}

/**
 * SQL condition that the webhook endpoint row `alias` may receive events of transaction `txId`: a
 * personal endpoint, when the person who registered it may see the transaction (the same set as every
 * read, access/transactions.ts); a firm's endpoint, when the transaction is one of the firm's matters.
 * Evaluated when the event is queued, in the change's own database transaction.
 */
export function webhookSeesTransaction(alias: string, txId: string): SQL {
  const a = sql.raw(alias)
  return sql`((${a}.organization_id is null and ${txId}::uuid in ${visibleTransactionIds(`${alias}.profile_id`)})
    or (${a}.organization_id is not null and exists(select 1 from matters wm
      where wm.transaction_id = ${txId}::uuid and wm.organization_id = ${a}.organization_id)))`
}

/** The firm's name, for the settings page's heading. */
export async function firmNameOf(db: Tx | Database['db'], organizationId: string | null): Promise<string | null> {
  if (!organizationId) return null
  const res = await db.execute(sql`select name from organizations where id = ${organizationId}`)
  return firstRow(z.object({ name: z.string() }), res)?.name ?? null
}
