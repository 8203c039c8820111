import { describe, expect, it } from 'vitest'
import { countDocuments } from './documents'

describe('countDocuments', () => {
  it('counts each file once, whatever its number of versions', () => {
    const docs = [
      { folder: 'Property', filename: 'TA6.pdf' },
      { folder: 'Property', filename: 'TA6.pdf' },
      { folder: 'Fixtures', filename: 'TA6.pdf' },
      { folder: 'Property', filename: 'TA10.pdf' },
    ]
    expect(countDocuments(docs)).toBe(3)
    expect(countDocuments([])).toBe(0)
  })
})
