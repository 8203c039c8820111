import { describe, expect, it } from 'vitest'
import holidays from './bank-holidays-england-and-wales.json'
import {
  addWorkingDays,
  bankHoliday,
  bankHolidayDataWarning,
  BANK_HOLIDAY_SOURCE,
  CALENDAR_COVERED_UNTIL,
  isWorkingDay,
  londonDate,
  workingDaysBetween,
} from './working-days'

describe('the bank holiday data', () => {
  it('names its source: GOV.UK, the england-and-wales division', () => {
    expect(BANK_HOLIDAY_SOURCE).toBe('https://www.gov.uk/bank-holidays.json')
    expect(holidays.division).toBe('england-and-wales')
  })

  it('covers 2025 to 2028 with Christmas, Boxing Day and Easter every year', () => {
    expect(CALENDAR_COVERED_UNTIL >= '2028-12-31').toBe(true)
    for (const year of [2025, 2026, 2027, 2028]) {
      const titles = holidays.events.filter((e) => e.date.startsWith(String(year))).map((e) => e.title)
      expect(titles, String(year)).toEqual(
        expect.arrayContaining(['Christmas Day', 'Boxing Day', 'Good Friday', 'Easter Monday']),
      )
      expect(titles.length, String(year)).toBeGreaterThanOrEqual(8)
    }
  })

  it('lists each date once, in order', () => {
    const dates = holidays.events.map((e) => e.date)
    expect(new Set(dates).size).toBe(dates.length)
    expect([...dates].sort()).toEqual(dates)
  })
})

describe('isWorkingDay', () => {
  it('is false at weekends and true on an ordinary weekday', () => {
    expect(isWorkingDay('2026-11-28')).toBe(false) // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false) // Sunday
    expect(isWorkingDay('2026-11-30')).toBe(true) // Monday
  })

  it('is false on bank holidays: Good Friday, Easter Monday, the May and August Mondays', () => {
    for (const d of ['2025-04-18', '2025-04-21', '2026-05-04', '2026-05-25', '2026-08-31']) {
      expect(isWorkingDay(d), d).toBe(false)
    }
  })

  it('takes the substitute days when Christmas or Boxing Day falls at a weekend', () => {
    // 2026: Christmas on a Friday, Boxing Day on a Saturday -> Monday 28th is the substitute.
    expect(bankHoliday('2026-12-28')).toEqual({ title: 'Boxing Day', notes: 'Substitute day' })
    expect(isWorkingDay('2026-12-25')).toBe(false)
    expect(isWorkingDay('2026-12-28')).toBe(false)
    expect(isWorkingDay('2026-12-29')).toBe(true)
    // 2027: both on the weekend -> Monday 27th and Tuesday 28th.
    expect(isWorkingDay('2027-12-27')).toBe(false)
    expect(isWorkingDay('2027-12-28')).toBe(false)
    expect(isWorkingDay('2027-12-29')).toBe(true)
    // 2028: New Year's Day on a Saturday -> Monday 3rd.
    expect(isWorkingDay('2028-01-03')).toBe(false)
  })
})

describe('addWorkingDays and workingDaysBetween', () => {
  it('skips Christmas, the weekend and the Boxing Day substitute', () => {
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29')
    expect(addWorkingDays('2026-12-22', 5)).toBe('2026-12-31')
  })

  it('skips Easter', () => {
    expect(addWorkingDays('2025-04-17', 1)).toBe('2025-04-22')
  })

  it('counts the half-open range (from, to]', () => {
    // 21-24 Dec (4), 29-31 Dec (3), 1 Jan is a holiday, 4 Jan (1).
    expect(workingDaysBetween('2026-12-18', '2027-01-04')).toBe(8)
    expect(workingDaysBetween('2026-11-30', '2026-11-30')).toBe(0)
    expect(addWorkingDays('2026-11-30', 0)).toBe('2026-11-30')
  })

  it('refuses a negative count', () => {
    expect(() => addWorkingDays('2026-11-30', -1)).toThrow(RangeError)
  })
})

describe('londonDate', () => {
  it('is the date in Europe/London, in winter (GMT) and summer (BST)', () => {
    expect(londonDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15')
    // British Summer Time began at 01:00 UTC on 29 March 2026: 23:30 UTC is 00:30 on the 30th.
    expect(londonDate(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30')
    expect(londonDate(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25')
  })
})

describe('bankHolidayDataWarning (issue 41 item 5: the clock never runs past its data silently)', () => {
  it('is quiet until a year before the list ends, then names the date and the refresh command', () => {
    expect(bankHolidayDataWarning('2027-12-30', '2028-12-31')).toBeNull()
    const soon = bankHolidayDataWarning('2028-01-01', '2028-12-31')
    expect(soon).toContain('ends on 31 Dec 2028')
    expect(soon).toContain('npm run bank-holidays -- --from bank-holidays.json')
    expect(bankHolidayDataWarning('2029-01-02', '2028-12-31')).toContain(
      'ended on 31 Dec 2028: bank holidays since then count as working days',
    )
  })
  it('reads the shipped list by default', () => {
    expect(CALENDAR_COVERED_UNTIL).toBe('2028-12-31')
    expect(bankHolidayDataWarning('2026-12-07')).toBeNull()
    expect(bankHolidayDataWarning('2028-06-01')).toContain('31 Dec 2028')
  })
})
