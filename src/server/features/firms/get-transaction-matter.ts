/**
 * The viewer's firm's matter on one move (GET /api/transactions/{txId}/matter), for the workspace's
 * fee earner and its Reassign: the matter, its fee earner, the viewer's member role and the firm's
 * current admins and fee earners (who may hold it). 404 when the viewer's firm has no matter on the
 * move, as for a move they may not see; which matters a member sees comes from access/firms.ts.
 */
import type { TransactionMatter } from '#shared/contracts/firms.ts'
import { visibleMattersSql } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/http/errors.ts'

const SQL = `
with m as (${visibleMattersSql('$1')} and vm.transaction_id = $2)
select json_build_object(
  'matter_id', m.id, 'version', m.version, 'side', m.side,
  'fee_earner', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = m.fee_earner_id),
  'viewer_role', (select om.role from organization_members om
    where om.organization_id = m.organization_id and om.profile_id = $1 and om.removed_at is null),
  'fee_earners', coalesce((select json_agg(json_build_object('id', mp.id, 'full_name', mp.full_name, 'role', om.role)
      order by mp.full_name, mp.id)
    from organization_members om join profiles mp on mp.id = om.profile_id
    where om.organization_id = m.organization_id and om.removed_at is null and om.role in ('admin', 'fee_earner')),
    '[]'::json)
)::text
from m order by m.instructed_at limit 1`

/** Returns TransactionMatter as JSON text; 404 `transaction` when the viewer's firm has no matter on it. */
export async function getTransactionMatter({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<TransactionMatter>> {
  const text = await database.queryJson<TransactionMatter>('transaction_matter', SQL, [viewer.profileId, txId])
  if (!text) throw notFound('transaction')
  return text
}
