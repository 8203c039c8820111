/**
 * Who may read an audit entry (part of the one access module, decision 005; the audiences in
 * docs/decisions/052-activity-audiences.md): someone who may see the move (access/transactions.ts)
 * AND whose role on it is in the entry's stored audience (shared/domain/activity-audiences.ts
 * activityAudienceRoles) AND, when the entry names a document (payload `documentId`), who is in that
 * document's audience (documentAudienceSql), so an entry follows its document when the document's
 * audience changes. Every read of entries embeds these fragments in the same SQL statement as the
 * visibility check: the workspace's recent activity, the Activity view and its API, the live
 * stream's catch-up, the data-rights export; the webhook outbox and notifications use the same
 * audience with the receiver's role. Nobody is told that an entry was left out.
 */
import { sql, type SQL } from 'drizzle-orm'
import { ACTIVITY_AUDIENCES, activityAudienceRoles } from '#shared/domain/activity-audiences.ts'
import { sqlInList } from '#server/db/schema/sql-lists.ts'
import { documentAudienceSql, viewerRoleSql } from './transactions'

/**
 * SQL condition: the audience in `audienceExpr` (a column or parameter holding an ACTIVITY_AUDIENCES
 * value) admits the role in `roleExpr` (as viewerRoleSql reports it; null: nobody). An unknown
 * audience admits no one.
 */
export function activityAudienceAdmitsSql(audienceExpr: string, roleExpr: string): string {
  const arms = ACTIVITY_AUDIENCES.map((a) =>
    a === 'everyone'
      ? `when 'everyone' then ${roleExpr} is not null`
      : `when '${a}' then ${roleExpr} in ${sqlInList(activityAudienceRoles(a))}`,
  )
  return `coalesce(case ${audienceExpr} ${arms.join(' ')} end, false)`
}

/**
 * SQL condition on the activity_events row `alias` that it names no document outside the audience of
 * the profile in `viewerParam` (payload `documentId`, when the document still exists).
 */
function followsDocumentSql(alias: string, viewerParam: string): string {
  return `(${alias}.payload ->> 'documentId' is null or not exists(select 1 from documents aed
    where aed.id = (${alias}.payload ->> 'documentId')::uuid and aed.transaction_id = ${alias}.transaction_id
      and not ${documentAudienceSql('aed', viewerParam)}))`
}

/**
 * SQL condition on the activity_events row `alias`: the profile in `viewerParam`, whose role on the
 * entry's move is `roleExpr` (viewerRoleSql, computed once per statement by the caller), may read
 * it. The caller still embeds the move's visibility check (visibleTransactionIdsSql).
 */
export function activityReadableSql(alias: string, roleExpr: string, viewerParam: string): string {
  return `(${activityAudienceAdmitsSql(`${alias}.audience`, roleExpr)} and ${followsDocumentSql(alias, viewerParam)})`
}

/** SQL expression of the role of the profile in `viewerParam` on the transaction whose id is `txExpr`. */
export function viewerRoleOnTransactionSql(txExpr: string, viewerParam: string): string {
  return `(select ${viewerRoleSql('avt', viewerParam)} from transactions avt where avt.id = ${txExpr})`
}

// A reference (a `$n` parameter, a table alias or `alias.column`), never a value: values go in as parameters.
const REFERENCE = /^(\$\d+|[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?)$/

/** A rule's text over checked references, as a drizzle fragment (as access/sql-fragments.ts). */
function fragment(text: (...refs: string[]) => string, ...refs: string[]): SQL {
  for (const ref of refs) if (!REFERENCE.test(ref)) throw new Error(`Not a SQL reference: ${JSON.stringify(ref)}`)
  return sql.raw(text(...refs))
}

/**
 * Drizzle condition: the profile in the reference `profileRef` (e.g. `p.id`) may read entries of
 * `audience` on transaction `txId`: their role there is in it. For notifications of an entry
 * (core/notify/notify-people.ts): a recipient outside the entry's audience is not told.
 */
export function profileReadsAudience(txId: string, audience: string, profileRef: string): SQL {
  const admits = fragment((p) => activityAudienceAdmitsSql('ara.aud', `(${viewerRoleSql('art', p)})`), profileRef)
  return sql`exists(select 1 from transactions art cross join (select ${audience}::text as aud) ara
    where art.id = ${txId}::uuid and ${admits})`
}

/** The conveyancer role a firm's matter on the transaction row `txAlias` holds, for the endpoint row `alias`. */
function receiverRoleSql(alias: string, txAlias: string): string {
  return `(case when ${alias}.organization_id is null then (${viewerRoleSql(txAlias, `${alias}.profile_id`)})
    else (select case wm.side when 'buyer' then 'buyer_conveyancer' else 'seller_conveyancer' end from matters wm
          where wm.transaction_id = ${txAlias}.id and wm.organization_id = ${alias}.organization_id
          order by wm.side limit 1) end)`
}

/**
 * Drizzle condition: the webhook endpoint row `alias` may receive an entry of `audience` on
 * transaction `txId`. A personal endpoint reads as the person who registered it (their role on the
 * move); a firm's endpoint as the conveyancer role its matter on the move holds. Used beside
 * webhookSeesTransaction when the entry is queued (core/audit/queue-webhook-events.ts).
 */
export function webhookReadsAudience(alias: string, txId: string, audience: string): SQL {
  const admits = fragment((a) => activityAudienceAdmitsSql('wra.aud', receiverRoleSql(a, 'wrt')), alias)
  return sql`exists(select 1 from transactions wrt cross join (select ${audience}::text as aud) wra
    where wrt.id = ${txId}::uuid and ${admits})`
}
