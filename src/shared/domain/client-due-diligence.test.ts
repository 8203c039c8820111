import { describe, expect, it } from 'vitest'
import {
  approvalBlockers,
  assessRisk,
  cddBadge,
  cddDueForDeletion,
  cddRetainUntil,
  identityBadge,
  type RiskInput,
} from './client-due-diligence'
import { isCountryCode } from './countries'
import { HIGH_RISK_THIRD_COUNTRIES, highRiskListOf, highRiskListStale } from './high-risk-third-countries'

const clean: RiskInput = {
  identity: 'verified',
  faceMatch: true,
  screening: 'clear',
  sanctionsMatch: false,
  pep: false,
  reliance: false,
}

describe('risk assessment (MLR 2017 regs 28, 33, 35)', () => {
  it('is low for a verified client with clear screening', () => {
    expect(assessRisk(clean)).toEqual({
      level: 'low',
      reasons: ['Identity verified to medium confidence, no sanctions or PEP match'],
      eddRequired: false,
    })
  })
  it('is high, with EDD, for a possible sanctions match, a PEP or a failed identity check', () => {
    for (const change of [
      { sanctionsMatch: true, screening: 'possible_match' as const },
      { pep: true },
      { identity: 'failed' as const },
    ]) {
      const r = assessRisk({ ...clean, ...change })
      expect(r.level).toBe('high')
      expect(r.eddRequired).toBe(true)
    }
    expect(assessRisk({ ...clean, pep: true }).reasons[0]).toContain('reg 35')
  })
  it('is medium for an unverified identity, pending screening, a high price or reliance', () => {
    expect(assessRisk({ ...clean, identity: 'in_progress' })).toMatchObject({
      level: 'medium',
      reasons: ['Identity not verified yet'],
    })
    expect(assessRisk({ ...clean, screening: 'pending' }).level).toBe('medium')
    expect(assessRisk({ ...clean, pricePence: 2_000_000_00 }).reasons).toEqual([
      'High-value purchase (£2,000,000 or more)',
    ])
    expect(assessRisk({ ...clean, pricePence: 1_999_999_99 }).level).toBe('low')
    expect(assessRisk({ ...clean, identity: 'not_started', reliance: true }).reasons).toEqual([
      "Relying on another firm's CDD (reg 39): we remain liable for it",
    ])
  })
  it('lists the high reasons before the medium ones', () => {
    const r = assessRisk({ ...clean, pep: true, pricePence: 3_000_000_00 })
    expect(r.reasons).toHaveLength(2)
    expect(r.reasons[0]).toContain('Politically exposed')
  })
})

describe('approval', () => {
  it('needs a verified identity or reliance, and EDD with source-of-wealth evidence when required', () => {
    const low = assessRisk(clean)
    const base = {
      risk: low,
      identity: 'verified' as const,
      reliance: false,
      sanctionsMatch: false,
      eddAnswered: false,
      sourceOfWealthEvidence: false,
    }
    expect(approvalBlockers(base)).toEqual([])
    expect(approvalBlockers({ ...base, identity: 'failed' })[0]).toContain('reg 28')
    expect(approvalBlockers({ ...base, identity: 'failed', reliance: true })).toEqual([])
    const high = assessRisk({ ...clean, pep: true })
    expect(approvalBlockers({ ...base, risk: high })).toHaveLength(2)
    expect(approvalBlockers({ ...base, risk: high, eddAnswered: true, sourceOfWealthEvidence: true })).toEqual([])
  })
})

describe('retention (reg 40)', () => {
  it('keeps a record 5 years from the end of the relationship', () => {
    expect(cddRetainUntil('2026-03-31')).toBe('2031-03-31')
    expect(cddRetainUntil('2028-02-29')).toBe('2033-02-28')
    expect(cddDueForDeletion('2026-03-31', '2031-03-31')).toBe(false)
    expect(cddDueForDeletion('2026-03-31', '2031-04-01')).toBe(true)
  })
  it('never deletes while the relationship goes on', () => {
    expect(cddDueForDeletion(null, '2099-01-01')).toBe(false)
  })
})

describe('badges', () => {
  it('maps identity states and CDD decisions', () => {
    expect(identityBadge('processing')).toBe('in_progress')
    expect(identityBadge('verified')).toBe('verified')
    expect(cddBadge(null)).toBe('not_started')
    expect(cddBadge({ decision: null })).toBe('in_progress')
    expect(cddBadge({ decision: 'approve' })).toBe('verified')
    expect(cddBadge({ decision: 'refer' })).toBe('needs_review')
    expect(cddBadge({ decision: 'reject' })).toBe('failed')
  })
})

describe('high-risk third countries (MLR 2017 reg 33(1)(b), 33(3)(a); decision 068)', () => {
  it('raises EDD for a client living in a country on either FATF list, naming it and the list', () => {
    const iran = assessRisk({ ...clean, residenceCountry: 'IR' })
    expect(iran).toMatchObject({ level: 'high', eddRequired: true })
    expect(iran.reasons[0]).toBe(
      'Established in a high-risk third country (reg 33(1)(b)): lives in Iran (FATF call for action)',
    )
    const kenya = assessRisk({ ...clean, residenceCountry: 'KE' })
    expect(kenya).toMatchObject({ level: 'high', eddRequired: true })
    expect(kenya.reasons[0]).toContain('Kenya (FATF increased monitoring)')
    // EDD must then be answered, with evidence, before approval.
    expect(
      approvalBlockers({
        risk: kenya,
        identity: 'verified',
        reliance: false,
        sanctionsMatch: false,
        eddAnswered: false,
        sourceOfWealthEvidence: false,
      }),
    ).toHaveLength(2)
  })

  it('raises EDD for a national of one, as a geographical risk factor', () => {
    const r = assessRisk({ ...clean, nationality: 'SY', residenceCountry: 'GB' })
    expect(r).toMatchObject({ level: 'high', eddRequired: true })
    expect(r.reasons).toEqual([
      'National of a high-risk third country (geographical risk factor, reg 33(6)(c)): Syria (FATF increased monitoring)',
    ])
  })

  it('is not raised by a country on neither list, nor by one taken off (South Africa, October 2025)', () => {
    expect(assessRisk({ ...clean, nationality: 'FR', residenceCountry: 'GB' }).level).toBe('low')
    expect(assessRisk({ ...clean, nationality: 'ZA', residenceCountry: 'ZA' }).level).toBe('low')
    // Against an earlier list that named it, it is.
    const earlier = { ...HIGH_RISK_THIRD_COUNTRIES, increasedMonitoring: ['ZA' as const] }
    expect(assessRisk({ ...clean, residenceCountry: 'ZA', highRiskList: earlier }).level).toBe('high')
  })

  it('ships the list with its date and source, and says when a newer plenary may have replaced it', () => {
    expect(HIGH_RISK_THIRD_COUNTRIES.publishedOn).toBe('2026-06-19')
    expect(HIGH_RISK_THIRD_COUNTRIES.sourceUrl).toMatch(/^https:\/\/www\.fatf-gafi\.org\//)
    expect(HIGH_RISK_THIRD_COUNTRIES.callForAction).toEqual(['KP', 'IR', 'MM'])
    expect(HIGH_RISK_THIRD_COUNTRIES.increasedMonitoring).toHaveLength(22)
    for (const code of [...HIGH_RISK_THIRD_COUNTRIES.callForAction, ...HIGH_RISK_THIRD_COUNTRIES.increasedMonitoring]) {
      expect(isCountryCode(code)).toBe(true)
    }
    expect(highRiskListOf('MM')).toBe('call_for_action')
    // The 2026 plenaries: added Kuwait, Papua New Guinea, Bosnia and Herzegovina and Iraq; removed Algeria and Namibia.
    for (const added of ['KW', 'PG', 'BA', 'IQ']) expect(highRiskListOf(added)).toBe('increased_monitoring')
    for (const removed of ['DZ', 'NA']) expect(highRiskListOf(removed)).toBeNull()
    expect(highRiskListOf(null)).toBeNull()
    expect(highRiskListStale('2026-09-30')).toBe(false)
    expect(highRiskListStale('2026-12-01')).toBe(true)
  })
})

describe('funding picture (issue 40: a shortfall is never low risk)', () => {
  it('is medium for a buyer whose funds fall short, naming the Funds page figure', () => {
    const r = assessRisk({ ...clean, fundingShortfallPence: 261_250_00 })
    expect(r.level).toBe('medium')
    expect(r.reasons).toEqual([
      'The funds fall short by £261,250.00 (Funds page): where the rest of the money comes from is not known yet',
    ])
    expect(assessRisk({ ...clean, fundingShortfallPence: 0 }).level).toBe('low')
    expect(assessRisk({ ...clean, fundingShortfallPence: null }).level).toBe('low')
  })
})
