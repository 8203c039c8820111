import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import {
  BACKUP_CODE_ALPHABET,
  backupCodeCandidates,
  generateBackupCodeList,
  hashBackupCode,
  matchingTotpStep,
} from './two-factor'

// The plugin's secrets are 32-character strings used as UTF-8 key bytes; apps get them in base32.
const SECRET = 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE'
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(SECRET), digits: 6, period: 30 })

describe('matchingTotpStep', () => {
  const now = 1_795_000_000_000
  const step = Math.floor(now / 30_000)

  it('finds the step of a code from an authenticator app, one step either side', () => {
    expect(matchingTotpStep(SECRET, totp.generate({ timestamp: now }), now)).toBe(step)
    expect(matchingTotpStep(SECRET, totp.generate({ timestamp: now - 30_000 }), now)).toBe(step - 1)
    expect(matchingTotpStep(SECRET, totp.generate({ timestamp: now + 30_000 }), now)).toBe(step + 1)
  })

  it('refuses codes outside the window and wrong codes', () => {
    expect(matchingTotpStep(SECRET, totp.generate({ timestamp: now - 60_000 }), now)).toBeNull()
    expect(matchingTotpStep(SECRET, totp.generate({ timestamp: now }), now + 90_000)).toBeNull()
    const code = totp.generate({ timestamp: now })
    expect(matchingTotpStep(SECRET, code === '000000' ? '111111' : '000000', now)).toBeNull()
  })

  it('reads imported base32 secrets (base32: prefix) too', () => {
    const b32 = OTPAuth.Secret.fromUTF8(SECRET).base32
    expect(matchingTotpStep(`base32:${b32}`, totp.generate({ timestamp: now }), now)).toBe(step)
  })
})

describe('hashBackupCode', () => {
  it('is a SHA-256 digest that never contains the code, the same with or without the dash or spaces', () => {
    const h = hashBackupCode('Ab3dE-9xYz1')
    expect(h).toMatch(/^sha256:[\w-]{43}$/)
    expect(h).not.toContain('Ab3dE')
    expect(hashBackupCode('Ab3dE9xYz1')).toBe(h)
    expect(hashBackupCode(' Ab3dE-9xYz1 ')).toBe(h)
    expect(hashBackupCode('ab3de-9xyz1')).not.toBe(h)
  })
})

describe('generateBackupCodeList', () => {
  it('issues ten XXXXX-XXXXX codes with no look-alike characters (0/O, 1/I/l)', () => {
    const codes = generateBackupCodeList()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/)
      expect(code).not.toMatch(/[01OIl]/)
    }
    expect(BACKUP_CODE_ALPHABET).toHaveLength(32)
  })

  it('accepts a new code typed in lower case, and an old mixed-case code only as issued', () => {
    const [code] = generateBackupCodeList(1)
    expect(backupCodeCandidates(code.toLowerCase())).toContain(hashBackupCode(code))
    expect(backupCodeCandidates(code)).toEqual([hashBackupCode(code)])
    expect(backupCodeCandidates('Ab3dE-9xYz1')).toContain(hashBackupCode('Ab3dE-9xYz1'))
  })
})
