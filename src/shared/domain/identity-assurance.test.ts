import { describe, expect, it } from 'vitest'
import { identityAssurance, type AssuranceInput } from './identity-assurance'
import { namesAgree } from './client-due-diligence'

const VERIFIED: AssuranceInput = {
  status: 'verified',
  documentType: 'passport',
  documentAuthentic: true,
  faceMatch: true,
  liveness: true,
  chipRead: true,
  confidence: 'medium',
}

describe('identity assurance and PG81', () => {
  it('says PG81 is met only for a verified passport check at medium confidence with its chip read', () => {
    const a = identityAssurance(VERIFIED)
    expect(a.meetsPg81).toBe(true)
    expect(a.pg81).toMatch(/^Meets HM Land Registry's digital identity standard \(PG81\)/)
    expect(a.checks.map((c) => c.done)).toEqual([true, true, true, true, true])
  })

  it('never says PG81 is met without a chip read, whatever else passed', () => {
    for (const chipRead of [false, null]) {
      const a = identityAssurance({ ...VERIFIED, chipRead })
      expect(a.meetsPg81).toBe(false)
      expect(a.level).toBe('medium')
      expect(a.pg81).toContain("the passport's chip was not read")
      expect(a.pg81).not.toMatch(/^Meets/)
    }
    // A licence has no chip: a provider's claim of one is not believed.
    const licence = identityAssurance({ ...VERIFIED, documentType: 'driving_licence' })
    expect(licence.meetsPg81).toBe(false)
    expect(licence.pg81).toContain('a driving licence has no chip')
    expect(licence.checks.find((c) => c.key === 'mrz')?.done).toBe(false)
  })

  it('never says PG81 is met below medium, in review, failed, or before the result', () => {
    for (const input of [
      { ...VERIFIED, confidence: 'low' },
      { ...VERIFIED, status: 'needs_review' as const, confidence: 'low' },
      { ...VERIFIED, status: 'failed' as const, confidence: null, faceMatch: false },
      { ...VERIFIED, faceMatch: false },
      { ...VERIFIED, liveness: false },
      { ...VERIFIED, documentAuthentic: false },
      { ...VERIFIED, status: 'processing' as const },
    ]) {
      const a = identityAssurance(input)
      expect(a.meetsPg81, JSON.stringify(input)).toBe(false)
      expect(a.pg81).not.toMatch(/^Meets/)
    }
    expect(
      identityAssurance({ ...VERIFIED, status: 'processing' }).checks.every((c) => c.key === 'mrz' || c.done === null),
    ).toBe(true)
  })
})

describe('the name on the document against the account', () => {
  it('agrees despite case, accents, hyphens and a middle name left out of the account', () => {
    expect(namesAgree('Bea Buyer', { surname: 'BUYER', givenNames: 'BEA' })).toBe(true)
    expect(namesAgree('Zoë O’Brien-Smith', { surname: "O'BRIEN-SMITH", givenNames: 'ZOE ANNE' })).toBe(true)
  })
  it('differs on another surname or first name', () => {
    expect(namesAgree('Bea Buyer', { surname: 'Manualreview', givenNames: 'Bea' })).toBe(false)
    expect(namesAgree('Bea Buyer', { surname: 'Buyer', givenNames: 'Anna' })).toBe(false)
  })
})
