import { describe, expect, it } from 'vitest'
import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import { cardMetrics } from './organization-metrics'
import { profileMetrics } from './profile-metrics'

const m = (over: Partial<AccreditationMetrics> = {}): AccreditationMetrics => ({
  avg_days: 48,
  collapse_rate: 0.074,
  csat: 4.7,
  cases_count: 130,
  live_cases_count: 12,
  document_accuracy: 0.985,
  sla_rate: 0.93,
  ...over,
})

describe('cardMetrics (spec: Validation rules: a row shows only when its value is present)', () => {
  it('shows avg completion in whole days, success rate = round((1 - collapse_rate) x 100)%, completed cases', () => {
    expect(cardMetrics(m())).toEqual([
      { label: 'Avg completion', value: '48 days' },
      { label: 'Success rate', value: '93%' },
      { label: 'Completed cases', value: '130' },
    ])
  })

  it('hides avg_days and cases_count when falsy (0 or null) and collapse_rate only when null', () => {
    expect(cardMetrics(m({ avg_days: 0, cases_count: null, collapse_rate: 0 }))).toEqual([
      { label: 'Success rate', value: '100%' },
    ])
    expect(cardMetrics(m({ collapse_rate: null })).map((r) => r.label)).toEqual(['Avg completion', 'Completed cases'])
    expect(cardMetrics(undefined)).toEqual([])
  })

  it('the profile adds satisfaction, live cases, document accuracy and SLA', () => {
    expect(profileMetrics(m()).slice(3)).toEqual([
      { label: 'Client satisfaction', value: '4.7/5' },
      { label: 'Live cases', value: '12' },
      { label: 'Document accuracy', value: '98.5%' },
      { label: 'SLA deadlines met', value: '93%' },
    ])
  })
})
