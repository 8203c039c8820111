import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const tmp = () => mkdtempSync(path.join(tmpdir(), 'homeward-config-'))

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp()
    const c = loadConfig({ DATA_DIR: dir })
    expect(c.PORT).toBe(3000)
    expect(c.publicUrl).toBe('http://localhost:3000')
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.STORAGE_DRIVER).toBe('disk')
    expect(c.secure).toBe(false)
    expect(c.SEED_DEMO).toBe(true)
  })

  it('generates the auth secret into the data dir once, with mode 600, and reuses it', () => {
    const dir = tmp()
    const first = loadConfig({ DATA_DIR: dir }).authSecret
    expect(first.length).toBeGreaterThanOrEqual(43)
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600)
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first)
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first)
  })

  it('generates the data encryption key ring and the provider webhook secret once, and reads set ones', () => {
    const dir = tmp()
    const first = loadConfig({ DATA_DIR: dir })
    expect(first.dataEncryptionKeys.current.key.length).toBe(32)
    expect(first.providerWebhookSecret).toMatch(/^whsec_/)
    expect(statSync(path.join(dir, 'data-encryption-key')).mode & 0o777).toBe(0o600)
    const again = loadConfig({ DATA_DIR: dir })
    expect(again.dataEncryptionKeys.current.key.equals(first.dataEncryptionKeys.current.key)).toBe(true)
    expect(again.providerWebhookSecret).toBe(first.providerWebhookSecret)
    const key = Buffer.alloc(32, 9).toString('base64')
    const set = loadConfig({ DATA_DIR: tmp(), DATA_ENCRYPTION_KEYS: `new:${key},old:${key}` })
    expect(set.dataEncryptionKeys.current.id).toBe('new')
    expect(() => loadConfig({ DATA_DIR: tmp(), DATA_ENCRYPTION_KEYS: 'k1:short' })).toThrow(
      /DATA_ENCRYPTION_KEYS: key "k1" must be 32 bytes/,
    )
    expect(() => loadConfig({ DATA_DIR: tmp(), PROVIDER_WEBHOOK_SECRET: 'plain' })).toThrow(
      /PROVIDER_WEBHOOK_SECRET: must be whsec_/,
    )
  })

  it('prefers BETTER_AUTH_SECRET and marks https public URLs secure', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      BETTER_AUTH_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://homeward.example/',
    })
    expect(c.authSecret).toBe('s'.repeat(40))
    expect(c.publicUrl).toBe('https://homeward.example')
    expect(c.secure).toBe(true)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ HOMEWARD_VAT_NUMBER: 'GB 999 9999 74' }, 'HOMEWARD_VAT_NUMBER'],
    [{ HOMEWARD_COMPANY_NUMBER: '123' }, 'HOMEWARD_COMPANY_NUMBER'],
    [{ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, 'HOMEWARD_VAT_NUMBER'],
  ])('stops with a message naming the variable: %j', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(new RegExp(`${name}: `))
  })

  it('reads the company details for invoices, the VAT number checked and formatted', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      HOMEWARD_COMPANY_NAME: 'Homeward Technologies Ltd',
      HOMEWARD_COMPANY_ADDRESS: '1 Example Street | London | EC1A 1AA',
      HOMEWARD_COMPANY_NUMBER: '12345678',
      HOMEWARD_VAT_NUMBER: 'gb999999973',
    })
    expect(c.HOMEWARD_VAT_NUMBER).toBe('GB 999 9999 73')
    expect(c.HOMEWARD_COMPANY_NUMBER).toBe('12345678')
    expect(loadConfig({ DATA_DIR: tmp() }).HOMEWARD_VAT_NUMBER).toBeUndefined()
  })

  it('keeps the local outbox off unless DEV_MAIL=true, and refuses it in production', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).DEV_MAIL).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), DEV_MAIL: 'true' }).DEV_MAIL).toBe(true)
    expect(() => loadConfig({ DATA_DIR: tmp(), DEV_MAIL: 'true', NODE_ENV: 'production' })).toThrow(
      /DEV_MAIL: must not be true with NODE_ENV=production/,
    )
    expect(
      loadConfig({ DATA_DIR: tmp(), DEV_MAIL: 'false', NODE_ENV: 'production', SANDBOX_PARTNERS: 'true' }).DEV_MAIL,
    ).toBe(false)
  })

  it('keeps outbound requests off loopback unless OUTBOUND_ALLOW_LOOPBACK=true, and refuses it in production', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).OUTBOUND_ALLOW_LOOPBACK).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), OUTBOUND_ALLOW_LOOPBACK: 'true' }).OUTBOUND_ALLOW_LOOPBACK).toBe(true)
    expect(() =>
      loadConfig({
        DATA_DIR: tmp(),
        OUTBOUND_ALLOW_LOOPBACK: 'true',
        NODE_ENV: 'production',
        SANDBOX_PARTNERS: 'true',
      }),
    ).toThrow(/OUTBOUND_ALLOW_LOOPBACK: must not be true with NODE_ENV=production/)
  })

  it('reads TRUSTED_ORIGINS and whether PUBLIC_URL was set', () => {
    const unset = loadConfig({ DATA_DIR: tmp() })
    expect(unset.publicUrlSet).toBe(false)
    expect(unset.trustedOrigins).toEqual([])
    const set = loadConfig({
      DATA_DIR: tmp(),
      PUBLIC_URL: 'https://homeward.example',
      TRUSTED_ORIGINS: 'https://www.homeward.example, https://homeward.example:8443/',
    })
    expect(set.publicUrlSet).toBe(true)
    expect(set.trustedOrigins).toEqual(['https://www.homeward.example', 'https://homeward.example:8443'])
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUSTED_ORIGINS: 'https://a.example/path' })).toThrow(
      /TRUSTED_ORIGINS: /,
    )
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUSTED_ORIGINS: 'not an origin' })).toThrow(/TRUSTED_ORIGINS: /)
  })

  it('splits trusted proxies', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' }).trustedProxies).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ])
  })
})
