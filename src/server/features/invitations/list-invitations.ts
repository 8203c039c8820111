/** The invitations of a transaction, newest first, for its participants (People tab). */
import type { Viewer } from '#server/auth/viewer.ts'
import type { Invitation, InvitationList } from '#shared/contracts/invitations.ts'
import { parseJsonText, toJsonText, type Database, type JsonText } from '#server/db/client.ts'
import { canSeeTransactionSql } from '#server/access/transactions.ts'
import { notFound } from '#server/core/errors.ts'

const LIST_SQL = `
select json_build_object('invitations', coalesce(json_agg(json_build_object(
  'id', i.id, 'email', i.email, 'role', i.role,
  'status', case when i.status = 'pending' and i.expires_at < now() then 'expired' else i.status end,
  'expires_at', i.expires_at, 'created_at', i.created_at, 'last_sent_at', i.last_sent_at, 'send_count', i.send_count,
  'invited_by', case when p.id is null then null else json_build_object('id', p.id, 'full_name', p.full_name,
    'role', coalesce((select tp.role from transaction_participants tp where tp.transaction_id = i.transaction_id and tp.user_id = p.id),
      case when t.buyer_user_id = p.id then 'buyer' when t.seller_user_id = p.id then 'seller' end)) end,
  'organization', case when o.id is null then null else json_build_object('id', o.id, 'name', o.name, 'type', o.type) end,
  'decided_by', case when d.id is null then null else json_build_object('id', d.id, 'full_name', d.full_name) end
) order by i.created_at desc), '[]'::json))::text
from invitations i
join transactions t on t.id = i.transaction_id
left join profiles p on p.id = i.invited_by
left join profiles d on d.id = i.decided_by
left join organizations o on o.id = i.organization_id
where i.transaction_id = $1 and i.gift_id is null -- a giftor's invitation shows in the funding picture only
having ${canSeeTransactionSql('$2', '$1')}`

/** The invitations as JSON text (InvitationList). 404 when the viewer may not see the transaction. */
export async function listInvitations({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<InvitationList>> {
  const json = await database.queryJson<InvitationList>('invitation_list', LIST_SQL, [txId, viewer.profileId])
  if (json === null) throw notFound()
  return json
}

/** One invitation of a transaction as JSON text (the same shape as a list entry). 404 when not visible. */
export async function getInvitation({
  database,
  viewer,
  txId,
  invitationId,
}: {
  database: Database
  viewer: Viewer
  txId: string
  invitationId: string
}): Promise<JsonText<Invitation>> {
  const text = await listInvitations({ database, viewer, txId })
  const found = parseJsonText(text).invitations.find((i) => i.id === invitationId)
  if (!found) throw notFound('invitation')
  return toJsonText(found)
}
