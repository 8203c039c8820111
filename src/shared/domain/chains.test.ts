import { describe, expect, it } from 'vitest'
import {
  chainOrder,
  chainPlace,
  linkRefusal,
  postcodeDistrict,
  proposalOutcome,
  slowestLink,
  wouldMakeLoop,
  type ChainLinkProgress,
} from './chains'

// A first-time buyer's purchase (a) <- the seller of a buys b <- the seller of b buys c (top).
const edges = [
  { lower: 'b', upper: 'c' },
  { lower: 'a', upper: 'b' },
]

describe('chain order', () => {
  it('runs from the first buyer to the top from any move of the chain', () => {
    expect(chainOrder(edges, 'a')).toEqual(['a', 'b', 'c'])
    expect(chainOrder(edges, 'b')).toEqual(['a', 'b', 'c'])
    expect(chainOrder(edges, 'c')).toEqual(['a', 'b', 'c'])
  })
  it('is a chain of one for a move without links', () => {
    expect(chainOrder(edges, 'z')).toEqual(['z'])
  })
  it('stops at a repeated move instead of looping', () => {
    const loop = [...edges, { lower: 'c', upper: 'a' }]
    expect(chainOrder(loop, 'b')).toHaveLength(3)
  })
})

describe('loops', () => {
  it('refuses a link whose onward move already leads back', () => {
    expect(wouldMakeLoop(edges, 'c', 'a')).toBe(true)
    expect(wouldMakeLoop(edges, 'c', 'b')).toBe(true)
    expect(wouldMakeLoop(edges, 'a', 'a')).toBe(true)
  })
  it('allows extending the chain at either end', () => {
    expect(wouldMakeLoop(edges, 'c', 'd')).toBe(false)
    expect(wouldMakeLoop(edges, 'z', 'a')).toBe(false)
  })
  it('names what is wrong with a link', () => {
    expect(linkRefusal(edges, 'a', 'a')).toMatch(/itself/)
    expect(linkRefusal(edges, 'a', 'd')).toMatch(/already linked to an onward purchase/)
    expect(linkRefusal(edges, 'z', 'b')).toMatch(/already linked to a sale below/)
    expect(linkRefusal(edges, 'c', 'a')).toMatch(/loop/)
    expect(linkRefusal(edges, 'c', 'd')).toBeNull()
  })
})

const link = (over: Partial<ChainLinkProgress> & { id: string }): ChainLinkProgress => ({
  status: 'active',
  progress: 50,
  blockedSince: null,
  targetExchangeDate: null,
  ...over,
})

describe('slowest link', () => {
  it('is a blocked move before any unblocked one, the longest blocked first', () => {
    expect(
      slowestLink([
        link({ id: 'a', progress: 5 }),
        link({ id: 'b', progress: 90, blockedSince: '2026-11-20T10:00:00Z' }),
        link({ id: 'c', progress: 90, blockedSince: '2026-11-10T10:00:00Z' }),
      ]),
    ).toBe('c')
  })
  it('is otherwise the lowest progress', () => {
    expect(slowestLink([link({ id: 'a', progress: 60 }), link({ id: 'b', progress: 20 }), link({ id: 'c' })])).toBe('b')
  })
  it('breaks a tie on progress by the later target exchange date, none counting as latest', () => {
    expect(
      slowestLink([
        link({ id: 'a', targetExchangeDate: '2027-01-10' }),
        link({ id: 'b', targetExchangeDate: '2027-02-01' }),
      ]),
    ).toBe('b')
    expect(slowestLink([link({ id: 'a', targetExchangeDate: '2027-01-10' }), link({ id: 'b' })])).toBe('b')
  })
  it('breaks a full tie by position, bottom first', () => {
    expect(slowestLink([link({ id: 'a' }), link({ id: 'b' })])).toBe('a')
  })
  it('leaves out moves that exchanged, completed or fell through, and needs two to compare', () => {
    expect(
      slowestLink([
        link({ id: 'a', status: 'cancelled', progress: 0 }),
        link({ id: 'b' }),
        link({ id: 'c', progress: 70 }),
      ]),
    ).toBe('b')
    expect(slowestLink([link({ id: 'a', status: 'exchange', progress: 0 }), link({ id: 'b' })])).toBeNull()
    expect(slowestLink([link({ id: 'a' })])).toBeNull()
  })
})

describe('redacted place', () => {
  it('shows the town and the postcode district only', () => {
    expect(postcodeDistrict('AL1 3RR')).toBe('AL1')
    expect(postcodeDistrict('sw1a1aa')).toBe('SW1A')
    expect(chainPlace(['12 Clarence Road', 'St Albans'], 'AL1 4NG')).toBe('St Albans, AL1')
    expect(chainPlace(['12 Clarence Road', 'Flat 2', 'Harpenden'], 'AL5 2JX')).toBe('Harpenden, AL5')
  })
  it('never shows a street line as the town', () => {
    expect(chainPlace(['12 Clarence Road'], 'AL1 4NG')).toBe('AL1')
  })
})

describe('date proposal outcome', () => {
  it('is declined by one decline, agreed when every link accepts, else open', () => {
    expect(proposalOutcome(['accepted', 'declined', 'pending'])).toBe('declined')
    expect(proposalOutcome(['accepted', 'accepted'])).toBe('agreed')
    expect(proposalOutcome(['accepted', 'pending'])).toBe('open')
    expect(proposalOutcome([])).toBe('open')
  })
})
