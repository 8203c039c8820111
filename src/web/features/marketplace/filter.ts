import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import {
  ACCREDITATION_TIERS,
  ORGANIZATION_TYPES,
  tierRank,
  type AccreditationTier,
  type OrganizationType,
} from '#shared/domain/organizations.ts'

/** Type filter: one organization type, or all (spec: Validation rules: exact match on type, or all). */
export type TypeFilter = 'all' | OrganizationType
/** Tier filter: 'platinum' (Platinum Only), 'gold' (Gold & Above), 'silver' (Silver & Above), or all. */
export type TierFilter = 'all' | AccreditationTier

export interface MarketplaceFilters {
  search: string
  type: TypeFilter
  tier: TierFilter
  /** Only firms whose profile says they speak Welsh with clients (language 'cy', decision 067). */
  welsh?: boolean
}

export const DEFAULT_FILTERS: MarketplaceFilters = { search: '', type: 'all', tier: 'all', welsh: false }

/** The ISO 639 code of Welsh in a firm's languages (shared/domain/firm-profile.ts FIRM_LANGUAGES). */
export const WELSH = 'cy'

/**
 * How a filter reads. The spec (Validation rules) records that the original matched the search on the
 * name only and the tier exactly; ours is name-or-location and cumulative tiers,
 * which is what the placeholder ('Search by name or location...') and the labels ('Gold & Above')
 * promise. The original reading stays available for the tests that document it.
 */
export interface FilterReading {
  search: 'name' | 'name-or-location'
  tier: 'exact' | 'cumulative'
}

/** Homeward's reading. */
export const HOMEWARD_READING: FilterReading = { search: 'name-or-location', tier: 'cumulative' }
/** The original product's reading (spec: Validation rules), kept to document the difference. */
export const ORIGINAL_READING: FilterReading = { search: 'name', tier: 'exact' }

/** Type options in the order of spec: Screens and routes. */
export const TYPE_OPTIONS: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: 'All Types' },
  { value: 'law', label: 'Conveyancers' },
  { value: 'survey', label: 'Surveyors' },
  { value: 'broker', label: 'Mortgage Brokers' },
  { value: 'agent', label: 'Estate Agents' },
]

/** Tier options in the order of spec: Screens and routes. */
export const TIER_OPTIONS: ReadonlyArray<{ value: TierFilter; label: string }> = [
  { value: 'all', label: 'All Tiers' },
  { value: 'platinum', label: 'Platinum Only' },
  { value: 'gold', label: 'Gold & Above' },
  { value: 'silver', label: 'Silver & Above' },
]

/** Whether `value` is a valid type filter. */
export function isTypeFilter(value: unknown): value is TypeFilter {
  return value === 'all' || (ORGANIZATION_TYPES as readonly unknown[]).includes(value)
}

/** Whether `value` is a valid tier filter. */
export function isTierFilter(value: unknown): value is TierFilter {
  return value === 'all' || (ACCREDITATION_TIERS as readonly unknown[]).includes(value)
}

/** Tier test: cumulative keeps `tier` and everything above it; exact keeps `tier` only. */
export function matchesTier(orgTier: string | null, filter: TierFilter, reading: FilterReading['tier']): boolean {
  if (filter === 'all') return true
  if (reading === 'exact') return orgTier === filter
  return orgTier !== null && tierRank(orgTier) >= tierRank(filter)
}

/** Search text of an organization, lower-cased: its name, plus town and postcode district when reading by location. */
function haystack(org: DirectoryOrganization, reading: FilterReading['search']): string {
  const name = org.name.toLowerCase()
  if (reading === 'name') return name
  return `${name}\n${(org.town ?? '').toLowerCase()}\n${(org.postcode_district ?? '').toLowerCase()}`
}

/**
 * The organizations that pass all three filters, in their original order (the API sorts by tier,
 * highest first). Search is a case-insensitive substring match, with surrounding spaces ignored;
 * an empty search matches everything. Pure; runs on the already loaded list (spec: Validation rules).
 */
export function filterOrganizations(
  organizations: readonly DirectoryOrganization[],
  filters: MarketplaceFilters,
  reading: FilterReading = HOMEWARD_READING,
): DirectoryOrganization[] {
  const needle = filters.search.trim().toLowerCase()
  return organizations.filter(
    (org) =>
      (filters.type === 'all' || org.type === filters.type) &&
      matchesTier(org.accreditation_tier, filters.tier, reading.tier) &&
      (!filters.welsh || org.languages.includes(WELSH)) &&
      (needle === '' || haystack(org, reading.search).includes(needle)),
  )
}

/** The count label of spec: Screens and routes: '1 professional', '0 professionals', '12 professionals'. */
export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'professional' : 'professionals'}`
}
