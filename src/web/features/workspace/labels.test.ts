import { describe, expect, it } from 'vitest'
import { taskOwnerLabel, todayInLondon } from './labels'

describe('taskOwnerLabel', () => {
  it.each([
    ['buyer_side', "Buyer's side"],
    ['seller_side', "Seller's side"],
    ['buyer_conveyancer', "Buyer's Conveyancer"],
    ['mortgage_broker', 'Mortgage Broker'],
    [null, 'Conveyancers'],
  ])('%s -> %s', (owner, label) => {
    expect(taskOwnerLabel(owner)).toBe(label)
  })
})

describe('todayInLondon', () => {
  it('is the London calendar date, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(todayInLondon(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01')
    // In winter London is on UTC.
    expect(todayInLondon(new Date('2025-12-31T23:30:00Z'))).toBe('2025-12-31')
  })
})
