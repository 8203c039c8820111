import { describe, expect, it } from 'vitest'
import {
  accreditationTierFor,
  assessAccreditation,
  criterionGapDetail,
  criterionStatusLine,
  TIER_THRESHOLDS,
  type TierMetrics,
} from './tiers'

// The accreditation tier thresholds (TIER_THRESHOLDS, asserted in full below). Each fixture sits
// exactly on every boundary of its tier, so one field moved by the smallest step the database stores (1 case, 1 day, 0.0001 of a rate,
// 0.01 of CSAT) must drop it a tier, and the boundary value itself must keep it.

/** Exactly on every Silver boundary, nothing more: live cases 3, SLA just above 70%. */
const silverEdge: TierMetrics = {
  onboardingComplete: true,
  academyLiteAccess: true,
  liveCases: 3,
  slaRate: 0.7001,
  completedCases: 0,
  avgDays: 120,
  collapseRate: 0.3,
  csat: 3.5,
  documentAccuracy: 0.9,
}

/** Exactly on every Gold boundary: 25 cases, 70 days, 12% fall-through, CSAT 4.4. */
const goldEdge: TierMetrics = {
  ...silverEdge,
  completedCases: 25,
  avgDays: 70,
  collapseRate: 0.12,
  csat: 4.4,
  documentAccuracy: 0.9,
}

/** Exactly on every Platinum boundary: 100 cases, 55 days, 8%, CSAT 4.6, 98% document accuracy. */
const platinumEdge: TierMetrics = {
  ...silverEdge,
  completedCases: 100,
  avgDays: 55,
  collapseRate: 0.08,
  csat: 4.6,
  documentAccuracy: 0.98,
}

describe('accreditationTierFor: fixtures sit on the boundaries', () => {
  it('gives each boundary fixture its tier', () => {
    expect(accreditationTierFor(silverEdge)).toBe('silver')
    expect(accreditationTierFor(goldEdge)).toBe('gold')
    expect(accreditationTierFor(platinumEdge)).toBe('platinum')
  })

  it('uses the published accreditation thresholds', () => {
    expect(TIER_THRESHOLDS).toEqual({
      silver: { liveCases: 3, slaRateAbove: 0.7 },
      gold: { completedCases: 25, maxAvgDays: 70, maxCollapseRate: 0.12, minCsat: 4.4 },
      platinum: { completedCases: 100, maxAvgDays: 55, maxCollapseRate: 0.08, minCsat: 4.6, minDocumentAccuracy: 0.98 },
    })
  })
})

describe('Silver: onboarding, Academy Lite, 3+ live cases, SLA above 70%', () => {
  it.each<[string, Partial<TierMetrics>, 'silver' | null]>([
    ['SLA exactly 70% is not above 70%', { slaRate: 0.7 }, null],
    ['SLA 70.01% is above 70%', { slaRate: 0.7001 }, 'silver'],
    ['SLA 69.99%', { slaRate: 0.6999 }, null],
    ['SLA 100%', { slaRate: 1 }, 'silver'],
    ['3 live cases', { liveCases: 3 }, 'silver'],
    ['2 live cases', { liveCases: 2 }, null],
    ['0 live cases', { liveCases: 0 }, null],
    ['onboarding not complete', { onboardingComplete: false }, null],
    ['no Academy Lite access', { academyLiteAccess: false }, null],
  ])('%s', (_label, change, tier) => {
    expect(accreditationTierFor({ ...silverEdge, ...change })).toBe(tier)
  })

  it('is required for Gold and Platinum too: strong results without Silver earn no tier', () => {
    for (const fixture of [goldEdge, platinumEdge]) {
      expect(accreditationTierFor({ ...fixture, onboardingComplete: false })).toBeNull()
      expect(accreditationTierFor({ ...fixture, academyLiteAccess: false })).toBeNull()
      expect(accreditationTierFor({ ...fixture, liveCases: 2 })).toBeNull()
      expect(accreditationTierFor({ ...fixture, slaRate: 0.7 })).toBeNull()
    }
  })
})

describe('Gold: 25+ completed cases, at most 70 days, fall-through at most 12%, CSAT at least 4.4', () => {
  it.each<[string, Partial<TierMetrics>, 'gold' | 'silver']>([
    ['25 cases', { completedCases: 25 }, 'gold'],
    ['24 cases', { completedCases: 24 }, 'silver'],
    ['70 days', { avgDays: 70 }, 'gold'],
    ['71 days', { avgDays: 71 }, 'silver'],
    ['fall-through 12%', { collapseRate: 0.12 }, 'gold'],
    ['fall-through 12.01%', { collapseRate: 0.1201 }, 'silver'],
    ['CSAT 4.4', { csat: 4.4 }, 'gold'],
    ['CSAT 4.39', { csat: 4.39 }, 'silver'],
    ['CSAT 4.3999', { csat: 4.3999 }, 'silver'],
  ])('%s', (_label, change, tier) => {
    expect(accreditationTierFor({ ...goldEdge, ...change })).toBe(tier)
  })

  it('does not need the Platinum document accuracy', () => {
    expect(accreditationTierFor({ ...goldEdge, documentAccuracy: 0 })).toBe('gold')
  })

  it('treats a figure computed in floating point as the value it stands for', () => {
    // 0.2 - 0.08 is 0.12000000000000001 and 4.1 + 0.3 is 4.3999999999999995 in binary floating point;
    // neither may fail "at most 12%" or "at least 4.4".
    expect(0.2 - 0.08).toBeGreaterThan(0.12)
    expect(4.1 + 0.3).toBeLessThan(4.4)
    expect(accreditationTierFor({ ...goldEdge, collapseRate: 0.2 - 0.08 })).toBe('gold')
    expect(accreditationTierFor({ ...goldEdge, csat: 4.1 + 0.3 })).toBe('gold')
    expect(accreditationTierFor({ ...platinumEdge, collapseRate: 1 - 0.92 })).toBe('platinum')
  })
})

describe('Platinum: 100+ cases, at most 55 days, at most 8%, CSAT at least 4.6, document accuracy at least 98%', () => {
  it.each<[string, Partial<TierMetrics>, 'platinum' | 'gold']>([
    ['100 cases', { completedCases: 100 }, 'platinum'],
    ['99 cases', { completedCases: 99 }, 'gold'],
    ['55 days', { avgDays: 55 }, 'platinum'],
    ['56 days', { avgDays: 56 }, 'gold'],
    ['fall-through 8%', { collapseRate: 0.08 }, 'platinum'],
    ['fall-through 8.01%', { collapseRate: 0.0801 }, 'gold'],
    ['CSAT 4.6', { csat: 4.6 }, 'platinum'],
    ['CSAT 4.59', { csat: 4.59 }, 'gold'],
    ['document accuracy 98%', { documentAccuracy: 0.98 }, 'platinum'],
    ['document accuracy 97.99%', { documentAccuracy: 0.9799 }, 'gold'],
    ['document accuracy 100%', { documentAccuracy: 1 }, 'platinum'],
  ])('%s', (_label, change, tier) => {
    expect(accreditationTierFor({ ...platinumEdge, ...change })).toBe(tier)
  })

  it('needs Gold as well: a Platinum profile that misses a Gold threshold is Silver', () => {
    expect(accreditationTierFor({ ...platinumEdge, avgDays: 71 })).toBe('silver')
    expect(accreditationTierFor({ ...platinumEdge, collapseRate: 0.1201 })).toBe('silver')
    expect(accreditationTierFor({ ...platinumEdge, csat: 4.39 })).toBe('silver')
  })
})

describe('accreditationTierFor: precision', () => {
  it('compares rates and CSAT at four decimal places, the precision the metrics table stores', () => {
    // numeric(5,4) for rates, numeric(3,2) for CSAT: a fifth decimal cannot come from the database.
    expect(accreditationTierFor({ ...goldEdge, collapseRate: 0.12004 })).toBe('gold')
    expect(accreditationTierFor({ ...goldEdge, collapseRate: 0.12005 })).toBe('silver')
    expect(accreditationTierFor({ ...silverEdge, slaRate: 0.70004 })).toBeNull()
  })
})

describe('accreditationTierFor: odd input', () => {
  it('earns no tier on missing (NaN) Silver figures, and no more than Silver on missing Gold figures', () => {
    expect(accreditationTierFor({ ...silverEdge, slaRate: Number.NaN })).toBeNull()
    expect(accreditationTierFor({ ...silverEdge, liveCases: Number.NaN })).toBeNull()
    expect(accreditationTierFor({ ...platinumEdge, csat: Number.NaN })).toBe('silver')
    expect(accreditationTierFor({ ...platinumEdge, documentAccuracy: Number.NaN })).toBe('gold')
  })
})

describe('assessAccreditation: missing figures, criteria and gaps', () => {
  const none: TierMetrics = {
    onboardingComplete: false,
    academyLiteAccess: false,
    liveCases: 0,
    slaRate: null,
    completedCases: 0,
    avgDays: null,
    collapseRate: null,
    csat: null,
    documentAccuracy: null,
  }

  it('shows SLA as no data, which does not hold Silver back', () => {
    const a = assessAccreditation({ ...silverEdge, slaRate: null })
    expect(a.tier).toBe('silver')
    expect(a.criteria.find((c) => c.key === 'sla')).toMatchObject({
      status: 'no_data',
      current: null,
      gap: 'No data yet',
    })
    expect(accreditationTierFor({ ...platinumEdge, slaRate: null })).toBe('platinum')
  })

  it('holds Gold back without reviews, completed cases or documents (null CSAT, days, accuracy)', () => {
    expect(accreditationTierFor({ ...goldEdge, csat: null })).toBe('silver')
    expect(accreditationTierFor({ ...goldEdge, avgDays: null })).toBe('silver')
    expect(accreditationTierFor({ ...goldEdge, collapseRate: null })).toBe('silver')
    expect(accreditationTierFor({ ...platinumEdge, documentAccuracy: null })).toBe('gold')
  })

  it('lists every criterion once per tier, Silver first, and the gaps to the next tier cumulatively', () => {
    const a = assessAccreditation(none)
    expect(a.tier).toBeNull()
    expect(a.nextTier).toBe('silver')
    expect(a.criteria.map((c) => `${c.tier}:${c.key}`)).toEqual([
      'silver:onboarding',
      'silver:academy',
      'silver:live_cases',
      'silver:sla',
      'gold:completed_cases',
      'gold:avg_days',
      'gold:collapse_rate',
      'gold:csat',
      'platinum:completed_cases',
      'platinum:avg_days',
      'platinum:collapse_rate',
      'platinum:csat',
      'platinum:document_accuracy',
    ])
    expect(a.gapsToNext.map((c) => c.key)).toEqual(['onboarding', 'academy', 'live_cases'])
    expect(a.gapsToNext[2].gap).toBe('3 more live cases')
  })

  it('words each gap to Gold from a Silver firm', () => {
    const a = assessAccreditation({ ...silverEdge, completedCases: 17, avgDays: 76, collapseRate: 0.155, csat: 4.25 })
    expect(a.tier).toBe('silver')
    expect(a.nextTier).toBe('gold')
    expect(Object.fromEntries(a.gapsToNext.map((c) => [c.key, c.gap]))).toEqual({
      completed_cases: '8 more completed cases',
      avg_days: '6 days faster on average',
      collapse_rate: 'Fall-through 3.5 points lower',
      csat: 'CSAT 0.15 higher',
    })
    expect(a.criteria.find((c) => c.key === 'sla')).toMatchObject({ status: 'met', current: '70%', gap: null })
  })

  it('has no next tier at Platinum', () => {
    const a = assessAccreditation(platinumEdge)
    expect(a).toMatchObject({ tier: 'platinum', nextTier: null, gapsToNext: [] })
    expect(a.criteria.every((c) => c.status === 'met')).toBe(true)
  })
})

describe('the Silver lines of a new firm (issue 37: no "Not met · Complete", no "now Yes")', () => {
  const newFirm: TierMetrics = {
    onboardingComplete: false,
    academyLiteAccess: false,
    liveCases: 0,
    slaRate: null,
    completedCases: 0,
    avgDays: null,
    collapseRate: null,
    csat: null,
    documentAccuracy: null,
  }
  const silver = (m: TierMetrics) => assessAccreditation(m).criteria.filter((c) => c.tier === 'silver')

  it('reads each Silver criterion without contradicting itself', () => {
    expect(silver(newFirm).map((c) => [c.key, criterionStatusLine(c)])).toEqual([
      ['onboarding', 'Not met'],
      ['academy', 'Not met'],
      ['live_cases', 'Not met · 0 live'],
      ['sla', 'No data yet'],
    ])
  })

  it('says where the firm is in each gap to Silver', () => {
    const gaps = assessAccreditation(newFirm).gapsToNext
    expect(gaps.map((c) => `${c.gap} (${criterionGapDetail(c, { done: 1, total: 4 })})`)).toEqual([
      'Finish the onboarding checklist (Onboarding complete; 1 of 4 steps done)',
      'Pass an Academy Lite course (Academy Lite access (a course passed in the last 12 months))',
      '3 more live cases (3+ live cases; now 0 live)',
    ])
    for (const c of gaps) expect(`${criterionStatusLine(c)} ${criterionGapDetail(c)}`).not.toMatch(/Complete$|now Yes/)
  })

  it('shows the figure once a yes/no criterion is met', () => {
    const met = silver({ ...newFirm, onboardingComplete: true, academyLiteAccess: true, liveCases: 4 })
    expect(met.map(criterionStatusLine)).toEqual(['Met · Complete', 'Met · Yes', 'Met · 4 live', 'No data yet'])
  })
})
