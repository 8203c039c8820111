import { describe, expect, it } from 'vitest'
import { assertBalanced, transfer } from './ledger'

describe('ledger postings', () => {
  it('accepts lines that sum to zero', () => {
    expect(() => assertBalanced(transfer('buyer_payments', 'held_for_buyer', 52_500_00))).not.toThrow()
    expect(() =>
      assertBalanced([
        { account: 'released_to_seller', amount_pence: 300 },
        { account: 'refunded', amount_pence: 200 },
        { account: 'held_for_buyer', amount_pence: -500 },
      ]),
    ).not.toThrow()
  })

  it('a transfer debits the destination and credits the source', () => {
    expect(transfer('held_for_buyer', 'released_to_seller', 100)).toEqual([
      { account: 'released_to_seller', amount_pence: 100 },
      { account: 'held_for_buyer', amount_pence: -100 },
    ])
  })

  it('refuses lines that do not balance, a zero or fractional line, or a single line', () => {
    expect(() =>
      assertBalanced([
        { account: 'held_for_buyer', amount_pence: 101 },
        { account: 'buyer_payments', amount_pence: -100 },
      ]),
    ).toThrow(/sum to 1 pence/)
    expect(() =>
      assertBalanced([
        { account: 'held_for_buyer', amount_pence: 0 },
        { account: 'buyer_payments', amount_pence: 0 },
      ]),
    ).toThrow(/non-zero/)
    expect(() =>
      assertBalanced([
        { account: 'held_for_buyer', amount_pence: 0.5 },
        { account: 'buyer_payments', amount_pence: -0.5 },
      ]),
    ).toThrow(/whole/)
    expect(() => assertBalanced([{ account: 'held_for_buyer', amount_pence: 1 }])).toThrow(/two lines/)
  })
})
