import { describe, expect, it } from 'vitest'
import { sandboxScreen } from './sandbox-provider'
import { normaliseName, parseCsv } from './uk-sanctions-list'

describe('sandbox sanctions screening over the sample UK list', () => {
  it('finds a listed name, its spelling variations and the surname-first order', () => {
    for (const name of ['Ivan Sanctionov', 'ivan sanctionoff', 'SANCTIONOV Ivan', 'Iván Sanctionov']) {
      const [first] = sandboxScreen(name)
      expect(first).toMatchObject({ list: 'sanctions', name: expect.stringMatching(/^IVAN .*S.*IONOV$/) })
      expect(first!.detail).toContain('group ID 90001')
    }
  })
  it('finds a PEP from the sample PEP list', () => {
    expect(sandboxScreen('Penelope Politico')).toEqual([
      expect.objectContaining({ list: 'pep', name: 'Penelope Politico', score: 1 }),
    ])
  })
  it('clears ordinary names', () => {
    for (const name of ['Bea Buyer', 'Sam Seller', 'Ivan Smith', 'Olga Brown']) expect(sandboxScreen(name)).toEqual([])
  })
})

describe('CSV and names', () => {
  it('reads quoted fields with commas and doubled quotes', () => {
    expect(parseCsv('a,"b, ""c""",d\r\n1,2,3\n')).toEqual([
      ['a', 'b, "c"', 'd'],
      ['1', '2', '3'],
    ])
  })
  it('normalises accents, case and punctuation', () => {
    expect(normaliseName("  O'Brien-Núñez ")).toBe('O BRIEN NUNEZ')
  })
})
