import { describe, expect, it } from 'vitest'
import { canInvite, canInviteRole, canManageInvitation } from './permissions'

describe('canInviteRole: each side appoints its own people', () => {
  it.each([
    ['buyer', 'buyer_conveyancer', true],
    ['buyer', 'surveyor', true],
    ['buyer', 'mortgage_broker', true],
    ['buyer', 'seller', true],
    ['buyer', 'seller_conveyancer', false],
    ['buyer', 'estate_agent', false],
    ['buyer_conveyancer', 'seller_conveyancer', false],
    ['seller', 'seller_conveyancer', true],
    ['seller', 'estate_agent', true],
    ['seller', 'buyer', true],
    ['seller', 'buyer_conveyancer', false],
    ['estate_agent', 'surveyor', false],
    ['lender', 'buyer_conveyancer', false],
  ])('%s may invite %s: %s', (inviter, invited, allowed) => {
    expect(canInviteRole(inviter, invited)).toBe(allowed)
  })

  it('a participant without a side (a lender) cannot invite', () => {
    expect(canInvite('lender')).toBe(false)
    expect(canInvite('surveyor')).toBe(true)
    expect(canInvite(null)).toBe(false)
  })
})

describe("canManageInvitation: only the inviter's side withdraws or re-sends", () => {
  const inviter = { profileId: 'b', role: 'buyer' }
  it('lets the inviter and their side withdraw, not the other side', () => {
    expect(canManageInvitation({ profileId: 'b', role: 'buyer' }, inviter)).toBe(true)
    expect(canManageInvitation({ profileId: 'c', role: 'buyer_conveyancer' }, inviter)).toBe(true)
    expect(canManageInvitation({ profileId: 's', role: 'seller' }, inviter)).toBe(false)
    expect(canManageInvitation({ profileId: 'a', role: 'estate_agent' }, inviter)).toBe(false)
    expect(canManageInvitation({ profileId: 's', role: 'seller' }, { profileId: null, role: null })).toBe(false)
  })
})
