import { describe, expect, it } from 'vitest'
import { daysActive, overallProgress } from './progress'

describe('overallProgress: mean of the stages percent_complete, rounded', () => {
  const stages = (...percents: number[]) => percents.map((percent_complete) => ({ percent_complete }))

  it('is 0 with no stages', () => {
    expect(overallProgress([])).toBe(0)
  })

  it.each<[number[], number]>([
    [[0], 0],
    [[100], 100],
    [[100, 0], 50],
    [[100, 100, 50, 0], 63],
    [[100, 100, 75, 50, 0, 0, 0, 0, 0], 36],
    // Half way rounds up: 62.5 -> 63; just under rounds down.
    [[100, 25], 63],
    [[100, 24], 62],
    [[33, 33, 34], 33],
    [[100, 100, 100], 100],
  ])('%j gives %s', (percents, expected) => {
    expect(overallProgress(stages(...percents))).toBe(expected)
  })
})

describe('daysActive: whole days since creation', () => {
  const created = new Date('2025-03-10T09:30:00Z')

  it('is 0 on the day of creation', () => {
    expect(daysActive(created, created)).toBe(0)
    expect(daysActive(created, new Date('2025-03-11T09:29:59.999Z'))).toBe(0)
  })

  it('counts whole days only', () => {
    expect(daysActive(created, new Date('2025-03-11T09:30:00Z'))).toBe(1)
    expect(daysActive(created, new Date('2025-04-17T10:00:00Z'))).toBe(38)
  })

  it('accepts the ISO text the API returns', () => {
    expect(daysActive('2025-03-10T09:30:00.000Z', new Date('2025-03-20T09:30:00Z'))).toBe(10)
    expect(daysActive('2025-03-10T09:30:00+00:00', new Date('2025-03-20T09:30:00Z'))).toBe(10)
  })

  it('counts elapsed time, so a clock change in between does not lose a day', () => {
    // UK clocks went forward on 30 March 2025; the instants are absolute, so 24-hour days are exact.
    expect(daysActive('2025-03-29T12:00:00Z', new Date('2025-03-31T12:00:00Z'))).toBe(2)
  })

  it('is never negative when the creation time is in the future (clock skew)', () => {
    expect(daysActive(new Date('2025-03-12T00:00:00Z'), created)).toBe(0)
  })

  it('defaults to now', () => {
    const thirtyEightDaysAgo = new Date(Date.now() - 38 * 86_400_000 - 60_000)
    expect(daysActive(thirtyEightDaysAgo)).toBe(38)
  })
})
