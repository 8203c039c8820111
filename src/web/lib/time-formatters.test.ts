import { describe, expect, it } from 'vitest'
import { formatMessageTime, timeAgo } from './time-formatters'

describe('formatMessageTime', () => {
  const now = new Date('2025-07-10T12:00:00Z') // 13:00 in London (BST)
  it('shows only the UK time today', () => {
    expect(formatMessageTime('2025-07-10T08:05:00Z', now)).toBe('09:05')
  })
  it('says yesterday, in London days', () => {
    expect(formatMessageTime('2025-07-09T22:30:00Z', now)).toBe('Yesterday, 23:30')
    expect(formatMessageTime('2025-07-09T23:30:00Z', now)).toBe('00:30')
    expect(formatMessageTime('2025-07-09T10:00:00Z', now)).toBe('Yesterday, 11:00')
  })
  it('gives the UK date before that', () => {
    expect(formatMessageTime('2025-01-05T14:07:00Z', now)).toBe('05 Jan 2025, 14:07')
  })
})

describe('timeAgo', () => {
  const now = new Date('2025-07-10T12:00:00Z')
  it.each([
    ['2025-07-10T11:59:30Z', 'just now'],
    ['2025-07-10T11:55:00Z', '5 min ago'],
    ['2025-07-10T09:00:00Z', '3 h ago'],
    ['2025-07-09T11:00:00Z', '1 day ago'],
    ['2025-07-07T11:00:00Z', '3 days ago'],
    ['2025-06-01T11:00:00Z', '01 Jun 2025'],
  ])('%s -> %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text))
})
