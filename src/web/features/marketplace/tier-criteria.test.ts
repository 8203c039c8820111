import { describe, expect, it } from 'vitest'
import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import { nextTier, tierCriteria } from './tier-criteria'

const metrics = (over: Partial<AccreditationMetrics> = {}): AccreditationMetrics => ({
  avg_days: 60,
  collapse_rate: 0.1,
  csat: 4.5,
  cases_count: 40,
  live_cases_count: 6,
  document_accuracy: 0.97,
  sla_rate: 0.9,
  ...over,
})

describe('tierCriteria states the spec: Business constants and limits thresholds', () => {
  it('Silver: onboarding, Academy Lite, 3+ live cases, SLA above 70%', () => {
    expect(tierCriteria('silver').map((c) => c.label)).toEqual([
      'Onboarding complete',
      'Academy Lite access',
      '3+ live cases',
      'SLA met on more than 70% of deadlines',
    ])
  })

  it('Gold: 25+ cases, at most 70 days, fall-through at most 12%, CSAT at least 4.4/5', () => {
    expect(tierCriteria('gold').map((c) => c.label)).toEqual([
      '25+ completed cases',
      'Average of at most 70 days to complete',
      'Fall-through rate at most 12%',
      'Customer satisfaction (CSAT) at least 4.4/5',
    ])
  })

  it('Platinum: 100+ cases, at most 55 days, at most 8%, CSAT at least 4.6/5, document accuracy at least 98%', () => {
    expect(tierCriteria('platinum').map((c) => c.label)).toEqual([
      '100+ completed cases',
      'Average of at most 55 days to complete',
      'Fall-through rate at most 8%',
      'Customer satisfaction (CSAT) at least 4.6/5',
      'Document accuracy at least 98%',
    ])
  })
})

describe('tierCriteria checks metrics at the boundaries', () => {
  it('gold boundaries are inclusive: 25 cases, 70 days, 12%, 4.4', () => {
    const res = tierCriteria('gold', metrics({ cases_count: 25, avg_days: 70, collapse_rate: 0.12, csat: 4.4 }))
    expect(res.map((c) => c.met)).toEqual([true, true, true, true])
  })

  it('just past each gold boundary fails', () => {
    const res = tierCriteria('gold', metrics({ cases_count: 24, avg_days: 71, collapse_rate: 0.1201, csat: 4.39 }))
    expect(res.map((c) => c.met)).toEqual([false, false, false, false])
  })

  it('silver SLA must be strictly above 70%', () => {
    expect(tierCriteria('silver', metrics({ sla_rate: 0.7 }))[3].met).toBe(false)
    expect(tierCriteria('silver', metrics({ sla_rate: 0.7001 }))[3].met).toBe(true)
  })

  it('platinum document accuracy at 98% passes, 97.99% fails, and current values are shown', () => {
    expect(tierCriteria('platinum', metrics({ document_accuracy: 0.98 }))[4]).toMatchObject({
      met: true,
      current: '98%',
    })
    expect(tierCriteria('platinum', metrics({ document_accuracy: 0.9799 }))[4].met).toBe(false)
  })

  it('unknown values are neither met nor failed', () => {
    const res = tierCriteria('gold', metrics({ csat: null }))
    expect(res[3]).toEqual({ label: 'Customer satisfaction (CSAT) at least 4.4/5', current: null, met: null })
  })
})

describe('nextTier', () => {
  it('rises silver -> gold -> platinum, starts at silver, stops at platinum', () => {
    expect(nextTier(null)).toBe('silver')
    expect(nextTier('silver')).toBe('gold')
    expect(nextTier('gold')).toBe('platinum')
    expect(nextTier('platinum')).toBeNull()
  })
})
