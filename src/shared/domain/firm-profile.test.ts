import { describe, expect, it } from 'vitest'
import { normaliseRegulatorNumber, regulatorBadge, regulatorCheckMessage, regulatorNumberProblem } from './firm-profile'

describe('the regulator badge (decision 056)', () => {
  it('says verified only for a verified number, and labels the sandbox', () => {
    expect(regulatorBadge({ regulator: 'sra', status: 'verified', checkedBy: 'http' })).toBe(
      'Verified by the SRA register',
    )
    expect(regulatorBadge({ regulator: 'clc', status: 'verified', checkedBy: 'sandbox' })).toBe(
      'Verified by the CLC register (sandbox)',
    )
    for (const status of ['not_found', 'unavailable', null] as const)
      expect(regulatorBadge({ regulator: 'sra', status, checkedBy: 'http' })).toBeNull()
  })

  it('tells the firm why a number is not verified', () => {
    const base = { regulator: 'fca' as const, number: '123456', checkedBy: 'http' }
    expect(regulatorCheckMessage({ ...base, status: 'not_found' })).toBe(
      'Not verified: FCA 123456 is not on the FCA register. Check the number; it is saved, but not shown as verified.',
    )
    expect(regulatorCheckMessage({ ...base, status: 'unavailable' })).toMatch(
      /^Not verified yet: the FCA register could not be reached/,
    )
  })

  it('checks a number against its register format', () => {
    expect(normaliseRegulatorNumber(' m 0012 3456 ')).toBe('M00123456')
    expect(regulatorNumberProblem('propertymark', 'M00123456')).toBeNull()
    expect(regulatorNumberProblem('tpo', 'T1234A')?.message).toBe('That is not a TPO number: it looks like T01234A')
    expect(regulatorNumberProblem('sra', null)).toEqual({ field: 'regulator_number', message: 'Enter your SRA number' })
    expect(regulatorNumberProblem(null, '612345')?.field).toBe('regulator')
  })
})
