import { describe, expect, it } from 'vitest'
import { filterBoardRows, type SearchableRow } from './filter-rows'

const rows: SearchableRow[] = [
  { address: '12 Clarence Road, St Albans', postcode: 'AL1 4NG', client_names: ['Amelia Clarke'] },
  { address: '3 Mill Lane, Harpenden', postcode: 'AL5 2QT', client_names: ['Tom Reid', 'Asha Reid'] },
  { address: '9 Station Road, Luton', postcode: 'LU1 1AA', client_names: [] },
]
const addresses = (text: string) => filterBoardRows(rows, text).map((r) => r.address.split(',')[0])

describe('filterBoardRows', () => {
  it('keeps every row for blank text', () => {
    expect(addresses('')).toHaveLength(3)
    expect(addresses('   ')).toHaveLength(3)
  })
  it('matches the address, postcode (with or without its space) and client names, ignoring case', () => {
    expect(addresses('clarence')).toEqual(['12 Clarence Road'])
    expect(addresses('al1 4ng')).toEqual(['12 Clarence Road'])
    expect(addresses('AL14NG')).toEqual(['12 Clarence Road'])
    expect(addresses('road')).toEqual(['12 Clarence Road', '9 Station Road'])
    expect(addresses('asha')).toEqual(['3 Mill Lane'])
    expect(addresses('tom reid asha')).toEqual(['3 Mill Lane'])
    expect(addresses(' Luton ')).toEqual(['9 Station Road'])
  })
  it('finds nothing for text no row holds', () => {
    expect(addresses('bristol')).toEqual([])
  })
})
