import { describe, expect, it } from 'vitest'
import { isoWeekLondon, isWeeklyUpdateWindow } from './weekly-update'

describe('weekly update window', () => {
  it('is Monday 09:00-09:59 in London, GMT in winter and BST in summer', () => {
    expect(isWeeklyUpdateWindow(new Date('2026-11-30T09:00:00Z'))).toBe(true)
    expect(isWeeklyUpdateWindow(new Date('2026-11-30T09:59:59Z'))).toBe(true)
    expect(isWeeklyUpdateWindow(new Date('2026-11-30T10:00:00Z'))).toBe(false)
    expect(isWeeklyUpdateWindow(new Date('2026-11-30T08:59:59Z'))).toBe(false)
    expect(isWeeklyUpdateWindow(new Date('2026-06-01T08:15:00Z'))).toBe(true) // 09:15 BST
    expect(isWeeklyUpdateWindow(new Date('2026-06-01T09:15:00Z'))).toBe(false) // 10:15 BST
    expect(isWeeklyUpdateWindow(new Date('2026-12-01T09:15:00Z'))).toBe(false) // Tuesday
  })

  it('names the ISO week of the UK day', () => {
    expect(isoWeekLondon(new Date('2026-11-30T09:00:00Z'))).toBe('2026-W49')
    expect(isoWeekLondon(new Date('2026-11-29T23:30:00Z'))).toBe('2026-W48')
    expect(isoWeekLondon(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53')
    expect(isoWeekLondon(new Date('2026-03-29T23:30:00Z'))).toBe('2026-W14') // 00:30 BST on Monday 30 Mar
  })
})
