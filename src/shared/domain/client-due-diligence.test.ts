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
