import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import { ACCREDITATION_TIERS, type AccreditationTier } from '#shared/domain/organizations.ts'
import { TIER_THRESHOLDS } from '#shared/domain/tiers.ts'

/** One requirement of a tier, checked against published metrics where they say enough. */
export interface TierCriterion {
  label: string
  /** The firm's current value in words, when the metrics include it. */
  current: string | null
  /** true met, false not yet, null when the published metrics cannot tell. */
  met: boolean | null
}

/** Display names of the tiers. */
export const TIER_LABELS: Record<AccreditationTier, string> = { silver: 'Silver', gold: 'Gold', platinum: 'Platinum' }

// Rates compared in basis points, as src/shared/domain/tiers.ts does, so 0.12 equals 0.12 exactly.
const bp = (fraction: number) => Math.round(fraction * 10_000)
const pct = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`
const t = TIER_THRESHOLDS

/**
 * The requirements of `tier` in words, from TIER_THRESHOLDS (spec: Business constants and limits), each checked
 * against `metrics` when given. Silver's onboarding and Academy Lite items are never published,
 * so they come back with met null.
 */
export function tierCriteria(tier: AccreditationTier, metrics?: AccreditationMetrics | null): TierCriterion[] {
  const m = metrics ?? null
  const check = <V>(value: V | null | undefined, test: (v: V) => boolean, show: (v: V) => string) =>
    value === null || value === undefined ? { current: null, met: null } : { current: show(value), met: test(value) }

  if (tier === 'silver') {
    return [
      { label: 'Onboarding complete', current: null, met: null },
      { label: 'Academy Lite access', current: null, met: null },
      {
        label: `${t.silver.liveCases}+ live cases`,
        ...check(
          m?.live_cases_count,
          (v) => v >= t.silver.liveCases,
          (v) => `${v} live`,
        ),
      },
      {
        label: `SLA met on more than ${pct(t.silver.slaRateAbove)} of deadlines`,
        ...check(m?.sla_rate, (v) => bp(v) > bp(t.silver.slaRateAbove), pct),
      },
    ]
  }
  const th = tier === 'gold' ? t.gold : t.platinum
  const criteria: TierCriterion[] = [
    {
      label: `${th.completedCases}+ completed cases`,
      ...check(
        m?.cases_count,
        (v) => v >= th.completedCases,
        (v) => `${v} completed`,
      ),
    },
    {
      label: `Average of at most ${th.maxAvgDays} days to complete`,
      ...check(
        m?.avg_days,
        (v) => v <= th.maxAvgDays,
        (v) => `${v} days`,
      ),
    },
    {
      label: `Fall-through rate at most ${pct(th.maxCollapseRate)}`,
      ...check(m?.collapse_rate, (v) => bp(v) <= bp(th.maxCollapseRate), pct),
    },
    {
      label: `Customer satisfaction (CSAT) at least ${th.minCsat}/5`,
      ...check(
        m?.csat,
        (v) => bp(v) >= bp(th.minCsat),
        (v) => `${v.toFixed(1)}/5`,
      ),
    },
  ]
  if (tier === 'platinum') {
    criteria.push({
      label: `Document accuracy at least ${pct(t.platinum.minDocumentAccuracy)}`,
      ...check(m?.document_accuracy, (v) => bp(v) >= bp(t.platinum.minDocumentAccuracy), pct),
    })
  }
  return criteria
}

/** The tier above `tier` (null tier -> silver), or null at platinum. Tiers rise silver, gold, platinum (spec: States and transitions). */
export function nextTier(tier: AccreditationTier | null): AccreditationTier | null {
  if (tier === null) return 'silver'
  const i = ACCREDITATION_TIERS.indexOf(tier)
  return ACCREDITATION_TIERS[i + 1] ?? null
}
