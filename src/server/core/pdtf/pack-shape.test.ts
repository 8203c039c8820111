/**
 * The shape limits checked before a pack meets the schema: the published example passes with room to
 * spare; each limit is named with its path and number; a pack nested far deeper than the stack could
 * recurse, or holding a list far longer than the limit, is refused at once (the walk is iterative and
 * stops at the first value over a limit).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PACK_LIMITS, packShapeProblem } from './pack-shape'

const EXAMPLE = path.resolve(import.meta.dirname, '../../../../../shared/pdtf/examples/exampleTransaction.json')
const SKELETON = path.resolve(import.meta.dirname, '../../../../../shared/pdtf/v3/skeleton.json')
// ../shared beside the repository, as on every developer's machine and in CI (pdtf.integration.test.ts).
const PUBLISHED = [EXAMPLE, SKELETON].filter((file) => existsSync(file))

/** `depth` arrays one inside the other, built without recursion: [[[ ... 'x' ... ]]]. */
function nested(depth: number): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('packShapeProblem', () => {
  it.skipIf(!PUBLISHED.length).each(PUBLISHED)('passes the published PDTF example and skeleton (%s)', (file) => {
    const pack = JSON.parse(readFileSync(file, 'utf8')) as unknown
    expect(packShapeProblem(pack)).toBeNull()
  })

  it('passes a pack at every limit', () => {
    const pack = {
      participants: Array.from({ length: PACK_LIMITS.participants }, () => ({ role: 'Buyer' })),
      propertyPack: { searches: Array.from({ length: PACK_LIMITS.arrayEntries }, () => 1) },
      externalIds: { deep: nested(PACK_LIMITS.depth - 2) },
    }
    expect(packShapeProblem(pack)).toBeNull()
  })

  it('names the list that is too long and the limit: participants, and any other list', () => {
    expect(packShapeProblem({ participants: Array.from({ length: 90_000 }, () => ({ role: 1 })) })).toEqual({
      path: 'participants',
      message: 'participants has 90,000 entries; at most 50 are accepted.',
    })
    const searches = Array.from({ length: PACK_LIMITS.arrayEntries + 1 }, () => ({ status: 'Ordered' }))
    expect(packShapeProblem({ participants: [], propertyPack: { searches } })).toEqual({
      path: 'propertyPack.searches',
      message: 'propertyPack.searches has 1,001 entries; at most 1,000 are accepted.',
    })
    // The 50 is for the pack's own participants, not a list of that name further down.
    const elsewhere = { propertyPack: { participants: Array.from({ length: 60 }, () => 1) } }
    expect(packShapeProblem(elsewhere)).toBeNull()
  })

  it('names where nesting goes too deep, without recursing (100,000 levels)', () => {
    const problem = packShapeProblem({ participants: [], externalIds: { deep: nested(100_000) } })
    expect(problem?.message).toBe(
      'externalIds.deep[0][0][0][0]…[0][0][0][0][0] is nested more than 32 levels deep; at most 32 levels are accepted.',
    )
    expect(packShapeProblem({ externalIds: { deep: nested(PACK_LIMITS.depth - 1) } })).not.toBeNull()
  })

  it('counts every value in the pack, objects with many keys too', () => {
    const wide = Object.fromEntries(Array.from({ length: PACK_LIMITS.nodes }, (_, i) => [`k${i}`, 0]))
    expect(packShapeProblem({ externalIds: wide })).toEqual({
      path: 'externalIds',
      message:
        'The pack holds more than 50,000 values (fields, list entries and objects); at most 50,000 are accepted.',
    })
    // Many lists each within the limit still add up.
    const lists = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`list${i}`, Array.from({ length: PACK_LIMITS.arrayEntries }, () => 0)]),
    )
    expect(packShapeProblem({ externalIds: lists })?.message).toMatch(/^The pack holds more than 50,000 values/)
  })

  it('answers a 90,000-entry pack in milliseconds: it stops at the list, not after walking it', () => {
    const pack = { participants: Array.from({ length: 90_000 }, () => ({ role: 1 })) }
    packShapeProblem(pack)
    const started = performance.now()
    for (let i = 0; i < 10; i++) packShapeProblem(pack)
    expect((performance.now() - started) / 10).toBeLessThan(5)
  })
})
