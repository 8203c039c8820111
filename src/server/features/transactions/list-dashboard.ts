/**
 * The dashboard list: the viewer's transactions, newest first, each with its property (address lines
 * and postcode), stage name, status and percent (the card names a blocked stage), and participants. spec: The calls the product makes ('Dashboard list').
 * The spec filters on buyer or seller only; professionals also see the cases they work on
 * (docs/decisions/006-dashboard-includes-participants.md). One SQL round trip; the database builds the JSON,
 * probing indexes only: the visible ids as an array, then each transaction's row and its card
 * (transaction_cards: the property, stages and participants as ready-made JSON, kept by triggers;
 * docs/decisions/039-dashboard-card-json.md).
 */
import { visibleTransactionIdArraySql } from '#server/access/transactions.ts'
import { viewerAccessId, type Viewer } from '#server/auth/viewer.ts'
import type { DashboardResponse } from '#shared/contracts/transactions.ts'
import type { Database, JsonText } from '#server/db/client.ts'

export const DASHBOARD_SQL = `
select json_build_object('transactions', coalesce(json_agg(x order by x.created_at desc, x.id), '[]'::json))::text
from (
  select t.id, t.status, t.created_at, t.archived_at, t.buyer_user_id, t.seller_user_id,
    c.property,
    coalesce(c.timeline_stages, '[]'::json) as timeline_stages,
    coalesce(c.transaction_participants, '[]'::json) as transaction_participants
  from transactions t
  left join transaction_cards c on c.transaction_id = t.id
  where t.id = any(${visibleTransactionIdArraySql('$1')})
) x`

/**
 * Returns DashboardResponse as JSON text: `{ transactions: DashboardTransaction[] }`. A firm API key
 * lists its firm's matters only (viewerAccessId, decision 050).
 */
export async function listDashboard({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<JsonText<DashboardResponse>> {
  return (await database.queryJson<DashboardResponse>('dashboard_list', DASHBOARD_SQL, [viewerAccessId(viewer)]))!
}
