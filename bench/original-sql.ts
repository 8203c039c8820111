/**
 * The dashboard and transaction-detail SQL exactly as the app ran it before the speed work (the
 * baseline's queries): the visible-transactions check as `id in (select ... union ...)` and the
 * detail's profile lookups as joins. The bare server (bench/bare-server.ts) runs these, so that the
 * ratio `npm run bench` prints is against the original queries, not the rewritten ones.
 * Parameters: dashboard $1 = profile id; detail $1 = profile id, $2 = transaction id.
 */

/** The original access subquery (src/server/access/transactions.ts before the rewrite). */
function visibleTransactionIdsSql(param: string): string {
  return `(select t.id from transactions t where t.buyer_user_id = ${param} or t.seller_user_id = ${param}
    union select tp.transaction_id from transaction_participants tp where tp.user_id = ${param})`
}

const DETAIL_MESSAGE_LIMIT = 50
const DETAIL_ACTIVITY_LIMIT = 30

export const ORIGINAL_DASHBOARD_SQL = `
select json_build_object('transactions', coalesce(json_agg(x order by x.created_at desc, x.id), '[]'::json))::text
from (
  select t.id, t.status, t.created_at, t.archived_at, t.buyer_user_id, t.seller_user_id,
    (select json_build_object('address_lines', p.address_lines, 'postcode', p.postcode)
       from properties p where p.transaction_id = t.id) as property,
    coalesce((select json_agg(json_build_object('status', s.status, 'percent_complete', s.percent_complete, 'stage_name', s.stage_name) order by s.sort_index)
       from timeline_stages s where s.transaction_id = t.id), '[]'::json) as timeline_stages,
    coalesce((select json_agg(json_build_object('user_id', tp.user_id, 'role', tp.role) order by tp.created_at, tp.id)
       from transaction_participants tp where tp.transaction_id = t.id), '[]'::json) as transaction_participants
  from transactions t
  where t.id in ${visibleTransactionIdsSql('$1')}
) x`

export const ORIGINAL_DETAIL_SQL = `
select json_build_object(
  'id', t.id, 'status', t.status, 'created_at', t.created_at, 'updated_at', t.updated_at, 'version', t.version,
  'buyer_user_id', t.buyer_user_id, 'seller_user_id', t.seller_user_id,
  'agreed_price_pence', t.agreed_price_pence, 'exchange_date', t.exchange_date, 'completion_date', t.completion_date,
  'cancelled_reason', t.cancelled_reason, 'archived_at', t.archived_at,
  'viewer_role', coalesce(
     (select vp.role from transaction_participants vp where vp.transaction_id = t.id and vp.user_id = $1),
     case when t.buyer_user_id = $1 then 'buyer' when t.seller_user_id = $1 then 'seller' end),
  'property', (select json_build_object('address_lines', p.address_lines, 'postcode', p.postcode, 'uprn', p.uprn, 'tenure', p.tenure)
     from properties p where p.transaction_id = t.id),
  'timeline_stages', coalesce((
     select json_agg(json_build_object(
       'id', s.id, 'stage_name', s.stage_name, 'sort_index', s.sort_index, 'status', s.status,
       'percent_complete', s.percent_complete, 'blocked_reason', s.blocked_reason, 'version', s.version,
       'blocked_at', s.blocked_at, 'blocked_by_name', (select bp.full_name from profiles bp where bp.id = s.blocked_by),
       'tasks', coalesce((select json_agg(json_build_object('id', k.id, 'title', k.title, 'status', k.status,
          'sort_index', k.sort_index, 'owner_side', k.owner_side, 'version', k.version, 'completed_at', k.completed_at,
          'completed_by', k.completed_by, 'completed_by_name', cb.full_name) order by k.sort_index)
          from tasks k left join profiles cb on cb.id = k.completed_by where k.stage_id = s.id), '[]'::json)
     ) order by s.sort_index)
     from timeline_stages s where s.transaction_id = t.id), '[]'::json),
  'transaction_participants', coalesce((
     select json_agg(json_build_object(
       'id', tp.id, 'user_id', tp.user_id, 'role', tp.role, 'invited_by', tp.invited_by, 'created_at', tp.created_at,
       'profile', json_build_object('full_name', pr.full_name, 'email', pr.email),
       'organization', case when o.id is null then null else json_build_object('id', o.id, 'name', o.name, 'type', o.type) end
     ) order by tp.created_at, tp.id)
     from transaction_participants tp
     join profiles pr on pr.id = tp.user_id
     left join organizations o on o.id = tp.organization_id
     where tp.transaction_id = t.id), '[]'::json),
  'documents', coalesce((
     select json_agg(json_build_object('id', d.id, 'filename', d.filename, 'folder', d.folder, 'version', d.version,
       'created_at', d.created_at, 'signed_at', d.signed_at) order by d.folder, d.filename, d.version desc)
     from documents d where d.transaction_id = t.id), '[]'::json),
  'messages', coalesce((
     select json_agg(json_build_object('id', m.id, 'body_md', m.body_md, 'created_at', m.created_at,
       'author', case when a.id is null then null else json_build_object('id', a.id, 'full_name', a.full_name) end) order by m.created_at desc, m.id)
     from (select * from messages m0 where m0.transaction_id = t.id and m0.deleted_at is null
           order by m0.created_at desc limit ${DETAIL_MESSAGE_LIMIT}) m
     left join profiles a on a.id = m.author_id), '[]'::json),
  'activity', coalesce((
     select json_agg(json_build_object('id', e.id, 'kind', e.kind, 'summary', e.summary, 'created_at', e.created_at,
       'actor', case when ap.id is null then null else json_build_object('id', ap.id, 'full_name', ap.full_name) end)
       order by e.created_at desc, e.seq desc nulls last, e.id)
     from (select * from activity_events e0 where e0.transaction_id = t.id
           order by e0.created_at desc, e0.seq desc nulls last limit ${DETAIL_ACTIVITY_LIMIT}) e
     left join profiles ap on ap.id = e.actor_id), '[]'::json)
)::text
from transactions t
where t.id = $2 and t.id in ${visibleTransactionIdsSql('$1')}`
