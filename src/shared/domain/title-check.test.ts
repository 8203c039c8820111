import { describe, expect, it } from 'vitest'
import { compareNames, nameWords, titleFlags, type RegisterSummary } from './title-check'

const register: RegisterSummary = {
  titleNumber: 'HD412873',
  classOfTitle: 'Title absolute',
  tenure: 'freehold',
  propertyDescription: '12 Clarence Road, St Albans',
  postcode: 'AL1 4NG',
  proprietors: [{ name: 'THOMAS JAMES WHITFIELD', address: '12 Clarence Road, St Albans AL1 4NG' }],
  pricePaid: { amountPence: 410_000_00, date: '2019-03-14' },
  restrictions: [],
  charges: [{ date: '2019-03-14', lender: 'Nationwide Building Society' }],
  editionDate: '2019-03-20',
}

describe('title check', () => {
  it('compares names as a conveyancer would', () => {
    expect(nameWords("Mrs. Anne-Marie O'Neill")).toEqual(['anne', 'marie', 'oneill'])
    expect(compareNames('Thomas James Whitfield', 'THOMAS JAMES WHITFIELD')).toBe('exact')
    expect(compareNames('Tom Whitfield', 'THOMAS JAMES WHITFIELD')).toBe('likely')
    expect(compareNames('T Whitfield', 'THOMAS WHITFIELD')).toBe('likely')
    expect(compareNames('Zoë Brontë', 'ZOE BRONTE')).toBe('exact')
    expect(compareNames('Tom Whitfield', 'THOMAS WHITLEY')).toBe('none')
    expect(compareNames('Sarah Whitfield', 'THOMAS WHITFIELD')).toBe('none')
  })

  it('raises no flag when the seller is the proprietor of a clean absolute title', () => {
    expect(titleFlags(register, { sellers: ['Tom Whitfield'], postcode: 'al1 4ng' })).toEqual({
      flags: [],
      matches: [{ seller: 'Tom Whitfield', proprietor: 'THOMAS JAMES WHITFIELD', match: 'likely' }],
    })
  })

  it('flags a seller who is not a proprietor, with an enquiry to raise', () => {
    const { flags } = titleFlags(register, { sellers: ['Sam Other'], postcode: 'AL1 4NG' })
    expect(flags).toHaveLength(1)
    expect(flags[0]).toMatchObject({
      kind: 'proprietor_mismatch',
      message:
        'Sam Other, the seller on this move, is not a registered proprietor of HD412873 (the register shows THOMAS JAMES WHITFIELD).',
    })
    expect(flags[0]!.suggestedEnquiry).toMatch(/Please explain how Sam Other is entitled to sell/)
  })

  it('flags a second proprietor who is not selling, each restriction, another postcode and a possessory title', () => {
    const joint: RegisterSummary = {
      ...register,
      classOfTitle: 'Possessory',
      postcode: 'AL1 3PB',
      proprietors: [...register.proprietors, { name: 'ANNE WHITFIELD', address: '' }],
      restrictions: [
        'No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.',
      ],
    }
    const { flags } = titleFlags(joint, { sellers: ['Tom Whitfield'], postcode: 'AL1 4NG' })
    expect(flags.map((f) => f.kind)).toEqual([
      'proprietor_mismatch',
      'restriction',
      'postcode_mismatch',
      'possessory_title',
    ])
    expect(flags[0]!.message).toBe('ANNE WHITFIELD is also registered as proprietor but not a seller on this move.')
    expect(flags[2]!.suggestedEnquiry).toBeNull()
  })

  it('checks no names while the move has no seller yet', () => {
    expect(titleFlags(register, { sellers: [], postcode: 'AL1 4NG' }).flags).toEqual([])
  })
})
