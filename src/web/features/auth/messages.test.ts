import { describe, expect, it } from 'vitest'
import { SIGNUP_ROLE_CHOICES } from '#shared/domain/roles.ts'
import { AUTH_TOASTS, ROLE_BUTTONS, authTabFrom } from './messages'

describe('auth texts', () => {
  it('match spec: Error catalogue word for word', () => {
    expect(AUTH_TOASTS.signedIn).toEqual({ title: 'Welcome back!', description: "You've successfully signed in." })
    expect(AUTH_TOASTS.roleRequired).toEqual({
      title: 'Role required',
      description: 'Please select your role before continuing.',
    })
    expect(AUTH_TOASTS.signedUp.title).toBe('Account created!')
    expect(AUTH_TOASTS.signedUp.description).toContain('Homeward')
    expect(AUTH_TOASTS.signInFailed.title).toBe('Error signing in')
    expect(AUTH_TOASTS.signUpFailed.title).toBe('Error signing up')
  })

  it('offers exactly the six sign-up roles, in order', () => {
    expect(ROLE_BUTTONS.map((r) => r.value)).toEqual([...SIGNUP_ROLE_CHOICES])
    expect(ROLE_BUTTONS.map((r) => r.label)).toEqual(['Buyer', 'Seller', 'Conveyancer', 'Surveyor', 'Broker', 'Agent'])
  })

  it('reads the tab parameter', () => {
    expect(authTabFrom('sign-up')).toBe('sign-up')
    expect(authTabFrom('sign-in')).toBe('sign-in')
    expect(authTabFrom(null)).toBe('sign-in')
    expect(authTabFrom('other')).toBe('sign-in')
  })
})
