import type { AccreditationTier } from './organizations'

/** The live metrics that decide a professional's accreditation tier. Rates are fractions 0..1. */
export interface TierMetrics {
  /** Onboarding finished (Silver). */
  onboardingComplete: boolean
  /** Has Academy Lite access (Silver). */
  academyLiteAccess: boolean
  /** Cases open right now (Silver: 3+). */
  liveCases: number
  /** Share of SLA deadlines met, 0..1 (Silver: above 0.70). */
  slaRate: number
  /** Completed cases (Gold 25+, Platinum 100+). */
  completedCases: number
  /** Average days from instruction to completion (Gold <= 70, Platinum <= 55). */
  avgDays: number
  /** Fall-through share, 0..1 (Gold <= 0.12, Platinum <= 0.08). */
  collapseRate: number
  /** Customer satisfaction out of 5 (Gold >= 4.4, Platinum >= 4.6). */
  csat: number
  /** Share of documents accepted without correction, 0..1 (Platinum >= 0.98). */
  documentAccuracy: number
}

/** Accreditation tier thresholds: the product's published criteria, also listed on the Conveyancers page. */
export const TIER_THRESHOLDS = {
  silver: { liveCases: 3, slaRateAbove: 0.7 },
  gold: { completedCases: 25, maxAvgDays: 70, maxCollapseRate: 0.12, minCsat: 4.4 },
  platinum: { completedCases: 100, maxAvgDays: 55, maxCollapseRate: 0.08, minCsat: 4.6, minDocumentAccuracy: 0.98 },
} as const

// Rates are compared in basis points so that 0.12 from a numeric column equals 0.12 exactly.
const bp = (fraction: number) => Math.round(fraction * 10_000)

/**
 * The accreditation tier earned by a set of metrics, or null when not even Silver is met.
 * Tiers are cumulative: Gold also needs Silver, Platinum also needs Gold.
 */
export function accreditationTierFor(m: TierMetrics): AccreditationTier | null {
  const t = TIER_THRESHOLDS
  const silver =
    m.onboardingComplete &&
    m.academyLiteAccess &&
    m.liveCases >= t.silver.liveCases &&
    bp(m.slaRate) > bp(t.silver.slaRateAbove)
  if (!silver) return null
  const gold =
    m.completedCases >= t.gold.completedCases &&
    m.avgDays <= t.gold.maxAvgDays &&
    bp(m.collapseRate) <= bp(t.gold.maxCollapseRate) &&
    bp(m.csat) >= bp(t.gold.minCsat)
  if (!gold) return 'silver'
  const platinum =
    m.completedCases >= t.platinum.completedCases &&
    m.avgDays <= t.platinum.maxAvgDays &&
    bp(m.collapseRate) <= bp(t.platinum.maxCollapseRate) &&
    bp(m.csat) >= bp(t.platinum.minCsat) &&
    bp(m.documentAccuracy) >= bp(t.platinum.minDocumentAccuracy)
  return platinum ? 'platinum' : 'gold'
}
