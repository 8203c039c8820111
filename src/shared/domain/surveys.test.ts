import { describe, expect, it } from 'vitest'
import {
  freeSlots,
  londonToInstant,
  londonWallClock,
  moveTargetProblem,
  noticeProblem,
  platformFeePence,
  reportReleaseProblem,
  slotProblem,
  coversPostcode,
  surveyPayoutAmounts,
  surveyTermsText,
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
  it('never offers or accepts a bank holiday (Christmas Day 2026 is a Friday; 28 Dec the Boxing Day substitute)', () => {
    const weekdays = {
      ...rules,
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1050 })),
    }
    const dec = new Date('2026-12-21T08:00:00Z')
    const christmas = slotProblem(weekdays, [], londonToInstant('2026-12-25', 600), 60, dec)
    expect(christmas?.rule).toBe('bank_holiday')
    expect(christmas?.message).toBe('That day is a bank holiday (Christmas Day): choose another day.')
    expect(slotProblem(weekdays, [], londonToInstant('2026-12-28', 600), 60, dec)?.rule).toBe('bank_holiday')
    const days = new Set(freeSlots(weekdays, [], 60, dec).map((s) => londonWallClock(s).date))
    expect(days.has('2026-12-24')).toBe(true)
    expect(days.has('2026-12-25')).toBe(false)
    expect(days.has('2026-12-28')).toBe(false)
    expect(days.has('2026-12-29')).toBe(true)
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

describe('survey payout amounts (issue 40: the platform fee on the fee ex VAT)', () => {
  it('splits the fee paid into ex VAT and VAT and takes 10% of the ex-VAT part', () => {
    expect(surveyPayoutAmounts(110_000)).toEqual({
      feePence: 110_000,
      feeExVatPence: 91_667,
      vatPence: 18_333,
      platformFeePence: 9_167,
      netPence: 100_833,
    })
    expect(surveyPayoutAmounts(59_500)).toEqual({
      feePence: 59_500,
      feeExVatPence: 49_583,
      vatPence: 9_917,
      platformFeePence: 4_958,
      netPence: 54_542,
    })
  })
  it('always adds up: ex VAT + VAT = fee, net + platform fee = fee, never 10% of the VAT-inclusive fee', () => {
    for (const fee of [100, 101, 999, 25_000, 65_000, 95_001, 1_000_000]) {
      const m = surveyPayoutAmounts(fee)
      expect(m.feeExVatPence + m.vatPence).toBe(fee)
      expect(m.netPence + m.platformFeePence).toBe(fee)
      expect(m.platformFeePence).toBe(Math.round(m.feeExVatPence / 10))
    }
    expect(surveyPayoutAmounts(65_000).platformFeePence).not.toBe(6_500)
  })
})

describe('report release guard (one rule: date, then ready)', () => {
  // 10:00 London on Thursday 10 Dec 2026.
  const visit = new Date('2026-12-10T10:00:00Z')
  it('refuses before the visit day, naming the date, even when ready', () => {
    expect(reportReleaseProblem(visit, true, new Date('2026-12-08T12:00:00Z'))).toBe(
      'The report can be released only on or after the visit date (10 Dec 2026).',
    )
    // 23:30 London the evening before is still the day before.
    expect(reportReleaseProblem(visit, true, new Date('2026-12-09T23:30:00Z'))).toMatch(/on or after the visit date/)
  })
  it('allows on the visit day itself (after midnight London) and later, once ready', () => {
    expect(reportReleaseProblem(visit, true, new Date('2026-12-10T00:05:00Z'))).toBeNull()
    expect(reportReleaseProblem(visit, true, new Date('2026-12-15T09:00:00Z'))).toBeNull()
  })
  it('uses the London date in summer time (BST)', () => {
    const summer = new Date('2026-07-02T09:00:00Z')
    // 23:30 UTC on 1 July is 00:30 BST on 2 July: the visit day.
    expect(reportReleaseProblem(summer, true, new Date('2026-07-01T23:30:00Z'))).toBeNull()
    expect(reportReleaseProblem(summer, true, new Date('2026-07-01T22:30:00Z'))).toMatch(/02 Jul 2026/)
  })
  it('refuses a report not marked ready to release, on or after the date', () => {
    expect(reportReleaseProblem(visit, false, new Date('2026-12-11T09:00:00Z'))).toMatch(/ready to release first/)
  })
})

describe('coverage and terms', () => {
  it('covers a postcode by its district only', () => {
    expect(coversPostcode(['AL1', 'AL3'], 'al1 3rr')).toBe(true)
    expect(coversPostcode(['AL1', 'AL3'], 'AL10 9AB')).toBe(false)
    expect(coversPostcode(['SY23'], 'AL1 3RR')).toBe(false)
    expect(coversPostcode([], 'AL1 3RR')).toBe(false)
  })
  it('writes the terms with what the level covers, the fee with VAT and the cancellation rule', () => {
    const text = surveyTermsText({
      firmName: 'Hart Surveys',
      kind: 'rics_level_3',
      pricePence: 110_000,
      noticeHours: 48,
    })
    expect(text).toContain('RICS Home Survey Level 3 with Hart Surveys')
    expect(text).toContain('RICS Home Survey Standard, Level 3')
    expect(text).toContain('£1,100.00 including VAT (£916.67 plus £183.33 VAT)')
    expect(text).toContain('up to 48 hours before it')
    expect(text).toContain('refunds the whole fee')
  })
})
