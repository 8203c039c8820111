import { describe, expect, it } from 'vitest'
import { DEFAULT_STANDARD_ENQUIRIES } from '#shared/domain/enquiries.ts'
import { planStandardRemoval } from './standard-list'

describe('planStandardRemoval', () => {
  it('removes one item of several and keeps the firm’s list', () => {
    expect(planStandardRemoval('title', ['a', 'b', 'c'], 1)).toMatchObject({ next: ['a', 'c'], restores: false })
  })

  it('restores Homeward’s list when the last item goes', () => {
    const plan = planStandardRemoval('leasehold', ['only one'], 0)
    expect(plan).toEqual({ next: [], restores: true, defaultCount: DEFAULT_STANDARD_ENQUIRIES.leasehold.length })
    expect(plan.defaultCount).toBeGreaterThan(0)
  })
})
