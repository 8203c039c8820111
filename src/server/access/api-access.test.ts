import { describe, expect, it } from 'vitest'
import type { ApiScope } from '#shared/domain/api-access.ts'
import type { Viewer } from '../auth/viewer'
import { AppError } from '#server/core/errors.ts'
import { requireTokenScopes, SESSION_ONLY_MESSAGE } from './api-access'

const person: Viewer = {
  profileId: 'p',
  authId: 'a',
  email: 'a@example.test',
  emailVerified: true,
  fullName: 'A Person',
  roles: ['consumer_buyer'],
  sessionId: 's',
}
const withToken = (scopes: ApiScope[]): Viewer => ({
  ...person,
  apiToken: { id: 't', kind: 'personal', scopes, organizationId: null },
})

function refusal(fn: () => void): AppError {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('expected a refusal')
}

describe('requireTokenScopes', () => {
  it('lets a session through, with or without scopes on the endpoint', () => {
    expect(() => requireTokenScopes(person, undefined)).not.toThrow()
    expect(() => requireTokenScopes(person, ['transactions:read'])).not.toThrow()
  })

  it('lets a token through with every scope the endpoint lists', () => {
    expect(() => requireTokenScopes(withToken(['transactions:read', 'tasks:write']), ['tasks:write'])).not.toThrow()
  })

  it('refuses a token without a scope with 403 naming it', () => {
    const err = refusal(() => requireTokenScopes(withToken(['documents:read']), ['transactions:read']))
    expect(err.code).toBe('forbidden')
    expect(err.message).toContain('transactions:read')
  })

  it('refuses a token on a session-only endpoint, whatever it holds', () => {
    const err = refusal(() => requireTokenScopes(withToken(['webhooks:write', 'transactions:read']), undefined))
    expect(err.code).toBe('forbidden')
    expect(err.message).toBe(SESSION_ONLY_MESSAGE)
    expect(refusal(() => requireTokenScopes(withToken(['webhooks:write']), [])).message).toBe(SESSION_ONLY_MESSAGE)
  })
})
