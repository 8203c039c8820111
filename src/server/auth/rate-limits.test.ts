/**
 * Which counts a request to /api/auth takes (auth/rate-limits.ts `checksFor`): per address, per
 * account, per signed-in session or user. The counting itself (atomic, shared, 429 with Retry-After)
 * is tested on the real server: rate-limit.integration.test.ts and office-load.integration.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { ADDRESS_RULES, checksFor, DEFAULT_ADDRESS_RULE, DEFAULT_SIGNED_IN_RULE, retryMessage } from './rate-limits'

const base: Parameters<typeof checksFor>[0] = {
  path: '',
  method: 'POST',
  ip: '203.0.113.50',
  email: null,
  sessionToken: null,
  userId: async (token: string) => (token === 'live-token' ? 'user-1' : null),
}
const keys = async (r: Partial<typeof base> & { path: string }) =>
  (await checksFor({ ...base, ...r })).map((c) => `${c.key} max=${c.rule.max}/${c.rule.window}s`)

describe('rate limit keys', () => {
  it('get-session is never counted per address: without a session nothing, with one per session', async () => {
    expect(await keys({ method: 'GET', path: '/get-session' })).toEqual([])
    const [only, ...rest] = await keys({ method: 'GET', path: '/get-session', sessionToken: 'live-token' })
    expect(rest).toEqual([])
    expect(only).toMatch(/^session:[\w-]{32}\|\/get-session\|60 max=120\/60s$/)
    // The token itself is never stored as a key.
    expect(only).not.toContain('live-token')
  })

  it('sign-in is counted per address (ceiling 150 a minute) and per account (10 a minute), session or not', async () => {
    const expected = [
      'address:203.0.113.50|/sign-in/email|60 max=150/60s',
      'account:rita@example.com|/sign-in/email|60 max=10/60s',
    ]
    expect(await keys({ path: '/sign-in/email', email: 'rita@example.com' })).toEqual(expected)
    expect(await keys({ path: '/sign-in/email', email: 'rita@example.com', sessionToken: 'live-token' })).toEqual(
      expected,
    )
  })

  it('two different addresses are two buckets; an unknown address is one shared bucket', async () => {
    expect(await keys({ path: '/sign-in/email', ip: '203.0.113.51' })).toEqual([
      'address:203.0.113.51|/sign-in/email|60 max=150/60s',
    ])
    expect(await keys({ path: '/sign-in/email', ip: null })).toEqual(['address:unknown|/sign-in/email|60 max=150/60s'])
  })

  it('sign-up and password recovery keep per-address limits and add per-account ones', async () => {
    expect(await keys({ path: '/sign-up/email', email: 'new@example.com' })).toEqual([
      'address:203.0.113.50|/sign-up/email|3600 max=60/3600s',
      'account:new@example.com|/sign-up/email|3600 max=5/3600s',
    ])
    expect(await keys({ path: '/request-password-reset', email: 'new@example.com' })).toEqual([
      'address:203.0.113.50|/request-password-reset|900 max=30/900s',
      'account:new@example.com|/request-password-reset|3600 max=5/3600s',
    ])
  })

  it('signed-in actions that check a password or send email are per user, not per address', async () => {
    expect(await keys({ path: '/change-email', sessionToken: 'live-token' })).toEqual([
      'user:user-1|/change-email|3600 max=10/3600s',
    ])
    expect(await keys({ path: '/change-password', sessionToken: 'live-token' })).toEqual([
      'user:user-1|/change-password|900 max=10/900s',
    ])
    // A session that has ended has no user: counted per session.
    expect(await keys({ path: '/change-password', sessionToken: 'ended-token' })).toEqual([
      expect.stringMatching(/^session:[\w-]{32}\|\/change-password\|900 max=10\/900s$/),
    ])
  })

  it('the second step of a sign-in (no session yet) is per address; two-factor settings are per user', async () => {
    expect(await keys({ path: '/two-factor/verify-totp' })).toEqual([
      'address:203.0.113.50|/two-factor/*|60 max=150/60s',
    ])
    expect(await keys({ path: '/two-factor/enable', sessionToken: 'live-token' })).toEqual([
      'user:user-1|/two-factor/*|900 max=30/900s',
    ])
  })

  it('anything else: per session when signed in, else the default per address', async () => {
    expect(await keys({ path: '/sign-out', sessionToken: 'live-token' })).toEqual([
      expect.stringMatching(new RegExp(`^session:[\\w-]{32}\\|\\*\\|60 max=${DEFAULT_SIGNED_IN_RULE.max}/60s$`)),
    ])
    expect(await keys({ path: '/sign-out' })).toEqual([`address:203.0.113.50|*|60 max=${DEFAULT_ADDRESS_RULE.max}/60s`])
  })

  it('a GET never counts the account (its body has no email)', async () => {
    expect(await keys({ method: 'GET', path: '/sign-in/email', email: 'rita@example.com' })).toEqual([
      'address:203.0.113.50|/sign-in/email|60 max=150/60s',
    ])
  })

  it('the office ceilings fit 50 people with room to spare', () => {
    for (const path of ['/sign-in/email', '/sign-in/email-otp', '/sign-in/social', '/two-factor/*', '/sign-up/email'])
      expect(ADDRESS_RULES[path].max).toBeGreaterThanOrEqual(50)
  })

  it('says when to try again', () => {
    expect(retryMessage(1)).toBe('Too many attempts. Please try again in 1 second.')
    expect(retryMessage(45)).toBe('Too many attempts. Please try again in 45 seconds.')
    expect(retryMessage(600)).toBe('Too many attempts. Please try again in 10 minutes.')
    expect(retryMessage(7200)).toBe('Too many attempts. Please try again in 2 hours.')
  })
})
