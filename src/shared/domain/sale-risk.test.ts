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
    const offer = assessSaleRisk({ now, lastProgressAt: now, mortgageOfferExpiresOn: daysAhead(10) })
    expect(offer.reasons).toEqual([{ key: 'mortgage_offer', text: 'Mortgage offer expires in 10 days', points: 15 }])
    const dip = assessSaleRisk({ now, lastProgressAt: now, dipExpiresOn: daysAgo(2) })
    expect(dip.reasons).toEqual([{ key: 'dip', text: 'Decision in principle expired 2 days ago', points: 25 }])
    expect(assessSaleRisk({ now, lastProgressAt: now, dipExpiresOn: now }).reasons[0].text).toBe(
      'Decision in principle expires today',
    )
    expect(assessSaleRisk({ now, lastProgressAt: now, dipExpiresOn: daysAhead(60) }).reasons).toEqual([])
    expect(assessSaleRisk({ now, lastProgressAt: now, mortgageOfferExpiresOn: daysAhead(15) }).reasons).toEqual([])
  })

  it('scores the mortgage offer, not the DIP it superseded', () => {
    const risk = assessSaleRisk({
      now,
      lastProgressAt: now,
      mortgageOfferExpiresOn: daysAhead(10),
      dipExpiresOn: daysAgo(2),
    })
    expect(risk.reasons.map((r) => r.key)).toEqual(['mortgage_offer'])
    expect(risk.score).toBe(15)
    // A valid offer far from expiry also outweighs an expired DIP.
    expect(
      assessSaleRisk({ now, lastProgressAt: now, mortgageOfferExpiresOn: daysAhead(90), dipExpiresOn: daysAgo(2) })
        .reasons,
    ).toEqual([])
  })

  it('scores a chain by its length: nothing up to 2 sales, 5 a sale past 2, at most 15', () => {
    const chain = (n: number) => assessSaleRisk({ now, lastProgressAt: now, chainLength: n })
    expect(chain(1).reasons).toEqual([])
    expect(chain(2).reasons).toEqual([])
    expect(chain(3).reasons).toEqual([{ key: 'chain', text: 'Chain of 3 sales', points: 5 }])
    expect(chain(4).score).toBe(10)
    expect(chain(9).score).toBe(15)
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
