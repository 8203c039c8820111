import { describe, expect, it } from 'vitest'
import { createPrng } from './prng'

describe('createPrng', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = createPrng('x')
    const b = createPrng('x')
    const seqA = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA)
    expect(createPrng('y').next()).not.toBe(seqA[0])
  })

  it('keeps int within bounds and makes well-formed v4 UUIDs', () => {
    const r = createPrng('bounds')
    const ints = Array.from({ length: 2000 }, () => r.int(3, 7))
    expect(Math.min(...ints)).toBe(3)
    expect(Math.max(...ints)).toBe(7)
    for (let i = 0; i < 50; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })
})
