/**
 * The dashboard statement as it was before the stored cards (decision 039): every part of each move
 * built from its source rows on the spot, with today's access rule. Parameter $1: the viewer's
 * profile id. The stored cards must give exactly its bytes (dashboard-card.integration.test.ts,
 * bench/dashboard-card.bench.ts).
 */
import { visibleTransactionIdArraySql } from '#server/access/transactions.ts'

export const CARDLESS_DASHBOARD_SQL = `
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
