import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import type { AccreditationTier, OrganizationType } from '#shared/domain/organizations.ts'

// Test and benchmark data only: realistic, deterministic directory entries.
const TOWNS: ReadonlyArray<[string, string]> = [
  ['Bristol', 'BS1'],
  ['Leeds', 'LS1'],
  ['Manchester', 'M1'],
  ['Cardiff', 'CF10'],
  ['Swansea', 'SA1'],
  ['York', 'YO1'],
  ['Bath', 'BA1'],
  ['Norwich', 'NR1'],
  ['Exeter', 'EX1'],
  ['Nottingham', 'NG1'],
  ['Brighton', 'BN1'],
  ['Sheffield', 'S1'],
  ['Oxford', 'OX1'],
  ['Cambridge', 'CB1'],
  ['Newcastle upon Tyne', 'NE1'],
  ['Plymouth', 'PL1'],
]
const SURNAMES = ['Harrison', 'Patel', 'Evans', 'Okafor', 'Clarke', 'Hughes', 'Morgan', 'Shah', 'Bennett', 'Price']
const SUFFIX: Record<OrganizationType, string> = {
  law: 'Conveyancing',
  survey: 'Surveyors',
  broker: 'Mortgages',
  agent: 'Estate Agents',
}
const TYPES: readonly OrganizationType[] = ['law', 'law', 'law', 'survey', 'broker', 'agent']
const TIERS: ReadonlyArray<AccreditationTier | null> = ['silver', 'silver', 'gold', 'gold', 'platinum', null]

let sequence = 0

/** One directory organization with unique id and name; pass overrides for the fields a test cares about. */
export function createOrganization(overrides: Partial<DirectoryOrganization> = {}): DirectoryOrganization {
  sequence++
  const n = sequence
  const [town, district] = TOWNS[n % TOWNS.length]
  const type = overrides.type ?? TYPES[n % TYPES.length]
  return {
    id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    name: `${SURNAMES[n % SURNAMES.length]} & Co ${SUFFIX[type]} ${n}`,
    type,
    accreditation_tier: 'silver',
    town,
    postcode_district: district,
    description: `An independent ${SUFFIX[type].toLowerCase()} firm serving ${town} and the surrounding area.`,
    contact_email: `hello${n}@example.co.uk`,
    website: null,
    logo_url: null,
    offices: [],
    services: [],
    languages: [],
    regulator: null,
    regulator_number: null,
    regulator_status: null,
    regulator_checked_by: null,
    accreditation_metrics: [
      {
        avg_days: 40 + (n % 80),
        collapse_rate: (5 + (n % 25)) / 100,
        csat: 3.5 + (n % 15) / 10,
        cases_count: 10 + ((n * 7) % 200),
        live_cases_count: 3 + (n % 20),
        document_accuracy: 0.95 + (n % 5) / 100,
        sla_rate: 0.72 + (n % 25) / 100,
      },
    ],
    marketplace_reviews: Array.from({ length: n % 6 }, (_, i) => ({ rating_int: 3 + ((n + i) % 3) })),
    ...overrides,
  }
}

/** `count` organizations spread over every type, tier (including none) and town, highest tier first like the API. */
export function createDirectory(count: number): DirectoryOrganization[] {
  const orgs = Array.from({ length: count }, (_, i) =>
    createOrganization({ accreditation_tier: TIERS[i % TIERS.length], type: TYPES[i % TYPES.length] }),
  )
  const rank = (t: string | null) => (t === 'platinum' ? 3 : t === 'gold' ? 2 : t === 'silver' ? 1 : 0)
  return orgs.sort((a, b) => rank(b.accreditation_tier) - rank(a.accreditation_tier) || a.name.localeCompare(b.name))
}
