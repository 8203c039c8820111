/**
 * The dashboard list: the viewer's transactions, newest first, each with its property (address lines
 * and postcode), stage name, status and percent (the card names a blocked stage), and participants. spec: The calls the product makes ('Dashboard list').
 * The spec filters on buyer or seller only; professionals also see the cases they work on
 * (docs/decisions/006-dashboard-includes-participants.md). One SQL round trip; the database builds the JSON,
 * probing indexes only: the visible ids as an array, then each transaction's rows by its id.
 */
import { visibleTransactionIdArraySql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { DashboardResponse } from '#shared/contracts/transactions.ts'
import type { Database, JsonText } from '#server/db/client.ts'

export const DASHBOARD_SQL = `
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
  where t.id = any(${visibleTransactionIdArraySql('$1')})
) x`

/** Returns DashboardResponse as JSON text: `{ transactions: DashboardTransaction[] }`. */
export async function listDashboard({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<JsonText<DashboardResponse>> {
  return (await database.queryJson<DashboardResponse>('dashboard_list', DASHBOARD_SQL, [viewer.profileId]))!
}
