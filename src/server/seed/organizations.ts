/**
 * The demo directory: conveyancers, surveyors, mortgage brokers and estate agents in real towns of
 * England and Wales, each with a track record on Homeward (history.ts) and 0 to 15 reviews.
 * Generated from a fixed seed, so every install shows the same firms. Firm names are invented.
 *
 * Target figures follow the domain brief ("Figures for plausible demo data": completion 40 to 120
 * days, fall-through 5% to 30%, CSAT 3.5 to 5). Each firm is drawn towards a target tier (about 3%
 * platinum, 15% gold, the rest silver, per type); its history is generated around those targets, and
 * its metrics and tier are what the accreditation engine computes from that history, never set by hand.
 */
import { sql } from 'drizzle-orm'
import { type AccreditationTier, type OrganizationType } from '#shared/domain/organizations.ts'
import { accreditationTierFor, type TierMetrics } from '#shared/domain/tiers.ts'
import type { Database } from '../db/client'
import { organizations } from '../db/schema'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { generateHistory, insertHistory } from './history'
import { createPrng, type Prng } from './prng'
import { REVIEW_BODIES, REVIEWER_FIRST_NAMES, reviewerName, type ReviewBand } from './review-text'
import { TOWNS, type Town } from './towns'

/** How many firms of each type the demo directory holds (180+ conveyancers, 40+ of the others). */
export const DEMO_ORGANIZATION_COUNTS: Record<OrganizationType, number> = {
  law: 184,
  survey: 46,
  broker: 44,
  agent: 48,
}

/** The conveyancing firm of the demo conveyancer (Priya Shah); fixed id so the seed can find it again. */
export const DEMO_FIRM_ID = '5eed0000-0000-4000-8000-000000000001'
export const DEMO_FIRM_NAME = 'Shah Mercer Property Lawyers'

const DAY_MS = 86_400_000

export interface DemoMetrics {
  avgDays: number
  /** Fraction 0..1, four decimals (numeric(5,4)). */
  collapseRate: number
  /** Out of 5, two decimals (numeric(3,2)). */
  csat: number
  casesCount: number
  liveCasesCount: number
  /** Fraction 0..1, four decimals. */
  documentAccuracy: number
  /** Fraction 0..1, four decimals. */
  slaRate: number
  onboardingComplete: boolean
  academyLiteAccess: boolean
}

export interface DemoReview {
  id: string
  ratingInt: number
  authorName: string
  body: string
  /** Days before the seed's `now`. */
  daysAgo: number
}

export interface DemoOrganization {
  id: string
  name: string
  type: OrganizationType
  town: string
  postcodeDistrict: string
  description: string
  contactEmail: string
  /** Days before the seed's `now` that the firm joined. */
  joinedDaysAgo: number
  metrics: DemoMetrics
  /** accreditationTierFor(metrics): always at least silver, since only those are listed. */
  tier: AccreditationTier
  reviews: DemoReview[]
}

// prettier-ignore
const SURNAMES = [
  'Hartley', 'Rowe', 'Ashworth', 'Pemberton', 'Whitmore', 'Calloway', 'Fairbairn', 'Lockwood', 'Danvers', 'Holloway',
  'Brennan', 'Okafor', 'Mistry', 'Kaur', 'Fenwick', 'Thornton', 'Marsh', 'Ellison', 'Garside', 'Kettering',
  'Langford', 'Mercer', 'Norbury', 'Oakley', 'Prescott', 'Radcliffe', 'Sutcliffe', 'Tennant', 'Upton', 'Vaughan',
  'Wetherby', 'Yardley', 'Ainsworth', 'Beckett', 'Cartwright', 'Devlin', 'Eastwood', 'Fletcher', 'Goddard', 'Hollis',
  'Ingram', 'Jarvis', 'Keane', 'Lister', 'Moreton', 'Nayar', 'Osei', 'Pryce', 'Quinlan', 'Rahman',
  'Saunders', 'Talbot', 'Vickers', 'Walsh', 'Bevan', 'Howells', 'Pritchard', 'Llewellyn', 'Prothero', 'Gwynne',
  'Maddox', 'Kendrick', 'Hughes', 'Morgan', 'Parry', 'Rees', 'Chaudhry', 'Patel', 'Desai', 'Adeyemi',
  'Kowalski', 'Novak', 'Fraser', 'Gallagher', 'Hendry', 'Kirkland', 'Ramsden', 'Stanhope', 'Tremayne', 'Penrose',
  'Treloar', 'Blackwood', 'Ashby', 'Bramley', 'Colville', 'Dunmore', 'Everard', 'Fairfax', 'Greaves', 'Haworth',
  'Iqbal', 'Jennings', 'Kirby', 'Lyle', 'Mallory', 'Needham', 'Ormerod', 'Pickering', 'Rigby', 'Shackleton',
]

// Landmarks and local words for firms named after a place rather than partners.
// prettier-ignore
const PLACE_WORDS = ['Abbey', 'Bridge', 'Castle', 'Market', 'Minster', 'Priory', 'Quay', 'Vale', 'Chapel', 'Kingsway', 'Riverside', 'Parkside', 'Old Mill', 'Guildhall', 'Cathedral']

type NamePattern = (r: Prng, town: Town) => string

/** Two different surnames, for partnership names ('Hartley & Rowe'). */
function pair(r: Prng): [string, string] {
  const first = r.pick(SURNAMES)
  let second = r.pick(SURNAMES)
  while (second === first) second = r.pick(SURNAMES)
  return [first, second]
}

const NAME_PATTERNS: Record<OrganizationType, readonly NamePattern[]> = {
  law: [
    (r) => `${pair(r).join(' & ')} Conveyancing`,
    (r) => `${pair(r).join(' ')} LLP`,
    (r) => `${r.pick(SURNAMES)} & Co Solicitors`,
    (r) => `${r.pick(SURNAMES)} Licensed Conveyancers`,
    (_r, t) => `${t.town} Property Lawyers`,
    (r) => `${r.pick(PLACE_WORDS)} Conveyancing`,
    (r) => `${r.pick(SURNAMES)} Legal`,
    (r) => `${pair(r).join(' ')} Solicitors`,
  ],
  survey: [
    (r) => `${r.pick(SURNAMES)} Chartered Surveyors`,
    (r) => `${pair(r).join(' & ')} Surveying`,
    (_r, t) => `${t.town} Building Surveys`,
    (r) => `${r.pick(SURNAMES)} Property Surveys`,
    (r) => `${r.pick(PLACE_WORDS)} Surveyors`,
  ],
  broker: [
    (r) => `${r.pick(SURNAMES)} Mortgage Solutions`,
    (_r, t) => `${t.town} Mortgage Centre`,
    (r) => `${pair(r).join(' & ')} Financial`,
    (r) => `${r.pick(SURNAMES)} Home Finance`,
    (r) => `${r.pick(PLACE_WORDS)} Mortgages`,
  ],
  agent: [
    (r) => `${pair(r).join(' & ')} Estate Agents`,
    (r) => `${r.pick(SURNAMES)} Residential`,
    (_r, t) => `${t.town} Homes`,
    (r) => `${r.pick(SURNAMES)} Property Sales & Lettings`,
    (r) => `${r.pick(PLACE_WORDS)} Estates`,
  ],
}

const MAILBOX: Record<OrganizationType, string> = {
  law: 'enquiries',
  survey: 'surveys',
  broker: 'advice',
  agent: 'sales',
}

/** 'Hartley & Rowe Conveyancing' -> 'enquiries@hartley-rowe-conveyancing.example' (.example never resolves: RFC 2606). */
function contactEmailFor(name: string, type: OrganizationType): string {
  const slug = name
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${MAILBOX[type]}@${slug}.example`
}

function describeFirm(r: Prng, type: OrganizationType, town: Town, staff: number): string {
  const where = `${town.town} (${town.district})`
  const region = town.area === town.town ? town.town : `${town.town} and across ${town.area}`
  const timeline = r.pick([
    'Every case runs on the Homeward timeline, so clients see progress as it happens rather than chasing by phone.',
    'Clients follow each step on their Homeward timeline, with documents and messages in one place.',
    'Updates go on the shared Homeward timeline the same day, for buyers, sellers and everyone else on the chain.',
  ])
  switch (type) {
    case 'law': {
      const firm = r.chance(0.35)
        ? `A CLC-regulated licensed conveyancing practice with ${staff} staff in ${where}`
        : `An SRA-regulated firm of ${staff} solicitors and conveyancing executives in ${where}`
      const focus = r.pick([
        'freehold and leasehold sales and purchases, remortgages and transfers of equity',
        'sales and purchases for first-time buyers, movers in a chain and buy-to-let landlords',
        'residential conveyancing, including new-build plots, shared ownership and leasehold flats',
        'sales, purchases and remortgages, and has a dedicated team for leasehold management packs',
      ])
      const welsh =
        town.nation === 'wales'
          ? ' It files the Land Transaction Tax return on every Welsh purchase and offers a Welsh-language service.'
          : ''
      return `${firm}, acting for clients in ${region}. It handles ${focus}; ID and AML checks are done digitally at instruction.${welsh} ${timeline}`
    }
    case 'survey': {
      const levels = r.pick([
        'RICS Level 1, 2 and 3 surveys',
        'RICS Level 2 and Level 3 building surveys',
        'RICS Home Surveys at all three levels and specific defect reports',
      ])
      const speciality = r.pick([
        'period and listed homes',
        'new-build snagging',
        'damp, timber and structural movement',
        'Victorian and Edwardian terraces',
        'rural and non-standard construction',
      ])
      return `An RICS-regulated practice of ${staff} surveyors in ${where}, covering ${region}. It carries out ${levels}, with particular experience of ${speciality}, and reports typically within five working days of the inspection. ${timeline}`
    }
    case 'broker': {
      const authorisation = r.chance(0.5)
        ? 'directly authorised by the Financial Conduct Authority'
        : 'an appointed representative of an FCA-authorised network'
      const market = r.pick([
        'whole-of-market advice for first-time buyers, home movers and remortgages',
        'advice for self-employed and contractor borrowers as well as standard purchases',
        'buy-to-let, first-time buyer and later-life mortgages from across the market',
      ])
      return `A mortgage brokerage of ${staff} advisers in ${where}, ${authorisation}, serving ${region}. It offers ${market}, turns a decision in principle round within a day and keeps the conveyancer informed until the mortgage offer is issued. ${timeline}`
    }
    case 'agent': {
      const memberships = r.pick([
        'a Propertymark member registered with The Property Ombudsman',
        'a member of The Property Ombudsman scheme',
        'Propertymark-qualified and a member of The Property Redress Scheme',
      ])
      const market = r.pick([
        'family homes and first-time buyer flats',
        'period houses, village homes and new developments',
        'town-centre flats, terraces and family homes',
      ])
      return `An independent estate agency in ${where} with a team of ${staff}, ${memberships}, selling ${market} in ${region}. Listings carry full material information (parts A to C), and the sales progression team chases the chain weekly from memorandum of sale to completion. ${timeline}`
    }
  }
}

function toTierMetrics(m: DemoMetrics): TierMetrics {
  return {
    onboardingComplete: m.onboardingComplete,
    academyLiteAccess: m.academyLiteAccess,
    liveCases: m.liveCasesCount,
    slaRate: m.slaRate,
    completedCases: m.casesCount,
    avgDays: m.avgDays,
    collapseRate: m.collapseRate,
    csat: m.csat,
    documentAccuracy: m.documentAccuracy,
  }
}

/** The metrics in the form accreditationTierFor takes. */
export function tierOf(m: DemoMetrics): AccreditationTier | null {
  return accreditationTierFor(toTierMetrics(m))
}

/**
 * Metrics drawn towards a target tier. Ranges come from the domain brief's figures; a draw that lands
 * above its target has one threshold knocked below the next tier's, chosen at random, which is how real
 * firms miss a tier (slow, or too many fall-throughs, or a few unhappy clients).
 */
function metricsFor(r: Prng, target: AccreditationTier): DemoMetrics {
  const base = { onboardingComplete: true, academyLiteAccess: true }
  let m: DemoMetrics
  if (target === 'platinum') {
    m = {
      ...base,
      casesCount: r.int(100, 104),
      avgDays: r.int(40, 55),
      collapseRate: r.decimal(0.05, 0.08, 4),
      csat: r.decimal(4.6, 4.97, 2),
      documentAccuracy: r.decimal(0.98, 0.999, 4),
      slaRate: r.decimal(0.88, 0.99, 4),
      liveCasesCount: r.int(3, 5),
    }
  } else if (target === 'gold') {
    m = {
      ...base,
      casesCount: r.int(25, 29),
      avgDays: r.int(48, 70),
      collapseRate: r.decimal(0.05, 0.12, 4),
      csat: r.decimal(4.4, 4.85, 2),
      documentAccuracy: r.decimal(0.94, 0.995, 4),
      slaRate: r.decimal(0.8, 0.97, 4),
      liveCasesCount: r.int(3, 5),
    }
    while (tierOf(m) === 'platinum') {
      const miss = r.pick(['days', 'collapse', 'csat', 'accuracy', 'cases'] as const)
      if (miss === 'days') m.avgDays = r.int(56, 70)
      else if (miss === 'collapse') m.collapseRate = r.decimal(0.0801, 0.12, 4)
      else if (miss === 'csat') m.csat = r.decimal(4.4, 4.59, 2)
      else if (miss === 'accuracy') m.documentAccuracy = r.decimal(0.93, 0.9799, 4)
      else m.casesCount = r.int(25, 29)
    }
  } else {
    m = {
      ...base,
      casesCount: r.int(2, 6),
      avgDays: r.int(60, 120),
      collapseRate: r.decimal(0.1, 0.3, 4),
      csat: r.decimal(3.5, 4.5, 2),
      documentAccuracy: r.decimal(0.88, 0.985, 4),
      slaRate: r.decimal(0.7001, 0.93, 4),
      liveCasesCount: r.int(3, 4),
    }
    while (tierOf(m) !== 'silver') {
      const miss = r.pick(['days', 'collapse', 'csat', 'cases'] as const)
      if (miss === 'days') m.avgDays = r.int(71, 120)
      else if (miss === 'collapse') m.collapseRate = r.decimal(0.1201, 0.3, 4)
      else if (miss === 'csat') m.csat = r.decimal(3.5, 4.39, 2)
      else m.casesCount = r.int(2, 6)
    }
  }
  return m
}

const RATING_WEIGHTS: Record<AccreditationTier, ReadonlyArray<readonly [number, number]>> = {
  platinum: [
    [5, 70],
    [4, 25],
    [3, 5],
  ],
  gold: [
    [5, 50],
    [4, 35],
    [3, 10],
    [2, 5],
  ],
  silver: [
    [5, 25],
    [4, 35],
    [3, 22],
    [2, 11],
    [1, 7],
  ],
}

function bandOf(rating: number): ReviewBand {
  return rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor'
}

function reviewsFor(r: Prng, type: OrganizationType, tier: AccreditationTier, forceSome: boolean): DemoReview[] {
  // About one firm in eight has no reviews yet: the directory must show '0.0' and no count for them.
  if (!forceSome && r.chance(0.12)) return []
  const max = tier === 'platinum' ? 15 : tier === 'gold' ? 12 : 9
  const count = r.int(forceSome ? 8 : 1, max)
  const used = new Set<string>()
  const reviews: DemoReview[] = []
  for (let i = 0; i < count; i++) {
    const ratingInt = r.weighted(RATING_WEIGHTS[tier])
    const bodies = REVIEW_BODIES[type][bandOf(ratingInt)]
    // Avoid repeating a body within one firm while unused ones remain.
    const fresh = bodies.filter((b) => !used.has(b))
    const body = r.pick(fresh.length ? fresh : bodies)
    used.add(body)
    reviews.push({
      id: r.uuid(),
      ratingInt,
      authorName: reviewerName(r.pick(REVIEWER_FIRST_NAMES), r.int(0, 99)),
      body,
      daysAgo: r.int(1, 730),
    })
  }
  return reviews
}

/**
 * Target tiers for n firms: round(3%) platinum, round(15%) gold, the rest silver, in a shuffled order.
 * Platinum is rare (100+ completed cases each, every one a row of history: history.ts).
 */
function targetTiers(r: Prng, n: number): AccreditationTier[] {
  const platinum = Math.max(1, Math.round(n * 0.03))
  const gold = Math.max(1, Math.round(n * 0.15))
  const tiers: AccreditationTier[] = [
    ...Array<AccreditationTier>(platinum).fill('platinum'),
    ...Array<AccreditationTier>(gold).fill('gold'),
    ...Array<AccreditationTier>(Math.max(1, n - platinum - gold)).fill('silver'),
  ]
  return r.shuffle(tiers)
}

/**
 * The demo conveyancer's firm: St Albans, near the demo transaction, with Gold-level figures three days
 * short of Platinum's 55-day average, so the demo's Accreditation page shows a gap to close.
 */
function demoFirm(r: Prng): DemoOrganization {
  const town = TOWNS.find((t) => t.district === 'AL1')!
  const metrics: DemoMetrics = {
    onboardingComplete: true,
    academyLiteAccess: true,
    casesCount: 104,
    liveCasesCount: 5,
    avgDays: 58,
    collapseRate: 0.065,
    csat: 4.82,
    documentAccuracy: 0.991,
    slaRate: 0.962,
  }
  return {
    id: DEMO_FIRM_ID,
    name: DEMO_FIRM_NAME,
    type: 'law',
    town: town.town,
    postcodeDistrict: town.district,
    description: `An SRA-regulated firm of 11 solicitors and licensed conveyancers in ${town.town} (${town.district}), acting for buyers and sellers across Hertfordshire and north London. It handles freehold and leasehold sales and purchases, remortgages and transfers of equity; ID and AML checks are done digitally at instruction. Every case runs on the Homeward timeline, so clients see searches, enquiries and exchange as they happen.`,
    contactEmail: contactEmailFor(DEMO_FIRM_NAME, 'law'),
    joinedDaysAgo: 612,
    metrics,
    tier: tierOf(metrics)!,
    reviews: reviewsFor(r, 'law', tierOf(metrics)!, true),
  }
}

/**
 * Generates the whole demo directory: DEMO_ORGANIZATION_COUNTS firms per type (the demo firm
 * included among the conveyancers), unique names, every firm at least Silver. Pure and deterministic:
 * the same list on every call.
 */
export function generateDemoOrganizations(): DemoOrganization[] {
  const r = createPrng('homeward-demo-directory-v1')
  const names = new Set<string>([DEMO_FIRM_NAME])
  const out: DemoOrganization[] = [demoFirm(r)]
  // Towns in a shuffled rotation so that each is used before any is used again; Hertfordshire
  // appears twice in the rotation, being where the demo transaction is.
  const herts = TOWNS.filter((t) => t.area === 'Hertfordshire')
  const rotation = [...TOWNS, ...herts]
  let towns: Town[] = []

  for (const type of ['law', 'survey', 'broker', 'agent'] as const) {
    const count = DEMO_ORGANIZATION_COUNTS[type] - (type === 'law' ? 1 : 0)
    const targets = targetTiers(r, count)
    for (let i = 0; i < count; i++) {
      if (towns.length === 0) towns = r.shuffle(rotation)
      const town = towns.pop()!
      let name = r.pick(NAME_PATTERNS[type])(r, town)
      for (let attempt = 0; names.has(name); attempt++) {
        name = attempt < 20 ? r.pick(NAME_PATTERNS[type])(r, town) : `${name} (${town.town})`
      }
      names.add(name)
      const metrics = metricsFor(r, targets[i])
      const tier = tierOf(metrics)
      if (!tier) continue // Only firms that reach Silver are listed; metricsFor always reaches it.
      out.push({
        id: r.uuid(),
        name,
        type,
        town: town.town,
        postcodeDistrict: town.district,
        description: describeFirm(r, type, town, r.int(3, 24)),
        contactEmail: contactEmailFor(name, type),
        joinedDaysAgo: r.int(60, 1400),
        metrics,
        tier,
        reviews: reviewsFor(r, type, tier, false),
      })
    }
  }
  return out
}

/**
 * Inserts the demo directory in ONE database transaction: the firms (without a tier), their history
 * (history.ts: moves, fee earners, delivered documents, reviews, a passed course), then runs the
 * accreditation engine over all of it, which writes each firm's metrics row and tier and the first
 * entry of its tier history. Timestamps are relative to `now`. With `lockKey`, takes that
 * transaction-level advisory lock first and writes nothing when the demo firm is already there (a
 * concurrent seeder won). Returns the number of organizations, reviews and historical moves written.
 */
export async function seedOrganizations(
  database: Database,
  { now = new Date(), lockKey }: { now?: Date; lockKey?: number } = {},
): Promise<{ organizations: number; reviews: number; moves: number }> {
  const orgs = generateDemoOrganizations()
  const history = generateHistory(orgs, now)
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS)
  return database.db.transaction(async (tx) => {
    if (lockKey !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`)
      const found = await tx.execute(sql`select 1 from organizations where id = ${DEMO_FIRM_ID}`)
      if (found.rows.length) return { organizations: 0, reviews: 0, moves: 0 }
    }
    await tx.insert(organizations).values(
      orgs.map((o) => ({
        id: o.id,
        name: o.name,
        type: o.type,
        accreditationTier: null,
        town: o.town,
        postcodeDistrict: o.postcodeDistrict,
        description: o.description,
        contactEmail: o.contactEmail,
        createdAt: at(o.joinedDaysAgo),
        updatedAt: at(Math.min(o.joinedDaysAgo, 3)),
      })),
    )
    const moves = await insertHistory(tx, history)
    await recomputeAccreditation(tx, { organizationIds: 'all', source: 'seed' })
    // Fresh statistics so the directory's plan is right from the first request.
    await tx.execute(sql`analyze organizations, accreditation_metrics, marketplace_reviews`)
    return { organizations: orgs.length, reviews: history.reviews.id.length, moves }
  })
}
