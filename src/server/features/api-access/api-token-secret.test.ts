import { describe, expect, it } from 'vitest'
import { bearerToken, hashApiToken, newApiTokenSecret } from './api-token-secret'

describe('API token secrets', () => {
  it('are the kind prefix and 256 random bits, stored as SHA-256 hex', () => {
    const personal = newApiTokenSecret('personal')
    expect(personal.secret).toMatch(/^hw_pat_[A-Za-z0-9_-]{43}$/)
    expect(personal.hash).toBe(hashApiToken(personal.secret))
    expect(personal.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(personal.prefix).toBe(personal.secret.slice(0, 13))
    expect(newApiTokenSecret('firm').secret).toMatch(/^hw_key_/)
    expect(newApiTokenSecret('personal').secret).not.toBe(personal.secret)
  })

  it('are read from a Bearer header only', () => {
    expect(bearerToken(undefined)).toBeUndefined()
    expect(bearerToken('Bearer hw_pat_abc')).toBe('hw_pat_abc')
    expect(bearerToken('bearer  hw_pat_abc ')).toBe('hw_pat_abc')
    expect(bearerToken('Bearer')).toBe('')
    expect(bearerToken('Bearer a b')).toBe('')
    // A proxy's Basic credentials are not ours: ignored, the session cookie still counts.
    expect(bearerToken('Basic dXNlcjpwdw==')).toBeUndefined()
  })
})
