/**
 * What backs the public pages' marketing figures (decision 068): in the demo (NODE_ENV not
 * production) the product spec's copy; in production only live counts, today the conveyancing firms
 * listed in the directory (profile complete) with an accreditation tier. Public, non-personal data.
 */
import type { MarketingClaims } from '#shared/contracts/directory.ts'
import type { Database } from '#server/db/client.ts'
import { profileCompleteSql } from '#server/core/firm-profile/listing.ts'

const LISTED_CONVEYANCERS_SQL = `select count(*)::int as n from organizations o
where o.type = 'law' and o.accreditation_tier is not null and ${profileCompleteSql('o')}`

/** `production`: NODE_ENV=production (then mode 'live'). */
export async function marketingClaims({
  database,
  production,
}: {
  database: Database
  production: boolean
}): Promise<MarketingClaims> {
  const [row] = await database.query<{ n: number }>(LISTED_CONVEYANCERS_SQL)
  return { mode: production ? 'live' : 'demo', listed_conveyancers: Number(row?.n ?? 0) }
}
