import { describe, expect, it } from 'vitest'
import { CROSS_BORDER_DISTRICTS, nationOfPostcode, resolveNation } from './nations'
import { normalisePostcode, parsePostcode } from './postcode'

describe('the one postcode rule (Royal Mail formats)', () => {
  it.each([
    ['al35af', 'AL3 5AF'],
    ['  sw1a   1aa ', 'SW1A 1AA'],
    ['SW1A  1AA', 'SW1A 1AA'],
    ['W1A 0AX', 'W1A 0AX'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['M1 1AE', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['cf10 1ep', 'CF10 1EP'],
    ['GIR 0AA', 'GIR 0AA'],
    ['gir0aa', 'GIR 0AA'],
    ['BFPO 801', 'BFPO 801'],
    ['bfpo801', 'BFPO 801'],
    ['BFPO  1', 'BFPO 1'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(normalisePostcode(input)).toBe(normalised)
  })

  it.each([
    ['QA1 1AA', 'Q is never first'],
    ['VA1 1AA', 'V is never first'],
    ['XA1 1AA', 'X is never first'],
    ['AI1 1AA', 'I is never second'],
    ['ZZ1 1AA', 'no ZZ area'],
    ['AA1 1AA', 'no AA area'],
    ['W1I 1AA', 'I cannot follow a single-letter area digit'],
    ['EC1C 1AA', 'C cannot follow a two-letter area digit'],
    ['AL3 5CF', 'C never in the inward code'],
    ['AL3 5AI', 'I never in the inward code'],
    ['AL35', 'no inward code'],
    ['BFPO 12345', 'five digits'],
    ['BFPO', 'no number'],
    ['', 'empty'],
  ])('refuses %j (%s)', (input) => {
    expect(parsePostcode(input)).toBeNull()
  })

  it('says what kind of postcode it is', () => {
    expect(parsePostcode('BFPO 801')?.kind).toBe('bfpo')
    expect(parsePostcode('GIR 0AA')?.kind).toBe('girobank')
    expect(parsePostcode('SY23 1DL')).toEqual({
      normalised: 'SY23 1DL',
      outward: 'SY23',
      area: 'SY',
      kind: 'geographic',
    })
  })
})

describe('the nation of a postcode by its district', () => {
  it.each([
    ['CF10 1EP', 'wales'], // Cardiff
    ['CH7 1AB', 'wales'], // Mold
    ['SY23 1DL', 'wales'], // Aberystwyth
    ['LL11 1AA', 'wales'],
    ['NP20 1AA', 'wales'], // Newport
    ['LD1 5AA', 'wales'], // Llandrindod Wells
    ['CH1 2HS', 'england'], // Chester
    ['SY11 1PZ', 'england'], // Oswestry
    ['SY1 1AA', 'england'], // Shrewsbury
    ['AL3 5AF', 'england'],
    ['CH4 8AA', 'straddles'], // Saltney
    ['NP16 5AA', 'straddles'], // Chepstow and Tutshill
    ['SY22 6AA', 'straddles'], // Llanymynech
    ['HR3 5AA', 'straddles'], // Hay-on-Wye
    ['LD7 1AA', 'straddles'], // Knighton
    ['BFPO 801', 'england'],
    ['not a postcode', null],
  ])('%s is %s', (postcode, nation) => {
    expect(nationOfPostcode(postcode)).toBe(nation)
  })

  it('asks for a straddling district and takes the answer; refuses a contradiction', () => {
    expect(() => resolveNation('CH4 8AA', null)).toThrow(/CH4 has addresses in England and in Wales/)
    expect(resolveNation('CH4 8AA', 'wales')).toBe('wales')
    expect(resolveNation('CH4 8AA', 'england')).toBe('england')
    expect(resolveNation('CF10 1EP', undefined)).toBe('wales')
    expect(() => resolveNation('CF10 1EP', 'england')).toThrow(/is in Wales, not England/)
  })

  it('every straddling district is a border district', () => {
    for (const d of CROSS_BORDER_DISTRICTS) expect(d).toMatch(/^(CH|HR|LD|NP|SY)\d+$/)
  })
})
