import { describe, expect, it } from 'vitest'
import { INVITABLE_ROLES, PARTICIPANT_ROLES } from './roles'
import { appointmentFor, canDecideProposal, decideProposalRefusal } from './appointments'
import { canInviteRole } from './permissions'

describe('appointmentFor: appointments follow the instruction (decision 014)', () => {
  it.each([
    // The buyer's conveyancer: the buyer appoints, the firm hands on, the rest propose.
    ['buyer', 'buyer_conveyancer', 'appoint'],
    ['buyer_conveyancer', 'buyer_conveyancer', 'firm'],
    ['surveyor', 'buyer_conveyancer', 'propose'],
    ['mortgage_broker', 'buyer_conveyancer', 'propose'],
    ['buyers_agent', 'buyer_conveyancer', 'propose'],
    // The seller's conveyancer and the estate agent.
    ['seller', 'seller_conveyancer', 'appoint'],
    ['seller_conveyancer', 'seller_conveyancer', 'firm'],
    ['estate_agent', 'seller_conveyancer', 'propose'],
    ['seller', 'estate_agent', 'appoint'],
    ['seller_conveyancer', 'estate_agent', 'propose'],
    ['estate_agent', 'estate_agent', 'propose'],
    // The buyer's other professionals: the buyer or their conveyancer.
    ['buyer', 'surveyor', 'appoint'],
    ['buyer_conveyancer', 'mortgage_broker', 'appoint'],
    ['mortgage_broker', 'surveyor', 'propose'],
    ['surveyor', 'mortgage_broker', 'propose'],
    // The other side's professionals: never.
    ['buyer', 'seller_conveyancer', 'refuse'],
    ['mortgage_broker', 'estate_agent', 'refuse'],
    ['estate_agent', 'buyer_conveyancer', 'refuse'],
    ['lender', 'buyer_conveyancer', 'refuse'],
    [null, 'surveyor', 'refuse'],
    // The clients: anyone with a side (the seat's emptiness is checked by the server).
    ['surveyor', 'buyer', 'appoint'],
    ['estate_agent', 'buyer', 'appoint'],
  ])('%s inviting %s: %s', (inviter, invited, way) => {
    expect(appointmentFor(inviter, invited)).toBe(way)
  })

  it('refuses exactly what canInviteRole refuses, for every pair of roles', () => {
    for (const inviter of PARTICIPANT_ROLES)
      for (const invited of INVITABLE_ROLES)
        expect(appointmentFor(inviter, invited) === 'refuse').toBe(!canInviteRole(inviter, invited))
  })
})

describe('canDecideProposal: who answers a proposal', () => {
  it.each([
    ['buyer', 'buyer_conveyancer', true],
    ['buyer_conveyancer', 'buyer_conveyancer', false],
    ['mortgage_broker', 'buyer_conveyancer', false],
    ['seller', 'buyer_conveyancer', false],
    ['seller', 'seller_conveyancer', true],
    ['seller', 'estate_agent', true],
    ['seller_conveyancer', 'estate_agent', false],
    ['buyer', 'surveyor', true],
    ['buyer_conveyancer', 'surveyor', true],
    ['mortgage_broker', 'surveyor', false],
  ])('%s deciding a proposed %s: %s', (viewer, role, allowed) => {
    expect(canDecideProposal(viewer, role)).toBe(allowed)
  })

  it('says who answers in the refusal', () => {
    expect(decideProposalRefusal('buyer_conveyancer')).toBe(
      "Only the buyer can accept or decline a proposed Buyer's Conveyancer.",
    )
    expect(decideProposalRefusal('surveyor')).toBe(
      'Only the buyer or their conveyancer can accept or decline a proposed Surveyor.',
    )
    expect(decideProposalRefusal('estate_agent')).toBe('Only the seller can accept or decline a proposed Estate Agent.')
  })
})
