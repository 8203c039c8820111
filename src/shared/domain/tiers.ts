import type { AccreditationTier } from './organizations'
import { ACCREDITATION_TIERS } from './organizations'

/**
 * The live metrics that decide a professional firm's accreditation tier. Rates are fractions 0..1.
 * A null figure means there is nothing to measure it from yet (no completed case, no review, no
 * document, no SLA clock): see `criterionStatus` for what that means for each criterion.
 */
export interface TierMetrics {
  /** Onboarding finished (Silver): profile, team, first case, one course. */
  onboardingComplete: boolean
  /** Has Academy Lite access (Silver): a member passed a course in the last 12 months. */
  academyLiteAccess: boolean
  /** Cases open right now (Silver: 3+). */
  liveCases: number
  /** Share of SLA deadlines met, 0..1 (Silver: above 0.70); null while no SLA clock has run. */
  slaRate: number | null
  /** Completed cases (Gold 25+, Platinum 100+). */
  completedCases: number
  /** Average days from instruction to completion (Gold <= 70, Platinum <= 55); null with no completed case. */
  avgDays: number | null
  /** Fall-through share, cancelled over closed, 0..1 (Gold <= 0.12, Platinum <= 0.08); null with no closed case. */
  collapseRate: number | null
  /** Customer satisfaction out of 5, from reviews (Gold >= 4.4, Platinum >= 4.6); null with no review. */
  csat: number | null
  /** Share of documents not replaced for an error nor declined at signing, 0..1 (Platinum >= 0.98); null with none. */
  documentAccuracy: number | null
}

/** Accreditation tier thresholds: the product's published criteria, also listed on the Conveyancers page. */
export const TIER_THRESHOLDS = {
  silver: { liveCases: 3, slaRateAbove: 0.7 },
  gold: { completedCases: 25, maxAvgDays: 70, maxCollapseRate: 0.12, minCsat: 4.4 },
  platinum: { completedCases: 100, maxAvgDays: 55, maxCollapseRate: 0.08, minCsat: 4.6, minDocumentAccuracy: 0.98 },
} as const

// Rates are compared in basis points so that 0.12 from a numeric column equals 0.12 exactly.
const bp = (fraction: number) => Math.round(fraction * 10_000)
const pct = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`
const num = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100))

/** 'met', 'not_met', or 'no_data' (nothing on Homeward measures it yet). */
export type CriterionStatus = 'met' | 'not_met' | 'no_data'

export type CriterionKey =
  | 'onboarding'
  | 'academy'
  | 'live_cases'
  | 'sla'
  | 'completed_cases'
  | 'avg_days'
  | 'collapse_rate'
  | 'csat'
  | 'document_accuracy'

/** One requirement of one tier, checked against a firm's metrics. */
export interface CriterionResult {
  tier: AccreditationTier
  key: CriterionKey
  /** The requirement in words: 'Average of at most 70 days to complete'. */
  label: string
  status: CriterionStatus
  /** The firm's figure in words ('62 days', '87.5%'), or null when there is none. */
  current: string | null
  /** What is missing, in words ('8 more completed cases', '6 days faster on average'); null when met. */
  gap: string | null
}

export interface AccreditationAssessment {
  tier: AccreditationTier | null
  /** The tier above the one held, or null at Platinum. */
  nextTier: AccreditationTier | null
  /** Every criterion of every tier, Silver first. */
  criteria: CriterionResult[]
  /** The criteria still to meet for `nextTier`, its own and any lower tier's (tiers are cumulative). */
  gapsToNext: CriterionResult[]
}

function criterion(
  tier: AccreditationTier,
  key: CriterionKey,
  label: string,
  value: number | boolean | null,
  test: (v: never) => boolean,
  show: (v: never) => string,
  gap: (v: never) => string,
  noData: { status: CriterionStatus; gap: string },
): CriterionResult {
  if (value === null) return { tier, key, label, status: noData.status, current: null, gap: noData.gap }
  if (typeof value === 'number' && Number.isNaN(value))
    return { tier, key, label, status: 'not_met', current: null, gap: 'Not measurable' }
  const met = test(value as never)
  return {
    tier,
    key,
    label,
    status: met ? 'met' : 'not_met',
    // A yes/no requirement has no figure short of being met: its "current" would only repeat the
    // requirement ("Not met · Complete" read as a contradiction), so an unmet one shows none.
    current: typeof value === 'boolean' && !met ? null : show(value as never),
    gap: met ? null : gap(value as never),
  }
}

/**
 * Every criterion of every tier against `m`. What a null figure means:
 * - SLA met share: 'no_data', which does not hold a firm back. SLA clocks are what measure it, and
 *   until a firm has had a clock run there is no deadline it could have missed; the page says
 *   "No data yet" rather than show a figure nobody measured (docs/decisions/020-accreditation-engine.md).
 * - Everything else: 'not_met'. Gold and Platinum ask for evidence (completed cases, reviews,
 *   documents); a firm without any has not shown it yet.
 */
export function tierCriteria(m: TierMetrics): CriterionResult[] {
  const t = TIER_THRESHOLDS
  const notYet = (gap: string) => ({ status: 'not_met' as const, gap })
  const out: CriterionResult[] = [
    criterion(
      'silver',
      'onboarding',
      'Onboarding complete',
      m.onboardingComplete,
      (v: boolean) => v,
      () => 'Complete',
      () => 'Finish the onboarding checklist',
      notYet('Finish the onboarding checklist'),
    ),
    criterion(
      'silver',
      'academy',
      'Academy Lite access (a course passed in the last 12 months)',
      m.academyLiteAccess,
      (v: boolean) => v,
      () => 'Yes',
      () => 'Pass an Academy Lite course',
      notYet('Pass an Academy Lite course'),
    ),
    criterion(
      'silver',
      'live_cases',
      `${t.silver.liveCases}+ live cases`,
      m.liveCases,
      (v: number) => v >= t.silver.liveCases,
      (v: number) => `${v} live`,
      (v: number) => `${t.silver.liveCases - v} more live ${t.silver.liveCases - v === 1 ? 'case' : 'cases'}`,
      notYet(`${t.silver.liveCases} live cases`),
    ),
    criterion(
      'silver',
      'sla',
      `SLA met on more than ${pct(t.silver.slaRateAbove)} of deadlines`,
      m.slaRate,
      (v: number) => bp(v) > bp(t.silver.slaRateAbove),
      pct,
      (v: number) => `${pct(Math.max(0, t.silver.slaRateAbove - v + 0.0001))} more of deadlines met`,
      { status: 'no_data', gap: 'No data yet' },
    ),
  ]
  for (const tier of ['gold', 'platinum'] as const) {
    const th = t[tier]
    out.push(
      criterion(
        tier,
        'completed_cases',
        `${th.completedCases}+ completed cases`,
        m.completedCases,
        (v: number) => v >= th.completedCases,
        (v: number) => `${v} completed`,
        (v: number) => `${th.completedCases - v} more completed ${th.completedCases - v === 1 ? 'case' : 'cases'}`,
        notYet(`${th.completedCases} completed cases`),
      ),
      criterion(
        tier,
        'avg_days',
        `Average of at most ${th.maxAvgDays} days to complete`,
        m.avgDays,
        (v: number) => v <= th.maxAvgDays,
        (v: number) => `${v} days`,
        (v: number) => `${num(v - th.maxAvgDays)} days faster on average`,
        notYet('A completed case'),
      ),
      criterion(
        tier,
        'collapse_rate',
        `Fall-through rate at most ${pct(th.maxCollapseRate)}`,
        m.collapseRate,
        (v: number) => bp(v) <= bp(th.maxCollapseRate),
        pct,
        (v: number) => `Fall-through ${num(Math.round((v - th.maxCollapseRate) * 1000) / 10)} points lower`,
        notYet('A closed case'),
      ),
      criterion(
        tier,
        'csat',
        `Customer satisfaction (CSAT) at least ${th.minCsat}/5`,
        m.csat,
        (v: number) => bp(v) >= bp(th.minCsat),
        (v: number) => `${v.toFixed(2)}/5`,
        (v: number) => `CSAT ${num(Math.round((th.minCsat - v) * 100) / 100)} higher`,
        notYet('A client review'),
      ),
    )
    if (tier === 'platinum') {
      out.push(
        criterion(
          tier,
          'document_accuracy',
          `Document accuracy at least ${pct(t.platinum.minDocumentAccuracy)}`,
          m.documentAccuracy,
          (v: number) => bp(v) >= bp(t.platinum.minDocumentAccuracy),
          pct,
          (v: number) => `Accuracy ${num(Math.round((t.platinum.minDocumentAccuracy - v) * 1000) / 10)} points higher`,
          notYet('A document shared on a case'),
        ),
      )
    }
  }
  return out
}

/** The tier above `tier` (null -> silver), or null at platinum. */
export function tierAbove(tier: AccreditationTier | null): AccreditationTier | null {
  if (tier === null) return 'silver'
  return ACCREDITATION_TIERS[ACCREDITATION_TIERS.indexOf(tier) + 1] ?? null
}

/**
 * The tier earned by a firm's metrics, every criterion with its status and gap, and what is left to
 * reach the next tier. Tiers are cumulative: Gold also needs Silver, Platinum also needs Gold.
 */
export function assessAccreditation(m: TierMetrics): AccreditationAssessment {
  const criteria = tierCriteria(m)
  const holds = (tier: AccreditationTier) =>
    criteria.filter((c) => c.tier === tier).every((c) => c.status !== 'not_met')
  let tier: AccreditationTier | null = null
  for (const t of ACCREDITATION_TIERS) {
    if (!holds(t)) break
    tier = t
  }
  const nextTier = tierAbove(tier)
  const upTo = nextTier ? ACCREDITATION_TIERS.slice(0, ACCREDITATION_TIERS.indexOf(nextTier) + 1) : []
  const gapsToNext = criteria.filter((c) => upTo.includes(c.tier) && c.status === 'not_met')
  return { tier, nextTier, criteria, gapsToNext }
}

/** The accreditation tier earned by a set of metrics, or null when not even Silver is met. */
export function accreditationTierFor(m: TierMetrics): AccreditationTier | null {
  return assessAccreditation(m).tier
}

/**
 * The words after a criterion's status on the Accreditation page ("Met · Complete", "Not met · 0
 * live", "Not met"): the status, then the firm's figure when it has one. A yes/no requirement not
 * met has none (tierCriteria), so a new firm never reads "Not met · Complete" or "Not met · Yes".
 */
export function criterionStatusLine(c: Pick<CriterionResult, 'status' | 'current'>): string {
  const status = c.status === 'met' ? 'Met' : c.status === 'no_data' ? 'No data yet' : 'Not met'
  return c.current ? `${status} · ${c.current}` : status
}

/**
 * The bracket after a gap in "What Silver still needs": the requirement, then where the firm is now.
 * Onboarding says how many checklist steps are done ("Onboarding complete; 1 of 4 steps done");
 * a figure reads "now 0 live"; a yes/no requirement not met says nothing more than the requirement.
 */
export function criterionGapDetail(
  c: Pick<CriterionResult, 'key' | 'label' | 'current'>,
  onboarding?: { done: number; total: number },
): string {
  if (c.key === 'onboarding' && onboarding) {
    return `${c.label}; ${onboarding.done} of ${onboarding.total} steps done`
  }
  return c.current ? `${c.label}; now ${c.current}` : c.label
}
