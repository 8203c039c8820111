/**
 * One transaction with everything the workspace shows: property (with UPRN), stages with tasks by
 * sort_index, participants with profile and organization, documents, and the latest messages with
 * their author's name. spec: The calls the product makes ('Transaction detail'). One SQL round trip; the access check
 * is part of the same statement, so a transaction the viewer may not see reads as not found. Every
 * name is looked up by primary key per row (a correlated subquery; user_id is a NOT NULL foreign
 * key, so every participant has the profile the join required): joined to the whole profiles
 * table, each lookup was planned as a sequential scan and a hash join, eleven per detail.
 */
import { canSeeTransactionRowSql, documentAudienceSql, viewerRoleSql } from '#server/access/transactions.ts'
import { activityReadableSql } from '#server/access/activity.ts'
import { viewerAccessId, type Viewer } from '#server/auth/viewer.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import { offPlatformPartiesJsonSql } from '#server/core/off-platform-parties/list-parties.ts'

/** Messages included in the detail, newest first; the chat reads older ones page by page. */
export const DETAIL_MESSAGE_LIMIT = 50
/** Audit entries included in the detail, newest first. */
export const DETAIL_ACTIVITY_LIMIT = 30

export const DETAIL_SQL = `
select json_build_object(
  'id', t.id, 'status', t.status, 'created_at', t.created_at, 'updated_at', t.updated_at, 'version', t.version,
  'buyer_user_id', t.buyer_user_id, 'seller_user_id', t.seller_user_id,
  'agreed_price_pence', t.agreed_price_pence, 'exchange_date', t.exchange_date, 'completion_date', t.completion_date,
  'cancelled_reason', t.cancelled_reason, 'archived_at', t.archived_at,
  'viewer_role', ${viewerRoleSql('t', '$1')},
  'property', (select json_build_object('address_lines', p.address_lines, 'postcode', p.postcode, 'uprn', p.uprn, 'tenure', p.tenure, 'nation', p.nation)
     from properties p where p.transaction_id = t.id),
  'timeline_stages', coalesce((
     select json_agg(json_build_object(
       'id', s.id, 'stage_name', s.stage_name, 'sort_index', s.sort_index, 'status', s.status,
       'percent_complete', s.percent_complete, 'blocked_reason', s.blocked_reason, 'version', s.version,
       'blocked_at', s.blocked_at, 'blocked_by_name', (select bp.full_name from profiles bp where bp.id = s.blocked_by),
       'tasks', coalesce((select json_agg(json_build_object('id', k.id, 'title', k.title, 'status', k.status,
          'sort_index', k.sort_index, 'owner_side', k.owner_side, 'version', k.version, 'completed_at', k.completed_at,
          'completed_by', k.completed_by, 'completed_by_name', (select cb.full_name from profiles cb where cb.id = k.completed_by),
          'dip', (select json_build_object('lender', m.lender, 'expires_on', to_char(m.expires_on, 'YYYY-MM-DD'))
                  from mortgage_dips m where m.task_id = k.id order by m.created_at desc limit 1))
          order by k.sort_index)
          from tasks k where k.stage_id = s.id), '[]'::json)
     ) order by s.sort_index)
     from timeline_stages s where s.transaction_id = t.id), '[]'::json),
  'transaction_participants', coalesce((
     select json_agg(json_build_object(
       'id', tp.id, 'user_id', tp.user_id, 'role', tp.role, 'invited_by', tp.invited_by, 'created_at', tp.created_at,
       'profile', (select json_build_object('full_name', pr.full_name, 'email', pr.email) from profiles pr where pr.id = tp.user_id),
       'organization', (select json_build_object('id', o.id, 'name', o.name, 'type', o.type) from organizations o where o.id = tp.organization_id)
     ) order by tp.created_at, tp.id)
     from transaction_participants tp
     where tp.transaction_id = t.id), '[]'::json),
  'documents', coalesce((
     select json_agg(json_build_object('id', d.id, 'filename', d.filename, 'folder', d.folder, 'version', d.version,
       'created_at', d.created_at, 'signed_at', d.signed_at) order by d.folder, d.filename, d.version desc)
     from documents d where d.transaction_id = t.id and ${documentAudienceSql('d', '$1')}), '[]'::json),
  'messages', coalesce((
     select json_agg(json_build_object('id', m.id, 'body_md', m.body_md, 'created_at', m.created_at,
       'author', (select json_build_object('id', a.id, 'full_name', a.full_name) from profiles a where a.id = m.author_id)) order by m.created_at desc, m.id)
     from (select * from messages m0 where m0.transaction_id = t.id and m0.deleted_at is null
           order by m0.created_at desc limit ${DETAIL_MESSAGE_LIMIT}) m), '[]'::json),
  'activity', coalesce((
     select json_agg(json_build_object('id', e.id, 'kind', e.kind, 'summary', e.summary, 'created_at', e.created_at,
       'actor', (select json_build_object('id', ap.id, 'full_name', ap.full_name) from profiles ap where ap.id = e.actor_id))
       order by e.created_at desc, e.seq desc nulls last, e.id)
     from (select e0.* from activity_events e0 cross join (select ${viewerRoleSql('t', '$1')} as role) vr
           where e0.transaction_id = t.id
             -- Only entries whose audience takes in the viewer (access/activity.ts, decision 052).
             and ${activityReadableSql('e0', 'vr.role', '$1')}
             -- Views of sealed data (funds.viewed, cdd.viewed, identity.image_viewed) stay in the audit
             -- trail, not in the workspace's recent activity: they are not progress, and not the other side's.
             and e0.kind not like '%viewed'
           order by e0.created_at desc, e0.seq desc nulls last limit ${DETAIL_ACTIVITY_LIMIT}) e), '[]'::json),
  -- The professionals recorded as not on Homeward (off-platform parties): everyone who sees the move reads them.
  'off_platform_parties', ${offPlatformPartiesJsonSql('t.id')}
)::text
from transactions t
where t.id = $2 and ${canSeeTransactionRowSql('t', '$1')}`

/** Returns TransactionDetail as JSON text, or throws the standard 404 AppError. */
export async function getTransactionDetail({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<TransactionDetail>> {
  const json = await database.queryJson<TransactionDetail>('transaction_detail', DETAIL_SQL, [
    viewerAccessId(viewer),
    txId,
  ])
  if (!json) throw notFound()
  return json
}
