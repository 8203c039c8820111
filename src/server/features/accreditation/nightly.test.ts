import { describe, expect, it } from 'vitest'
import { nightlyDue } from './nightly'

describe('nightlyDue', () => {
  // 25 Nov 2026 is GMT, so London time equals UTC.
  const at = (iso: string) => new Date(iso)
  it('waits for 02:00 London time', () => {
    expect(nightlyDue(null, at('2026-11-25T01:59:00Z'))).toBe(false)
    expect(nightlyDue(null, at('2026-11-25T02:00:00Z'))).toBe(true)
  })
  it('runs once a night: not again within 20 hours', () => {
    expect(nightlyDue(at('2026-11-25T02:00:00Z'), at('2026-11-25T21:59:00Z'))).toBe(false)
    expect(nightlyDue(at('2026-11-24T02:05:00Z'), at('2026-11-25T02:01:00Z'))).toBe(true)
  })
  it('uses London summer time: 02:00 BST is 01:00 UTC', () => {
    expect(nightlyDue(null, at('2026-07-01T00:59:00Z'))).toBe(false)
    expect(nightlyDue(null, at('2026-07-01T01:00:00Z'))).toBe(true)
  })
})
