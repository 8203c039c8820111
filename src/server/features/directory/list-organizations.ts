/**
 * The marketplace directory: every listed organization (its profile complete: core/firm-profile/listing.ts;
 * an unlisted firm's profile is a 404) with its public profile, its latest accreditation_metrics row (the
 * accreditation engine's output: features/accreditation) and its reviews' ratings, highest tier first, then by name. spec: The calls the product makes ('Directory'); public data.
 */
import type { DirectoryResponse, OrganizationProfile } from '#shared/contracts/directory.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import { profileCompleteSql } from '#server/core/firm-profile/listing.ts'

// The logo's public path: its version is the storage key's last part (a content hash), so it caches for good.
const LOGO_URL_SQL = `case when o.logo_key is null then null
  else '/api/firm-logos/' || o.id || '/' || split_part(o.logo_key, '/', 3) || '.webp' end`

const ORG_FIELDS = `'id', o.id, 'name', o.name, 'type', o.type, 'accreditation_tier', o.accreditation_tier,
  'town', o.town, 'postcode_district', o.postcode_district, 'description', o.description, 'contact_email', o.contact_email,
  'website', o.website, 'logo_url', ${LOGO_URL_SQL}, 'offices', o.offices, 'services', to_json(o.services),
  'languages', to_json(o.languages), 'regulator', o.regulator, 'regulator_number', o.regulator_number,
  'regulator_status', o.regulator_status, 'regulator_checked_by', o.regulator_checked_by,
  'accreditation_metrics', coalesce((
    select json_agg(json_build_object('avg_days', m.avg_days, 'collapse_rate', m.collapse_rate, 'csat', m.csat,
      'cases_count', m.cases_count, 'live_cases_count', m.live_cases_count,
      'document_accuracy', m.document_accuracy, 'sla_rate', m.sla_rate, 'tier', m.tier,
      'reviews_count', m.reviews_count, 'report_days', m.report_days, 'reports_on_time_rate', m.reports_on_time_rate,
      'offer_days', m.offer_days, 'sale_to_completion_days', m.sale_to_completion_days, 'recorded_at', m.recorded_at))
    from (select * from accreditation_metrics m0 where m0.organization_id = o.id order by m0.recorded_at desc limit 1) m), '[]'::json)`

const TIER_RANK = `case o.accreditation_tier when 'platinum' then 3 when 'gold' then 2 when 'silver' then 1 else 0 end`

const DIRECTORY_SQL = `
select json_build_object('organizations', coalesce(json_agg(x.org order by x.rank desc, x.name, x.id), '[]'::json))::text
from (
  select o.id, o.name, ${TIER_RANK} as rank,
    json_build_object(${ORG_FIELDS},
      'marketplace_reviews', coalesce((select json_agg(json_build_object('rating_int', r.rating_int) order by r.created_at desc)
        from marketplace_reviews r where r.organization_id = o.id), '[]'::json)) as org
  from organizations o where ${profileCompleteSql('o')}
) x`

const PROFILE_SQL = `
select json_build_object(${ORG_FIELDS},
  'marketplace_reviews', coalesce((select json_agg(json_build_object('rating_int', r.rating_int) order by r.created_at desc)
    from marketplace_reviews r where r.organization_id = o.id), '[]'::json),
  'reviews', coalesce((select json_agg(json_build_object('id', r.id, 'rating_int', r.rating_int, 'author_name', r.author_name,
    'body', r.body, 'created_at', r.created_at) order by r.created_at desc)
    from marketplace_reviews r where r.organization_id = o.id), '[]'::json))::text
from organizations o where o.id = $1 and ${profileCompleteSql('o')}`

/** Returns DirectoryResponse as JSON text: `{ organizations: DirectoryOrganization[] }`. */
export async function listOrganizations({ database }: { database: Database }): Promise<JsonText<DirectoryResponse>> {
  return (await database.queryJson<DirectoryResponse>('directory_list', DIRECTORY_SQL, []))!
}

/** Returns OrganizationProfile as JSON text (one organization with full reviews), or throws 404. */
export async function getOrganization({
  database,
  orgId,
}: {
  database: Database
  orgId: string
}): Promise<JsonText<OrganizationProfile>> {
  const json = await database.queryJson<OrganizationProfile>('organization_profile', PROFILE_SQL, [orgId])
  if (!json) throw notFound('professional')
  return json
}

/** One profile's entry in the sitemap: its id and when anything on the page last changed. */
export interface OrganizationUpdate {
  id: string
  /** ISO 8601: the latest of the firm's own update, its newest review and its newest metrics. */
  updatedAt: string
}

const UPDATES_SQL = `
select o.id, greatest(o.updated_at,
  (select max(r.created_at) from marketplace_reviews r where r.organization_id = o.id),
  (select max(m.recorded_at) from accreditation_metrics m where m.organization_id = o.id)) as updated_at
from organizations o where ${profileCompleteSql('o')} order by o.id`

/** Every organization's id with the time its profile page last changed (for the sitemap). Public data. */
export async function listOrganizationUpdates({ database }: { database: Database }): Promise<OrganizationUpdate[]> {
  const rows = await database.query<{ id: string; updated_at: Date | string }>(UPDATES_SQL)
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() }))
}
