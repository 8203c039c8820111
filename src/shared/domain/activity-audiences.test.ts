import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_AUDIENCES,
  ACTIVITY_KINDS,
  activityAudienceOf,
  activityAudienceOfDocument,
  activityAudienceRoles,
  mayReadActivity,
} from './activity-audiences'
import { PARTICIPANT_ROLES } from './roles'

describe('activity audiences', () => {
  it('a due diligence entry is its client’s firm’s, and needs the side to say which', () => {
    expect(activityAudienceOf('cdd.decided', { side: 'buyer' })).toBe('buyer_firm')
    expect(activityAudienceOf('cdd.decided', { side: 'seller' })).toBe('seller_firm')
    expect(() => activityAudienceOf('cdd.decided')).toThrow(/side/)
  })

  it('a writer may narrow an entry’s audience, never widen it', () => {
    expect(activityAudienceOf('signature.requested', { narrowTo: 'buyer_funds' })).toBe('buyer_funds')
    expect(activityAudienceOf('funds.gift_added', { narrowTo: 'buyer_firm' })).toBe('buyer_firm')
    expect(() => activityAudienceOf('funds.gift_added', { narrowTo: 'everyone' })).toThrow(/wider/)
    expect(() => activityAudienceOf('funds.satisfied', { narrowTo: 'buyer_funds' })).toThrow(/wider/)
  })

  it('the firm audiences hold only that side’s conveyancer; no client reads them', () => {
    expect(activityAudienceRoles('buyer_firm')).toEqual(['buyer_conveyancer'])
    expect(activityAudienceRoles('seller_firm')).toEqual(['seller_conveyancer'])
    for (const role of ['buyer', 'seller', 'estate_agent', 'mortgage_broker', 'surveyor'])
      expect(mayReadActivity('buyer_firm', role)).toBe(false)
    expect(mayReadActivity('everyone', null)).toBe(false)
    expect(mayReadActivity('no-such-audience', 'buyer')).toBe(false)
  })

  it('every audience admits only participant roles, and every kind resolves to one', () => {
    for (const a of ACTIVITY_AUDIENCES)
      for (const r of activityAudienceRoles(a)) expect(PARTICIPANT_ROLES as readonly string[]).toContain(r)
    for (const kind of ACTIVITY_KINDS) expect(ACTIVITY_AUDIENCES).toContain(activityAudienceOf(kind, { side: 'buyer' }))
  })

  it('an entry about a document takes a document audience of the same name', () => {
    expect(activityAudienceOfDocument(null)).toBeNull()
    expect(activityAudienceOfDocument('buyer_funds')).toBe('buyer_funds')
    expect(activityAudienceOfDocument('buyer_and_conveyancer')).toBe('buyer_client')
    expect(activityAudienceOfDocument('seller_firm')).toBe('seller_firm')
    expect(activityAudienceOfDocument('buyer_mortgage')).toBeNull()
    expect(activityAudienceOfDocument('something-new')).toBeNull()
  })
})
