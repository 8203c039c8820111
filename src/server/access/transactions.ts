/**
 * Who may see a transaction and everything under it (property, stages, tasks, participants,
 * documents, messages): its buyer, its seller, a participant, or a current member of a firm instructed
 * on it (a matter: access/firms.ts). Every query that touches
 * transaction data goes through these helpers, so that none forgets the check.
 * Anyone else, signed in or not, gets the same 404 as for a transaction that does not exist.
 * See docs/decisions/005-access-control.md. Permission: `read:transaction:party`.
 *
 * A giftor (someone giving money towards a buyer's deposit) is deliberately not in any of these sets:
 * they are no participant, so every route of the move answers them 404; they reach only their own gift
 * through access/gifts.ts (decision 037).
 *
 * The fragments take the viewer's access principal (auth/viewer.ts viewerAccessId), not always a
 * profile id: a firm API key's id matches none of the personal branches here, only the firm's
 * (access/firms.ts), so the key sees its firm's matters only (decision 050).
 */

import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { AUDIENCE_INFO, audiencesIncluding, DOCUMENT_AUDIENCES } from '#shared/domain/document-audiences.ts'
import { sqlInList } from '../db/schema/sql-lists'
import type { Database, Tx } from '../db/client'
import { firstRow, IdRow, rows } from '../db/rows'
import { notFound } from '#server/core/errors.ts'
import { viewerAccessId, type Viewer } from '../auth/viewer'
import { firmMemberOnTransactionSql, firmRoleOnTransactionSql, firmTransactionIdsSql } from './firms'

/**
 * SQL subquery (set-based, one index probe each side) of the transaction ids that the profile in
 * parameter `$n` may see. Written set-based because per-row function checks were 45 times slower when measured.
 */
export function visibleTransactionIdsSql(param: string): string {
  return `(select t.id from transactions t where t.buyer_user_id = ${param} or t.seller_user_id = ${param}
    union select tp.transaction_id from transaction_participants tp where tp.user_id = ${param}
    union ${firmTransactionIdsSql(param)})`
}

/**
 * SQL condition, true when the profile in parameter `viewerParam` may see the transaction in
 * parameter `txParam`. Embedded in the read it guards, in the same statement: in `where` for a
 * single-row read (no row: 404), in `having` for an aggregate read (a bare `having` without `group
 * by` drops the one aggregate row, so an outsider gets no row, not an empty list).
 */
export function canSeeTransactionSql(viewerParam: string, txParam: string): string {
  return `${txParam} in ${visibleTransactionIdsSql(viewerParam)}`
}

/**
 * The same set as visibleTransactionIdsSql, as an array for `t.id = any(...)`: the planner then probes
 * the primary key once per visible id, where `t.id in (... union ...)` read every transaction and
 * hash-joined them with the union (the dashboard's plan at 5,000 transactions).
 */
export function visibleTransactionIdArraySql(param: string): string {
  return `array(select t.id from transactions t where t.buyer_user_id = ${param}
    union select t.id from transactions t where t.seller_user_id = ${param}
    union select tp.transaction_id from transaction_participants tp where tp.user_id = ${param}
    union ${firmTransactionIdsSql(param)})`
}

/**
 * SQL condition, on the transaction row `alias`, that the profile in parameter `param` may see it:
 * its buyer, its seller, a participant or a member of a firm instructed on it (index probes). For
 * queries that read one transaction.
 */
export function canSeeTransactionRowSql(alias: string, param: string): string {
  return `(${alias}.buyer_user_id = ${param} or ${alias}.seller_user_id = ${param}
    or exists(select 1 from transaction_participants vtp where vtp.transaction_id = ${alias}.id and vtp.user_id = ${param})
    or ${firmMemberOnTransactionSql(`${alias}.id`, param)})`
}

/**
 * SQL expression of the role the profile in `param` holds on the transaction row `alias`: their
 * participant role, else 'buyer' or 'seller' from the transaction's columns, else the conveyancer
 * role their firm holds on it; null when they may not see it.
 */
export function viewerRoleSql(alias: string, param: string): string {
  return `coalesce(
    (select vtp.role from transaction_participants vtp where vtp.transaction_id = ${alias}.id and vtp.user_id = ${param}),
    case when ${alias}.buyer_user_id = ${param} then 'buyer' when ${alias}.seller_user_id = ${param} then 'seller' end,
    ${firmRoleOnTransactionSql(`${alias}.id`, param)})`
}

// Every (audience, role) pair of the audience table (src/shared/domain/document-audiences.ts), as
// 'audience:role' constants: the one list the SQL rule below checks a document against.
const AUDIENCE_ROLE_PAIRS = sqlInList(
  DOCUMENT_AUDIENCES.flatMap((a) => AUDIENCE_INFO[a].roles.map((role) => `${a}:${role}`)),
)
const ALIAS = /^[a-z_][a-z0-9_]*$/

/**
 * SQL condition, on the documents row `alias`, that the profile in parameter `param` (who may already
 * see its move) is in the document's audience (documents.audience, decision 051): 'everyone' is
 * everyone on the move; any other audience is the roles AUDIENCE_INFO lists for it, the viewer's role
 * on the move being viewerRoleSql (so a firm colleague counts as their firm's conveyancer, and an
 * agency colleague as the estate agent). Embedded beside the visibility check in every read of
 * documents rows: a document outside the viewer's audience is neither listed, counted nor linked.
 */
export function documentAudienceSql(alias: string, param: string): string {
  if (!ALIAS.test(alias)) throw new Error(`Not a table alias: ${JSON.stringify(alias)}`)
  return `(${alias}.audience = 'everyone' or exists(select 1 from transactions dat where dat.id = ${alias}.transaction_id
    and (${alias}.audience || ':' || ${viewerRoleSql('dat', param)}) in ${AUDIENCE_ROLE_PAIRS}))`
}

/**
 * The same audience rule as documentAudienceSql, as a drizzle fragment for queries built with `sql`:
 * `documentAudienceFor('d', viewer.profileId)` on the documents row `d`. Every read that takes a
 * document by id from a request (an attachment, evidence, a lender pack) embeds it, so a document
 * the viewer cannot list cannot be linked either.
 */
export function documentAudienceFor(alias: string, profileId: string) {
  return sql`exists(select 1 from (select ${profileId}::uuid as vid) dav where ${sql.raw(documentAudienceSql(alias, 'dav.vid'))})`
}

/**
 * SQL condition (drizzle) that the documents row `alias` is in an audience including `role` itself,
 * whoever holds it: for reads made on someone's behalf by role rather than by profile (the logbook
 * handed to the buyer at completion sees what the buyer sees).
 */
export function documentAudienceForRole(alias: string, role: string) {
  if (!ALIAS.test(alias)) throw new Error(`Not a table alias: ${JSON.stringify(alias)}`)
  const audiences = audiencesIncluding(role)
  if (!audiences.length) return sql`false`
  return sql`${sql.identifier(alias)}.audience in (${sql.join(
    audiences.map((a) => sql`${a}`),
    sql`, `,
  )})`
}

/**
 * SQL condition (drizzle) that the webhook endpoint row `endpointAlias` may hear of the document
 * `documentId`: the same audience rule as every read, for the person who registered a personal
 * endpoint, or for the conveyancer role of a firm's endpoint on its matter's side. Queued events about
 * a document (document.uploaded) go only to endpoints that pass it (core/audit/queue-webhook-events.ts).
 */
export function webhookSeesDocument(endpointAlias: string, documentId: string) {
  if (!ALIAS.test(endpointAlias)) throw new Error(`Not a table alias: ${JSON.stringify(endpointAlias)}`)
  const e = sql.identifier(endpointAlias)
  // The endpoint's owner, a column reference (the alias is checked above), for the rule's text.
  const owner = endpointAlias + '.profile_id'
  return sql`exists(select 1 from documents wd where wd.id = ${documentId}::uuid and (wd.audience = 'everyone'
    or (${e}.organization_id is null and ${sql.raw(documentAudienceSql('wd', owner))})
    or (${e}.organization_id is not null and exists(select 1 from matters wm
      where wm.transaction_id = wd.transaction_id and wm.organization_id = ${e}.organization_id
        and (wd.audience || ':' || case wm.side when 'buyer' then 'buyer_conveyancer' else 'seller_conveyancer' end)
          in ${sql.raw(AUDIENCE_ROLE_PAIRS)}))))`
}

/** canChangeDocumentAudienceSql as a drizzle fragment for the profile `profileId` on documents row `alias`. */
export function canChangeDocumentAudienceFor(alias: string, profileId: string) {
  return sql`exists(select 1 from (select ${profileId}::uuid as vid) cav where ${sql.raw(canChangeDocumentAudienceSql(alias, 'cav.vid'))})`
}

const BUYER_SIDE_ROLES = sqlInList(AUDIENCE_INFO.buyer_side.roles)
const SELLER_SIDE_ROLES = sqlInList(AUDIENCE_INFO.seller_side.roles)
const BUYER_SIDE_AUDIENCES = sqlInList(DOCUMENT_AUDIENCES.filter((a) => AUDIENCE_INFO[a].side === 'buyer'))
const SELLER_SIDE_AUDIENCES = sqlInList(DOCUMENT_AUDIENCES.filter((a) => AUDIENCE_INFO[a].side === 'seller'))

/**
 * SQL condition, on the documents row `alias`, that the profile in parameter `param` may change its
 * audience (`update:document-audience:own-side`, decision 051): its uploader, or the conveyancer
 * (firm) of the uploader's side; when the uploader has left the move, the conveyancer of the side
 * whose audience it is. Used with documentAudienceSql, so no one changes what they cannot see.
 */
export function canChangeDocumentAudienceSql(alias: string, param: string): string {
  if (!ALIAS.test(alias)) throw new Error(`Not a table alias: ${JSON.stringify(alias)}`)
  // coalesce: a document whose uploader is unknown (not on Homeward, or an account erased) has a null
  // uploaded_by, and `null or false` would be null, not false.
  return `(coalesce(${alias}.uploaded_by = ${param}, false) or exists(select 1 from transactions cat where cat.id = ${alias}.transaction_id
    and ${viewerRoleSql('cat', param)} = case
      when ${viewerRoleSql('cat', `${alias}.uploaded_by`)} in ${BUYER_SIDE_ROLES} then 'buyer_conveyancer'
      when ${viewerRoleSql('cat', `${alias}.uploaded_by`)} in ${SELLER_SIDE_ROLES} then 'seller_conveyancer'
      when ${alias}.audience in ${BUYER_SIDE_AUDIENCES} then 'buyer_conveyancer'
      when ${alias}.audience in ${SELLER_SIDE_AUDIENCES} then 'seller_conveyancer' end))`
}

// The viewer's role on transaction row `t`, the viewer's profile id being the column `v.vid` (bound
// as a parameter: `cross join (select $id::uuid as vid) v`), so drizzle numbers the one parameter.
const VIEWER_ROLE = sql.raw(viewerRoleSql('t', 'v.vid'))

/**
 * Whether the profile `$1` may see the transaction `$2`, as the text 'true' or 'false': the check that
 * guards every read that is not one statement of its own (canSeeTransaction).
 */
export const CAN_SEE_SQL = `select exists(select 1 from ${visibleTransactionIdsSql('$1')} v where v.id = $2)::text`

/** True when the viewer may see the transaction (signed-out callers never get this far: createRouter answers 401). */
export async function canSeeTransaction(database: Database, viewer: Viewer, txId: string): Promise<boolean> {
  return (
    (await database.queryJson<boolean>('can_see_transaction', CAN_SEE_SQL, [viewerAccessId(viewer), txId])) === 'true'
  )
}

/** Throws the standard 404 AppError unless the viewer may see the transaction. */
export async function assertCanSeeTransaction(database: Database, viewer: Viewer, txId: string): Promise<void> {
  if (!(await canSeeTransaction(database, viewer, txId))) throw notFound()
}

/**
 * The viewer's role on a transaction, read inside a database transaction with the row locked
 * (`for update`) so that concurrent changes queue: their participant role, else 'buyer' or 'seller'
 * from the transaction's own columns, else their firm's conveyancer role (viewerRoleSql). Throws the standard 404 when the viewer may not see it.
 */
export async function lockTransactionForViewer(
  tx: Tx,
  viewer: Viewer,
  txId: string,
): Promise<{ role: string; status: string; version: number; buyerUserId: string | null; sellerUserId: string | null }> {
  const res = await tx.execute(sql`
    select t.status, t.version, t.buyer_user_id, t.seller_user_id, ${VIEWER_ROLE} as role
    from transactions t cross join (select ${viewerAccessId(viewer)}::uuid as vid) v where t.id = ${txId} for update of t`)
  const row = firstRow(
    z.object({
      status: z.string(),
      version: z.number(),
      buyer_user_id: z.string().nullable(),
      seller_user_id: z.string().nullable(),
      role: z.string().nullable(),
    }),
    res,
  )
  if (!row?.role) throw notFound()
  return {
    role: row.role,
    status: row.status,
    version: row.version,
    buyerUserId: row.buyer_user_id,
    sellerUserId: row.seller_user_id,
  }
}

/**
 * The viewer's role on a transaction, read without locking (for writes that do not change the
 * transaction row, e.g. chat): their participant role, else 'buyer' or 'seller'. Throws the standard
 * 404 when the viewer may not see it.
 */
export async function readViewerRole(tx: Tx, viewer: Viewer, txId: string): Promise<string> {
  const res = await tx.execute(sql`
    select ${VIEWER_ROLE} as role
    from transactions t cross join (select ${viewerAccessId(viewer)}::uuid as vid) v where t.id = ${txId}`)
  const role = firstRow(z.object({ role: z.string().nullable() }), res)?.role
  if (!role) throw notFound()
  return role
}

/** Profile ids of everyone on a transaction: its buyer, its seller and every participant. */
export async function transactionPeopleIds(tx: Tx, txId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    select buyer_user_id as id from transactions where id = ${txId} and buyer_user_id is not null
    union select seller_user_id from transactions where id = ${txId} and seller_user_id is not null
    union select user_id from transaction_participants where transaction_id = ${txId}`)
  return rows(IdRow, res).map((r) => r.id)
}
