import { describe, expect, it } from 'vitest'
import { describeSecurityEvent, isWarning } from './event-labels'

describe('describeSecurityEvent', () => {
  it.each([
    [{ kind: 'sign_in.succeeded', detail: { method: 'email' } }, 'Signed in'],
    [{ kind: 'sign_in.failed', detail: { status: 401 } }, 'Failed sign-in attempt'],
    [{ kind: 'sessions.revoked', detail: { scope: 'one', count: 1 } }, 'Signed out another session'],
    [{ kind: 'sessions.revoked', detail: { scope: 'others', count: 2 } }, 'Signed out all other sessions (2)'],
    [{ kind: 'sessions.revoked', detail: { scope: 'global', count: 3 } }, 'Signed out everywhere'],
    [{ kind: 'password.changed', detail: {} }, 'Password changed; other sessions signed out'],
    [{ kind: 'mfa.enabled', detail: {} }, 'Security event'],
  ])('%j -> %s', (event, text) => {
    expect(describeSecurityEvent(event)).toBe(text)
  })

  it('flags failed attempts', () => {
    expect(isWarning({ kind: 'sign_in.failed' })).toBe(true)
    expect(isWarning({ kind: 'sign_in.succeeded' })).toBe(false)
  })
})
