import { describe, expect, it } from 'vitest'
import {
  freeSlots,
  londonToInstant,
  londonWallClock,
  moveTargetProblem,
  noticeProblem,
  platformFeePence,
  slotProblem,
} from './surveys'

const rules = { hours: [{ weekday: 2, startMinute: 540, endMinute: 1050 }], daysOff: [], travelBufferMinutes: 30 }
const now = new Date('2026-11-30T08:00:00Z') // Monday

describe('London wall clock', () => {
  it('converts both ways in winter (GMT) and summer (BST)', () => {
    expect(londonToInstant('2026-12-01', 600).toISOString()).toBe('2026-12-01T10:00:00.000Z')
    expect(londonToInstant('2026-07-01', 600).toISOString()).toBe('2026-07-01T09:00:00.000Z')
    expect(londonWallClock(new Date('2026-07-01T09:00:00Z'))).toEqual({ date: '2026-07-01', weekday: 3, minute: 600 })
  })
})

describe('slot rules', () => {
  const tue10 = londonToInstant('2026-12-01', 600)
  it('accepts a slot inside the hours and names each broken rule', () => {
    expect(slotProblem(rules, [], tue10, 180, now)).toBeNull()
    expect(slotProblem(rules, [], tue10, 180, new Date('2026-12-02T00:00:00Z'))?.rule).toBe('past')
    expect(slotProblem(rules, [], londonToInstant('2026-12-01', 900), 180, now)?.rule).toBe('outside_hours')
    expect(slotProblem(rules, [], londonToInstant('2026-12-02', 600), 60, now)?.rule).toBe('outside_hours')
    expect(slotProblem({ ...rules, daysOff: ['2026-12-01'] }, [], tue10, 60, now)?.rule).toBe('day_off')
  })
  it('keeps the travel buffer after a visit and before the next', () => {
    const busy = [{ start: tue10.getTime(), end: tue10.getTime() + 210 * 60_000 }] // 10:00-13:00 + 30
    expect(slotProblem(rules, busy, londonToInstant('2026-12-01', 780), 60, now)?.rule).toBe('overlap')
    expect(slotProblem(rules, busy, londonToInstant('2026-12-01', 810), 60, now)).toBeNull()
    // 09:00 for 60 min + 30 buffer ends 10:30: overlaps the 10:00 visit.
    expect(slotProblem(rules, busy, londonToInstant('2026-12-01', 540), 60, now)?.rule).toBe('overlap')
  })
  it('offers free slots every 30 minutes inside the hours only', () => {
    const slots = freeSlots(rules, [], 180, now).filter((s) => londonWallClock(s).date === '2026-12-01')
    expect(slots.map((s) => londonWallClock(s).minute)).toEqual([
      540, 570, 600, 630, 660, 690, 720, 750, 780, 810, 840, 870,
    ])
  })
})

describe('money and notice', () => {
  it('takes a 10% platform fee in whole pence', () => {
    expect(platformFeePence(59500)).toBe(5950)
    expect(platformFeePence(59505)).toBe(5951)
  })
  it('refuses changes inside the notice period', () => {
    expect(noticeProblem(new Date(now.getTime() + 23 * 3_600_000), 24, now)).toMatch(/24 hours' notice/)
    expect(noticeProblem(new Date(now.getTime() + 25 * 3_600_000), 24, now)).toBeNull()
    // A visit is never moved to a time inside the notice either.
    expect(moveTargetProblem(new Date(now.getTime() + 23 * 3_600_000), 24, now)).toMatch(
      /24 hours' notice of a visit: move it to a time at least 24 hours ahead/,
    )
    expect(moveTargetProblem(new Date(now.getTime() + 24 * 3_600_000), 24, now)).toBeNull()
  })
})
