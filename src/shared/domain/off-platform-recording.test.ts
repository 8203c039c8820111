import { describe, expect, it } from 'vitest'
import { appointmentForRecorded } from './appointments'
import { offPlatformRecordRefusal, offPlatformRegulatorProblem } from './off-platform-parties'

describe('appointmentForRecorded (inviting a recorded off-platform party, decision 053)', () => {
  it.each([
    // The other side's firm: recorded by the buyer's conveyancer, only proposed to the seller.
    ['buyer_conveyancer', 'seller_conveyancer', 'propose'],
    ['seller_conveyancer', 'buyer_conveyancer', 'propose'],
    ['estate_agent', 'buyer_conveyancer', 'propose'],
    ['estate_agent', 'seller_conveyancer', 'propose'],
    // A client appoints their own professionals.
    ['seller', 'estate_agent', 'appoint'],
    ['seller', 'seller_conveyancer', 'appoint'],
    ['buyer', 'surveyor', 'appoint'],
    ['buyer_conveyancer', 'mortgage_broker', 'appoint'],
    // The side's conveyancer recording its own seat: a colleague is a handover, anyone else a proposal.
    ['seller_conveyancer', 'seller_conveyancer', 'firm'],
    // Not theirs to record at all.
    ['buyer', 'estate_agent', 'refuse'],
    ['seller', 'buyer_conveyancer', 'refuse'],
    ['mortgage_broker', 'seller_conveyancer', 'refuse'],
    [null, 'surveyor', 'refuse'],
  ] as const)('%s inviting the recorded %s: %s', (inviter, seat, way) => {
    expect(appointmentForRecorded(inviter, seat)).toBe(way)
  })
})

describe('offPlatformRegulatorProblem', () => {
  it('accepts a regulator of the trade, or none', () => {
    expect(offPlatformRegulatorProblem('seller_conveyancer', 'sra', '612345')).toBeNull()
    expect(offPlatformRegulatorProblem('surveyor', null, null)).toBeNull()
  })
  it('refuses another trade’s regulator, naming the right ones', () => {
    expect(offPlatformRegulatorProblem('estate_agent', 'sra', null)).toBe(
      'Choose a regulator of this trade: Propertymark or TPO.',
    )
    expect(offPlatformRegulatorProblem('buyer_conveyancer', 'rics', null)).toBe(
      'Choose a regulator of this trade: SRA or CLC.',
    )
  })
  it('needs a regulator for a number', () => {
    expect(offPlatformRegulatorProblem('mortgage_broker', null, '123456')).toBe(
      'Choose the regulator whose number this is.',
    )
  })
  it('names who may record a seat', () => {
    expect(offPlatformRecordRefusal('surveyor')).toBe(
      "The buyer's agent, broker and surveyor are recorded by the buyer or the buyer's conveyancer.",
    )
  })
})
