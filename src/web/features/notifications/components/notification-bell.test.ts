import { describe, expect, it } from 'vitest'
import { bellLabel, safeInternalPath } from './notification-bell'

describe('bellLabel', () => {
  it('says how many are unread', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(0)).toBe('Notifications, none unread')
  })
})

describe('safeInternalPath', () => {
  it.each([
    ['/app/transactions/abc?tab=chat&thread=t1', '/app/transactions/abc?tab=chat&thread=t1'],
    ['//evil.example/x', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/\\evil.example', null],
  ])('%s -> %s', (link, expected) => expect(safeInternalPath(link)).toBe(expected))
})
