import { describe, expect, it } from 'vitest'
import { isSameOriginPath, oauthErrorMessage, OAuthSignInInput } from './identities'

describe('isSameOriginPath (redirect targets, ASVS 3.7.2)', () => {
  it.each([
    '/app/home',
    '/app/settings?linked=testidp',
    '/auth?tab=sign-up&provider=x&next=%2Fapp%2Fhome',
    '/invite/abc#top',
  ])('accepts %j', (path) => expect(isSameOriginPath(path)).toBe(true))

  it.each([
    '',
    'app/home',
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%0a/evil.example',
    '/\t/evil.example',
    '/%E0%A4%A',
    '/..//evil.example',
    '/./..//evil.example/x',
    '/%2e%2e//evil.example',
    '/%2E%2E%2F%2Fevil.example',
  ])('refuses %j', (path) => expect(isSameOriginPath(path)).toBe(false))

  it('applies to both return paths of a sign-in, naming the field', () => {
    const parsed = OAuthSignInInput.safeParse({ provider: 'testidp', errorCallbackURL: '//evil.example' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['errorCallbackURL'])
  })
})

describe('oauthErrorMessage', () => {
  it('names the provider and says what to do', () => {
    expect(oauthErrorMessage('signup_disabled', 'Microsoft')).toMatch(
      /open Sign Up, choose who you are, then continue with Microsoft/,
    )
    expect(oauthErrorMessage('account_not_linked', 'Google')).toMatch(/then link Google in Settings/)
  })
  it('falls back to a generic message for an unknown code', () => {
    expect(oauthErrorMessage('something_new')).toBe('Signing in with the provider did not work. Please try again.')
  })
})
