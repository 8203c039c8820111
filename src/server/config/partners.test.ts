/**
 * Production refuses the sandbox partners unless SANDBOX_PARTNERS=true (decision 044): loadConfig's
 * message names each variable to set and the real adapter's own variables; development is unchanged.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { PARTNERS, refusalMessage, sandboxPartners, sandboxWarning } from './partners'
import { REAL_PARTNERS_ENV as REAL } from '#server/test/real-partners.ts'

const tmp = () => mkdtempSync(path.join(tmpdir(), 'homeward-partners-'))

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: tmp(), ...env })
  } catch (err) {
    if (err instanceof ConfigError) return err.message
    throw err
  }
  throw new Error('loadConfig did not refuse')
}

describe('partners in production', () => {
  it('refuses every sandbox partner, naming its variable, the real value and what that needs', () => {
    const message = configError({ NODE_ENV: 'production' })
    const lines = message.split('\n')
    expect(lines[0]).toBe('Invalid configuration:')
    for (const variable of [
      'IDENTITY_PROVIDER',
      'SANCTIONS_PROVIDER',
      'OPEN_BANKING_PROVIDER',
      'PAYMENTS_PROVIDER',
      'CLIENT_MONEY_PROVIDER',
      'LAND_REGISTRY_PROVIDER',
      'REGULATOR_REGISTER',
      'ADDRESS_LOOKUP',
    ])
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  ${variable}: is the sandbox \\(`)))
    expect(message).toContain(
      '  IDENTITY_PROVIDER: is the sandbox (identity verification): set IDENTITY_PROVIDER=idsp with IDENTITY_PROVIDER_URL and IDENTITY_PROVIDER_API_KEY',
    )
    expect(message).toContain(
      'CLIENT_MONEY_PROVIDER=http with CLIENT_MONEY_API_URL, CLIENT_MONEY_API_KEY, CLIENT_MONEY_WEBHOOK_SECRET, CLIENT_MONEY_PARTNER_NAME and CLIENT_MONEY_PARTNER_REGULATION',
    )
    expect(message).toContain('PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET')
    expect(message).toContain('OPEN_BANKING_PROVIDER=obie with OPEN_BANKING_API_URL')
    expect(message).toContain('SANCTIONS_PROVIDER=http with SANCTIONS_PROVIDER_URL and SANCTIONS_PROVIDER_API_KEY')
    expect(message).toContain('LAND_REGISTRY_PROVIDER=off (title checks are then unavailable')
    expect(message).toContain('REGULATOR_REGISTER=http with REGULATOR_REGISTER_URL and REGULATOR_REGISTER_API_KEY')
    expect(message).toContain('ADDRESS_LOOKUP=os-places with OS_PLACES_API_KEY')
    // One closing line says how to run the sandbox on purpose.
    expect(lines.at(-1)).toMatch(/^ {2}NODE_ENV=production runs no sandbox partner unless SANDBOX_PARTNERS=true/)
  })

  it('names only the partners still left as the sandbox', () => {
    const { IDENTITY_PROVIDER: _i, IDENTITY_PROVIDER_URL: _u, IDENTITY_PROVIDER_API_KEY: _k, ...rest } = REAL
    const message = configError({ NODE_ENV: 'production', ...rest })
    expect(message.split('\n').filter((l) => l.includes('is the sandbox'))).toEqual([
      `  IDENTITY_PROVIDER: ${refusalMessage(PARTNERS[0]!)}`,
    ])
  })

  it('a real adapter without its own variables is refused for those (the sandbox is not the fallback)', () => {
    const message = configError({ ...REAL, NODE_ENV: 'production', SANCTIONS_PROVIDER_API_KEY: '' })
    expect(message).toContain('SANCTIONS_PROVIDER_API_KEY: is required when SANCTIONS_PROVIDER=http')
    expect(message).not.toContain('is the sandbox')
  })

  it('starts with every partner real, and reports no sandbox partner', () => {
    const c = loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', ...REAL })
    expect(c.SANDBOX_PARTNERS).toBe(false)
    expect(sandboxPartners(c)).toEqual([])
  })

  it('starts with SANDBOX_PARTNERS=true, and reports which partners are the sandbox', () => {
    const c = loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', SANDBOX_PARTNERS: 'true' })
    expect(c.SANDBOX_PARTNERS).toBe(true)
    expect(sandboxPartners(c).map((p) => p.key)).toEqual([
      'identity_verification',
      'sanctions_screening',
      'open_banking',
      'payments',
      'client_money',
      'land_registry',
      'regulator_register',
      'address_lookup',
    ])
    expect(sandboxWarning(sandboxPartners(c))).toBe(
      'SANDBOX_PARTNERS=true: these partners are the sandbox and nothing they report is real: ' +
        'identity verification (IDENTITY_PROVIDER), sanctions and PEP screening (SANCTIONS_PROVIDER), ' +
        'open banking for source of funds (OPEN_BANKING_PROVIDER), payments for Pro, the completion fee and ' +
        'survey payouts (PAYMENTS_PROVIDER), client money for deposits and Confirmation of Payee ' +
        '(CLIENT_MONEY_PROVIDER), land registry for title checks (LAND_REGISTRY_PROVIDER), ' +
        "regulator register for firms' SRA, CLC, RICS, FCA, Propertymark and TPO numbers (REGULATOR_REGISTER), " +
        "address lookup for a postcode's addresses, UPRNs and nation (ADDRESS_LOOKUP)",
    )
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', SANDBOX_PARTNERS: 'maybe' })).toThrow(
      /SANDBOX_PARTNERS: must be true or false/,
    )
  })

  it('leaves development and test as they were: every partner the sandbox by default, no opt-in needed', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const c = loadConfig({ DATA_DIR: tmp(), ...(NODE_ENV ? { NODE_ENV } : {}) })
      expect(sandboxPartners(c)).toHaveLength(PARTNERS.length)
      expect(c.LAND_REGISTRY_PROVIDER).toBe('sandbox')
    }
  })
})
