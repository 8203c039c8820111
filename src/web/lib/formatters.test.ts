import { describe, expect, it } from 'vitest'
import { formatGbp, formatGbpFromPence, formatUkDate, formatUkDateTime, onFirstUse, pluralise } from './formatters'

describe('formatUkDate: dd MMM yyyy in Europe/London', () => {
  it('formats with a two-digit day and three-letter month', () => {
    expect(formatUkDate('2025-01-05T12:00:00Z')).toBe('05 Jan 2025')
    expect(formatUkDate(new Date('2025-09-30T09:00:00Z'))).toBe('30 Sep 2025')
  })
  it('uses UK time: 23:30 UTC on 31 May is already 1 June in BST', () => {
    expect(formatUkDate('2025-05-31T23:30:00Z')).toBe('01 Jun 2025')
    expect(formatUkDate('2025-12-31T23:30:00Z')).toBe('31 Dec 2025')
  })
  it('returns an empty string for an invalid date', () => {
    expect(formatUkDate('not a date')).toBe('')
  })
})

describe('GBP', () => {
  it('formats pence and pounds', () => {
    expect(formatGbpFromPence(32_500_000)).toBe('£325,000.00')
    expect(formatGbpFromPence(32_500_050, { whole: true })).toBe('£325,001')
    expect(formatGbp(1499.5)).toBe('£1,499.50')
  })
})

describe('formatUkDateTime: dd MMM yyyy, HH:mm in Europe/London', () => {
  it('shows UK time: BST in summer, GMT in winter', () => {
    expect(formatUkDateTime('2025-05-31T23:30:00Z')).toBe('01 Jun 2025, 00:30')
    expect(formatUkDateTime('2025-12-31T09:05:00Z')).toBe('31 Dec 2025, 09:05')
  })
  it('returns an empty string for an invalid date', () => {
    expect(formatUkDateTime('nope')).toBe('')
  })
})

describe('pluralise', () => {
  it('uses the singular for one only', () => {
    expect(pluralise(0, 'day')).toBe('0 days')
    expect(pluralise(1, 'day')).toBe('1 day')
    expect(pluralise(2, 'participant')).toBe('2 participants')
    expect(pluralise(1, 'person', 'people')).toBe('1 person')
  })
})

describe('onFirstUse', () => {
  it('makes the value on the first call only, and returns that same value after', () => {
    let made = 0
    const get = onFirstUse(() => ({ n: ++made }))
    expect(made).toBe(0)
    const first = get()
    expect(get()).toBe(first)
    expect(first).toEqual({ n: 1 })
    expect(made).toBe(1)
  })

  it('keeps a made value that is falsy', () => {
    let made = 0
    const get = onFirstUse(() => (made++, 0))
    expect([get(), get()]).toEqual([0, 0])
    expect(made).toBe(1)
  })
})
