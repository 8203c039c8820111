import { describe, expect, it } from 'vitest'
import { tradeFigureRows } from './trade-metrics'

const m = {
  avg_days: 48,
  collapse_rate: 0.074,
  cases_count: 130,
  report_days: 6.4,
  reports_on_time_rate: 0.915,
  offer_days: 19,
  sale_to_completion_days: 121,
}

describe('tradeFigureRows: each trade its own figures', () => {
  it('conveyancers: completion days, success rate, completed cases', () => {
    expect(tradeFigureRows('law', m)).toEqual([
      { label: 'Avg completion', value: '48 days' },
      { label: 'Success rate', value: '93%' },
      { label: 'Completed cases', value: '130' },
    ])
  })
  it('surveyors: reports on time and days to report, never completion days', () => {
    expect(tradeFigureRows('survey', m)).toEqual([
      { label: 'Reports on time', value: '92%' },
      { label: 'Days to report', value: '6 days' },
      { label: 'Completed cases', value: '130' },
    ])
  })
  it('brokers: days to mortgage offer', () => {
    expect(tradeFigureRows('broker', m)[0]).toEqual({ label: 'Days to mortgage offer', value: '19 days' })
  })
  it('agents: sale agreed to completion and completed sales', () => {
    expect(tradeFigureRows('agent', m).map((r) => r.label)).toEqual([
      'Sale agreed to completion',
      'Success rate',
      'Completed sales',
    ])
  })
  it('leaves out what is not measured', () => {
    expect(tradeFigureRows('survey', { avg_days: null, collapse_rate: null, cases_count: 0 })).toEqual([])
    expect(tradeFigureRows('law', null)).toEqual([])
  })
})
