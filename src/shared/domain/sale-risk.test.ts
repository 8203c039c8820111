import { describe, expect, it } from 'vitest'
import { assessSaleRisk, crossedIntoHighRisk, saleRiskBand } from './sale-risk'

const now = new Date('2026-11-27T10:00:00Z')
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000)
const daysAhead = (n: number) => new Date(now.getTime() + n * 86_400_000)

describe('assessSaleRisk', () => {
  it('is low with no reasons for a sale that moved today', () => {
    expect(assessSaleRisk({ now, lastProgressAt: now })).toEqual({ score: 0, band: 'low', reasons: [] })
  })

  it('counts days since the last progress in steps', () => {
    expect(assessSaleRisk({ now, lastProgressAt: daysAgo(6) }).score).toBe(0)
    expect(assessSaleRisk({ now, lastProgressAt: daysAgo(7) }).reasons[0].text).toBe('No progress for 7 days')
    expect(assessSaleRisk({ now, lastProgressAt: daysAgo(14) }).score).toBe(25)
    expect(assessSaleRisk({ now, lastProgressAt: daysAgo(30) })).toMatchObject({ score: 40, band: 'medium' })
  })

  it('ranks a long-blocked stalled sale high, reasons worst first', () => {
    const risk = assessSaleRisk({
      now,
      lastProgressAt: daysAgo(30),
      blockedStage: { name: 'Searches', since: daysAgo(15) },
    })
    expect(risk.score).toBe(90)
    expect(risk.band).toBe('high')
    expect(risk.reasons.map((r) => r.text)).toEqual(['Searches blocked for 15 days', 'No progress for 30 days'])
  })

  it('warns of a mortgage offer or DIP near expiry and of one expired', () => {
    const risk = assessSaleRisk({
      now,
      lastProgressAt: now,
      mortgageOfferExpiresOn: daysAhead(10),
      dipExpiresOn: daysAgo(2),
    })
    expect(risk.reasons.map((r) => r.text)).toEqual([
      'Decision in principle expired 2 days ago',
      'Mortgage offer expires in 10 days',
    ])
    expect(risk.score).toBe(40)
    expect(assessSaleRisk({ now, lastProgressAt: now, dipExpiresOn: daysAhead(60) }).reasons).toEqual([])
  })

  it('names outstanding ID checks, late searches and a long chain', () => {
    const risk = assessSaleRisk({
      now,
      lastProgressAt: now,
      idChecksOutstanding: ['seller', 'buyer', 'buyer'],
      searches: { orderedAt: daysAgo(30), received: false },
      chainLength: 5,
    })
    expect(risk.reasons.map((r) => r.text)).toEqual([
      'Buyer and seller ID and AML checks (CDD) outstanding',
      'Searches ordered 30 days ago and not back',
      'Chain of 5 sales',
    ])
    expect(risk.score).toBe(45)
    expect(
      assessSaleRisk({ now, lastProgressAt: now, searches: { orderedAt: daysAgo(30), received: true } }).score,
    ).toBe(0)
    expect(assessSaleRisk({ now, lastProgressAt: now, chainLength: 2 }).score).toBe(0)
  })

  it('caps the score at 100', () => {
    const risk = assessSaleRisk({
      now,
      lastProgressAt: daysAgo(60),
      blockedStage: { name: 'Searches', since: daysAgo(30) },
      dipExpiresOn: daysAgo(1),
      chainLength: 6,
    })
    expect(risk.score).toBe(100)
  })
})

describe('bands', () => {
  it('splits at 30 and 60', () => {
    expect([0, 29, 30, 59, 60, 100].map(saleRiskBand)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high'])
  })
  it('crosses into high only from below', () => {
    expect(crossedIntoHighRisk('medium', 'high')).toBe(true)
    expect(crossedIntoHighRisk(null, 'high')).toBe(true)
    expect(crossedIntoHighRisk('high', 'high')).toBe(false)
    expect(crossedIntoHighRisk('low', 'medium')).toBe(false)
  })
})
