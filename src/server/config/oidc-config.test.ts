import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { oidcEnvPrefix, readOidcProviders } from './oidc-config'

const microsoft = {
  OIDC_PROVIDERS: 'microsoft',
  OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
  OIDC_MICROSOFT_CLIENT_ID: 'client',
  OIDC_MICROSOFT_CLIENT_SECRET: 'secret',
}

describe('readOidcProviders (OIDC_PROVIDERS and OIDC_<ID>_*)', () => {
  it('is empty when OIDC_PROVIDERS is unset or blank', () => {
    expect(readOidcProviders({})).toEqual({ providers: [], issues: [] })
    expect(readOidcProviders({ OIDC_PROVIDERS: ' , ' })).toEqual({ providers: [], issues: [] })
  })

  it('reads each listed provider, naming it from its id unless OIDC_<ID>_NAME is set', () => {
    const { providers, issues } = readOidcProviders({
      ...microsoft,
      OIDC_PROVIDERS: 'microsoft, my-idp',
      OIDC_MY_IDP_ISSUER: 'http://127.0.0.1:4000/',
      OIDC_MY_IDP_CLIENT_ID: 'c2',
      OIDC_MY_IDP_CLIENT_SECRET: 's2',
      OIDC_MY_IDP_NAME: 'Our firm',
    })
    expect(issues).toEqual([])
    expect(providers).toEqual([
      {
        id: 'microsoft',
        name: 'Microsoft',
        issuer: microsoft.OIDC_MICROSOFT_ISSUER,
        clientId: 'client',
        clientSecret: 'secret',
      },
      { id: 'my-idp', name: 'Our firm', issuer: 'http://127.0.0.1:4000', clientId: 'c2', clientSecret: 's2' },
    ])
    expect(oidcEnvPrefix('my-idp')).toBe('OIDC_MY_IDP_')
  })

  it('names the variable of each mistake', () => {
    const { providers, issues } = readOidcProviders({
      OIDC_PROVIDERS: 'microsoft,Bad_Id,credential,microsoft',
      OIDC_MICROSOFT_ISSUER: 'http://login.example.com',
      OIDC_MICROSOFT_CLIENT_SECRET: 'secret',
    })
    expect(providers).toEqual([])
    expect(issues).toEqual([
      'OIDC_MICROSOFT_ISSUER: must be an https:// URL (http:// only for localhost)',
      'OIDC_MICROSOFT_CLIENT_ID: is required (because OIDC_PROVIDERS lists microsoft)',
      "OIDC_PROVIDERS: 'Bad_Id' is not a valid provider id (lower-case letters, digits and hyphens, starting with a letter, at most 32)",
      "OIDC_PROVIDERS: 'credential' is reserved; choose another id",
      "OIDC_PROVIDERS: 'microsoft' is listed twice",
    ])
  })

  it('says an issuer is required when it is missing', () => {
    const { issues } = readOidcProviders({ ...microsoft, OIDC_MICROSOFT_ISSUER: undefined })
    expect(issues).toEqual(['OIDC_MICROSOFT_ISSUER: is required because OIDC_PROVIDERS lists microsoft'])
  })

  it('stops loadConfig with a message naming the variable', () => {
    expect(() =>
      loadConfig({ BETTER_AUTH_SECRET: 'x'.repeat(32), ...microsoft, OIDC_MICROSOFT_CLIENT_ID: '' }),
    ).toThrow(/OIDC_MICROSOFT_CLIENT_ID: is required/)
    expect(loadConfig({ BETTER_AUTH_SECRET: 'x'.repeat(32), ...microsoft }).oidcProviders).toHaveLength(1)
  })
})
