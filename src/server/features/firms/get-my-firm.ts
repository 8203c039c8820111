/**
 * GET /api/firm: the viewer's firm (null when they have none), their member role, the current members
 * with the live matters each holds, and (for admins) the pending invitations. One statement.
 */
import type { Viewer } from '#server/auth/viewer.ts'
import type { MyFirmResponse } from '#shared/contracts/firms.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { profileCompleteSql } from '#server/core/firm-profile/listing.ts'

const MY_FIRM_SQL = `
with me as (select om.organization_id, om.role from organization_members om where om.profile_id = $1 and om.removed_at is null)
select json_build_object(
  'firm', (select json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'town', o.town,
      'postcode_district', o.postcode_district, 'contact_email', o.contact_email, 'listed', ${profileCompleteSql('o')})
    from organizations o join me on me.organization_id = o.id),
  'my_role', (select role from me),
  'members', coalesce((select json_agg(json_build_object('profile_id', p.id, 'full_name', p.full_name, 'email', p.email,
      'role', om.role, 'joined_at', om.joined_at,
      'matters_count', (select count(*) from matters m join transactions t on t.id = m.transaction_id
         where m.organization_id = om.organization_id and m.fee_earner_id = p.id and t.status not in ('completed', 'cancelled'))::int)
      order by om.role = 'admin' desc, p.full_name, p.id)
    from me join organization_members om on om.organization_id = me.organization_id and om.removed_at is null
    join profiles p on p.id = om.profile_id), '[]'::json),
  'invitations', coalesce((select json_agg(json_build_object('id', i.id, 'email', i.email, 'role', i.role, 'status', i.status,
      'expires_at', i.expires_at, 'created_at', i.created_at) order by i.created_at desc, i.id)
    from me join organization_invitations i on i.organization_id = me.organization_id
    where me.role = 'admin' and i.status = 'pending'), '[]'::json)
)::text`

/** Returns MyFirmResponse as JSON text. */
export async function getMyFirm({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<JsonText<MyFirmResponse>> {
  return (await database.queryJson<MyFirmResponse>('my_firm', MY_FIRM_SQL, [viewer.profileId]))!
}
