import { describe, expect, it } from 'vitest'
import { isSupportOpen, nextOpeningText } from './support-hours'

// 2025-01-15 is a Wednesday in GMT; 2025-07-16 is a Wednesday in BST (UTC+1).
describe('isSupportOpen: Monday to Friday 9am-5pm UK time', () => {
  it('winter (GMT): open from 09:00 to 16:59, closed at 17:00', () => {
    expect(isSupportOpen(new Date('2025-01-15T08:59:00Z'))).toBe(false)
    expect(isSupportOpen(new Date('2025-01-15T09:00:00Z'))).toBe(true)
    expect(isSupportOpen(new Date('2025-01-15T16:59:00Z'))).toBe(true)
    expect(isSupportOpen(new Date('2025-01-15T17:00:00Z'))).toBe(false)
  })

  it('summer (BST): 9am in London is 08:00 UTC', () => {
    expect(isSupportOpen(new Date('2025-07-16T08:00:00Z'))).toBe(true)
    expect(isSupportOpen(new Date('2025-07-16T07:59:00Z'))).toBe(false)
    expect(isSupportOpen(new Date('2025-07-16T15:59:00Z'))).toBe(true)
    expect(isSupportOpen(new Date('2025-07-16T16:00:00Z'))).toBe(false)
  })

  it('weekends are closed', () => {
    expect(isSupportOpen(new Date('2025-01-18T12:00:00Z'))).toBe(false) // Saturday
    expect(isSupportOpen(new Date('2025-01-19T12:00:00Z'))).toBe(false) // Sunday
  })
})

describe('nextOpeningText', () => {
  it('is null while open', () => {
    expect(nextOpeningText(new Date('2025-01-15T10:00:00Z'))).toBeNull()
  })
  it('early on a weekday: today', () => {
    expect(nextOpeningText(new Date('2025-01-15T07:00:00Z'))).toBe('today at 9am')
  })
  it('weekday evening: tomorrow', () => {
    expect(nextOpeningText(new Date('2025-01-15T18:00:00Z'))).toBe('tomorrow at 9am')
  })
  it('Friday evening and the weekend: Monday', () => {
    expect(nextOpeningText(new Date('2025-01-17T18:00:00Z'))).toBe('Monday at 9am')
    expect(nextOpeningText(new Date('2025-01-18T12:00:00Z'))).toBe('Monday at 9am')
  })
  it('Sunday evening: tomorrow', () => {
    expect(nextOpeningText(new Date('2025-01-19T20:00:00Z'))).toBe('tomorrow at 9am')
  })
})
