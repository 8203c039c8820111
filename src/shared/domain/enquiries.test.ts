import { describe, expect, it } from 'vitest'
import {
  canReply,
  clientOfPart,
  clientTaskTitle,
  draftKindOf,
  mayAskClient,
  DEFAULT_STANDARD_ENQUIRIES,
  ENQUIRY_CATEGORIES,
  ENQUIRY_MAX_CHARS,
  enquiryRoleOf,
  raiserTransitions,
  STANDARD_ENQUIRIES_MAX_PER_CATEGORY,
} from './enquiries'

describe('the standard enquiries shipped as data', () => {
  it('has a list for every category, each enquiry within the limits and unique', () => {
    for (const category of ENQUIRY_CATEGORIES) {
      const items = DEFAULT_STANDARD_ENQUIRIES[category]
      expect(items.length, category).toBeGreaterThanOrEqual(3)
      expect(items.length, category).toBeLessThanOrEqual(STANDARD_ENQUIRIES_MAX_PER_CATEGORY)
      expect(new Set(items).size, category).toBe(items.length)
      for (const item of items) expect(item.length).toBeLessThanOrEqual(ENQUIRY_MAX_CHARS)
    }
  })

  it('covers TA6 and TA10 under property information', () => {
    const text = DEFAULT_STANDARD_ENQUIRIES.property_information.join(' ')
    expect(text).toContain('TA6')
    expect(text).toContain('TA10')
  })
})

describe('who moves an enquiry where', () => {
  it('the buyer’s conveyancer satisfies or follows up only after a reply, and may withdraw until closed', () => {
    expect(raiserTransitions('open')).toEqual(['withdrawn'])
    expect(raiserTransitions('answered')).toEqual(['satisfied', 'further_enquiry', 'withdrawn'])
    expect(raiserTransitions('further_enquiry')).toEqual(['withdrawn'])
    expect(raiserTransitions('satisfied')).toEqual([])
    expect(raiserTransitions('withdrawn')).toEqual([])
  })

  it('the seller’s conveyancer replies while it waits for a reply', () => {
    expect(canReply('open')).toBe(true)
    expect(canReply('further_enquiry')).toBe(true)
    expect(canReply('answered')).toBe(false)
    expect(canReply('satisfied')).toBe(false)
  })

  it('parts by role on the matter', () => {
    expect(enquiryRoleOf('buyer_conveyancer')).toBe('raiser')
    expect(enquiryRoleOf('seller_conveyancer')).toBe('replier')
    expect(enquiryRoleOf('buyer')).toBe('viewer')
    expect(enquiryRoleOf('estate_agent')).toBe('viewer')
  })
})

describe('asking the client', () => {
  it('each conveyancer asks their own client, when it is their turn', () => {
    expect(clientOfPart('replier')).toBe('seller')
    expect(clientOfPart('raiser')).toBe('buyer')
    expect(clientOfPart('viewer')).toBeNull()
    expect(
      ['open', 'answered', 'further_enquiry', 'satisfied', 'withdrawn'].filter((s) =>
        mayAskClient('replier', s as never),
      ),
    ).toEqual(['open', 'further_enquiry'])
    expect(
      ['open', 'answered', 'further_enquiry', 'satisfied', 'withdrawn'].filter((s) =>
        mayAskClient('raiser', s as never),
      ),
    ).toEqual(['answered'])
    expect(mayAskClient('viewer', 'open')).toBe(false)
    expect(draftKindOf('seller')).toBe('reply')
    expect(draftKindOf('buyer')).toBe('further_enquiry')
  })

  it('titles the task with the enquiry on one line, cut to 300 characters', () => {
    expect(clientTaskTitle(3, 'Is the\n boiler serviced?')).toBe(
      'Answer enquiry 3 for your conveyancer: Is the boiler serviced?',
    )
    const long = clientTaskTitle(3, 'x'.repeat(400))
    expect(long).toHaveLength(300)
    expect(long.endsWith('…')).toBe(true)
  })
})
