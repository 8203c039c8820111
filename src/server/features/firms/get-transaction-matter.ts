/**
 * The viewer's firm's matter on one move (GET /api/transactions/{txId}/matter), for the workspace's
 * fee earner and its Reassign: the matter, its fee earner, the viewer's member role and the firm's
 * current admins and fee earners (who may hold it). `matter` is null for someone on the move whose
 * firm has no matter on it (a buyer, a seller, a conveyancer invited on their own); anyone who may
 * not see the move gets the standard 404. One statement; visibility and the firm's matters come from
 * the access module.
 */
import type { TransactionMatterResponse } from '#shared/contracts/firms.ts'
import { visibleMattersSql } from '#server/access/firms.ts'
import { canSeeTransactionRowSql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'

const SQL = `
select json_build_object('matter', (
  select json_build_object(
    'matter_id', m.id, 'version', m.version, 'side', m.side,
    'fee_earner', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = m.fee_earner_id),
    'viewer_role', (select om.role from organization_members om
      where om.organization_id = m.organization_id and om.profile_id = $1 and om.removed_at is null),
    'fee_earners', coalesce((select json_agg(json_build_object('id', mp.id, 'full_name', mp.full_name, 'role', om.role)
        order by mp.full_name, mp.id)
      from organization_members om join profiles mp on mp.id = om.profile_id
      where om.organization_id = m.organization_id and om.removed_at is null and om.role in ('admin', 'fee_earner')),
      '[]'::json))
  from (${visibleMattersSql('$1')} and vm.transaction_id = t.id) m
  order by m.instructed_at limit 1
))::text
from transactions t where t.id = $2 and ${canSeeTransactionRowSql('t', '$1')}`

/** Returns TransactionMatterResponse as JSON text; the standard 404 when the viewer may not see the move. */
export async function getTransactionMatter({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<TransactionMatterResponse>> {
  const text = await database.queryJson<TransactionMatterResponse>('transaction_matter', SQL, [viewer.profileId, txId])
  if (!text) throw notFound()
  return text
}
