import { describe, expect, it } from 'vitest'
import { deriveStageState } from './stage-progress'

describe('deriveStageState', () => {
  it.each([
    [0, 4, null, 'not_started', 0],
    [1, 4, null, 'in_progress', 25],
    [1, 3, null, 'in_progress', 33],
    [2, 3, null, 'in_progress', 67],
    [4, 4, null, 'completed', 100],
    [0, 0, null, 'not_started', 0],
    [2, 4, 'Council delay', 'blocked', 50],
    [4, 4, 'Awaiting lender', 'blocked', 100],
  ] as const)('%i of %i done, blocked %s: %s at %i%%', (done, total, reason, status, percent) => {
    expect(deriveStageState(done, total, reason)).toEqual({ status, percentComplete: percent })
  })
})
