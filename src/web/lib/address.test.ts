import { describe, expect, it } from 'vitest'
import { addressOneLine, addressParts } from './address'

const park = { address_lines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF' }

describe('address helpers', () => {
  it('joins lines and postcode', () => {
    expect(addressOneLine(park)).toBe('47 Park Road, Harpenden, AL3 5AF')
    expect(addressOneLine({ address_lines: ['Flat 2', '', 'Leeds'], postcode: 'LS1 4AP' })).toBe(
      'Flat 2, Leeds, LS1 4AP',
    )
  })
  it('splits a title from the rest', () => {
    expect(addressParts(park)).toEqual({ title: '47 Park Road', subtitle: 'Harpenden, AL3 5AF' })
    expect(addressParts({ address_lines: [], postcode: 'AL3 5AF' })).toEqual({ title: 'AL3 5AF', subtitle: '' })
  })
  it('says when there is no property', () => {
    expect(addressOneLine(null)).toBe('Property to be added')
    expect(addressParts(null).title).toBe('Property to be added')
  })
})
