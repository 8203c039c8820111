/**
 * The schema check in its worker thread, with its time budget: the same words as the check on the
 * request thread for ordinary mistakes; the pack that overflowed the validator's stack on the request
 * thread (a 500 before) comes back as its first problems; a pack that runs out of time is answered
 * and its worker replaced; a full queue is refused with a 429.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { RateLimitedError } from '#server/core/errors.ts'
import { pdtfSchemaErrors } from './pdtf-schema'
import { DEFAULT_BUDGET, SchemaChecker } from './schema-check'

const VALID = {
  participants: [{ role: 'Seller', name: { lastName: 'Wright' } }],
  propertyPack: { address: { line1: '8 Mill Lane', town: 'Harpenden', postcode: 'AL5 1AA' } },
}
const THREE_PROBLEMS = {
  participants: [],
  propertyPack: { uprn: 'one two', address: { line1: '1 Test Road', postcode: 'AL1 1AA' }, marketingTenure: 'Castle' },
}
/** The December battery's pack: 90,000 participants that are not participants (issue 36, M2). */
const HOSTILE = { ...VALID, participants: Array.from({ length: 90_000 }, () => ({ role: 1 })) }
/** The battery's smaller pack, 20,000 such participants, which overflowed the stack too (in 1.2 s). */
const OVERFLOWING = { ...VALID, participants: HOSTILE.participants.slice(0, 20_000) }
/** A valid pack that takes the quick check a few hundred milliseconds: 5,000 well-formed participants. */
const SLOW_VALID = { ...VALID, participants: Array.from({ length: 5_000 }, () => VALID.participants[0]) }

const checkers: SchemaChecker[] = []
const checker = (budget: Partial<typeof DEFAULT_BUDGET> = {}) => {
  const made = new SchemaChecker({ ...DEFAULT_BUDGET, ...budget })
  checkers.push(made)
  return made
}
afterAll(() => Promise.all(checkers.map((c) => c.close())))

// Each checker starts its own worker: from the sources, through tsx, a few seconds on a busy machine.
describe('SchemaChecker', { timeout: 60_000 }, () => {
  it('finds a valid pack valid, and an invalid one with the same problems in words as pdtfSchemaErrors', async () => {
    const c = checker()
    expect(await c.check(VALID)).toEqual({ kind: 'valid' })
    const result = await c.check(THREE_PROBLEMS)
    expect(result).toEqual({ kind: 'invalid', errors: pdtfSchemaErrors(THREE_PROBLEMS), complete: true })
    expect(result.kind === 'invalid' && result.errors).toHaveLength(3)
  })

  it("answers the pack that overflowed the validator's stack with its first problems, and keeps working", async () => {
    // On the request thread this pack threw (a 500 after 1.2 s in the battery).
    expect(() => pdtfSchemaErrors(OVERFLOWING)).toThrow(RangeError)
    const c = checker({ describeMs: 60_000 })
    const result = await c.check(OVERFLOWING)
    expect(result).toMatchObject({ kind: 'invalid', complete: false })
    expect(result.kind === 'invalid' && result.errors[0]).toBe('participants[0].role: must be of type string')
    expect(await c.check(VALID)).toEqual({ kind: 'valid' })
  })

  it('ends a check that runs out of time, answers with what is known, and starts a new worker', async () => {
    const quick = checker({ checkMs: 20 })
    expect(await quick.check(SLOW_VALID)).toEqual({ kind: 'unchecked', reason: 'timeout' })
    expect(await quick.check(VALID)).toEqual({ kind: 'valid' })

    // The full list of the hostile pack's problems takes seconds: its first problems are the answer.
    const c = checker({ describeMs: 20 })
    expect(await c.check(VALID)).toEqual({ kind: 'valid' }) // the worker is started
    const started = performance.now()
    const result = await c.check(HOSTILE)
    expect(result).toMatchObject({ kind: 'invalid', complete: false })
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(await c.check(VALID)).toEqual({ kind: 'valid' })
  })

  it('refuses a pack when too many wait, with a 429 that says when to try again', async () => {
    const c = checker({ maxWaiting: 1 })
    const first = c.check(VALID)
    const second = c.check(VALID)
    let refused: unknown
    try {
      await c.check(VALID)
    } catch (err) {
      refused = err
    }
    expect(refused).toBeInstanceOf(RateLimitedError)
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(5)
    expect(await Promise.all([first, second])).toEqual([{ kind: 'valid' }, { kind: 'valid' }])
  })
})
