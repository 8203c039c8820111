import { describe, expect, it } from 'vitest'
import { PARTICIPANT_ROLES } from './roles'
import { mayRecordOffPlatform, OFF_PLATFORM_ROLES, regulatorsForRole } from './off-platform-parties'

describe('mayRecordOffPlatform', () => {
  // Who may record each seat (the module's rule), written out as a table.
  const allowed: Record<(typeof OFF_PLATFORM_ROLES)[number], string[]> = {
    buyer_conveyancer: ['buyer', 'buyer_conveyancer', 'seller_conveyancer', 'estate_agent'],
    seller_conveyancer: ['seller', 'seller_conveyancer', 'buyer_conveyancer', 'estate_agent'],
    estate_agent: ['seller', 'seller_conveyancer'],
    buyers_agent: ['buyer', 'buyer_conveyancer'],
    mortgage_broker: ['buyer', 'buyer_conveyancer'],
    surveyor: ['buyer', 'buyer_conveyancer'],
  }
  for (const seat of OFF_PLATFORM_ROLES) {
    it(`lets only ${allowed[seat].join(', ')} record the ${seat}`, () => {
      const who = PARTICIPANT_ROLES.filter((r) => mayRecordOffPlatform(r, seat))
      expect([...who].sort()).toEqual([...allowed[seat]].sort())
    })
  }
  it('refuses someone who is not on the move', () => {
    expect(mayRecordOffPlatform(null, 'seller_conveyancer')).toBe(false)
  })
})

describe('regulatorsForRole', () => {
  it('names SRA and CLC for conveyancers, RICS for surveyors, FCA for brokers', () => {
    expect(regulatorsForRole('seller_conveyancer')).toEqual(['sra', 'clc'])
    expect(regulatorsForRole('surveyor')).toEqual(['rics'])
    expect(regulatorsForRole('mortgage_broker')).toEqual(['fca'])
    expect(regulatorsForRole('estate_agent')).toEqual(['propertymark', 'tpo'])
  })
})
