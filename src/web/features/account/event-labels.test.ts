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
    [{ kind: 'mfa.enabled', detail: {} }, 'Two-factor authentication turned on'],
    [{ kind: 'mfa.disabled', detail: {} }, 'Two-factor authentication turned off'],
    [{ kind: 'mfa.backup_codes_regenerated', detail: {} }, 'New backup codes made (the old ones no longer work)'],
    [{ kind: 'mfa.failed', detail: { factor: 'totp' } }, 'Wrong two-factor code entered'],
    [{ kind: 'mfa.locked', detail: {} }, 'Two-factor sign-in locked after too many wrong codes'],
    [
      { kind: 'sign_in.succeeded', detail: { method: 'two-factor', factor: 'backup_code' } },
      'Signed in with a backup code',
    ],
    [
      { kind: 'identity.linked', detail: { provider: 'ms', providerName: 'Microsoft' } },
      'Linked sign-in with Microsoft',
    ],
    [{ kind: 'identity.unlinked', detail: { provider: 'ms' } }, 'Unlinked sign-in with ms'],
    [{ kind: 'identity.link_failed', detail: { providerName: 'Google' } }, 'Linking Google failed'],
    [{ kind: 'sign_in.succeeded', detail: { method: 'oauth', providerName: 'Google' } }, 'Signed in with Google'],
    [{ kind: 'account.created', detail: { method: 'oauth', providerName: 'Google' } }, 'Account created with Google'],
    [{ kind: 'some.future_kind', detail: {} }, 'Security event'],
  ])('%j -> %s', (event, text) => {
    expect(describeSecurityEvent(event)).toBe(text)
  })

  it('flags failed attempts', () => {
    expect(isWarning({ kind: 'sign_in.failed' })).toBe(true)
    expect(isWarning({ kind: 'sign_in.succeeded' })).toBe(false)
    expect(isWarning({ kind: 'mfa.failed' })).toBe(true)
    expect(isWarning({ kind: 'identity.link_failed' })).toBe(true)
    expect(isWarning({ kind: 'mfa.locked' })).toBe(true)
  })
})
