import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '#web/lib/api-error.ts'
import { applyServerFieldErrors } from './form-errors'

describe('applyServerFieldErrors', () => {
  it('sets known fields and focuses the first', () => {
    const setError = vi.fn()
    const err = new ApiError(400, {
      code: 'validation_failed',
      message: 'Check the form',
      fields: { postcode: ['Enter a valid UK postcode'], other: ['ignored'], town: ['Enter the town or city'] },
    })
    expect(applyServerFieldErrors<{ postcode: string; town: string }>(err, setError, ['postcode', 'town'])).toBe(true)
    expect(setError).toHaveBeenCalledTimes(2)
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'postcode',
      { type: 'server', message: 'Enter a valid UK postcode' },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'town',
      { type: 'server', message: 'Enter the town or city' },
      { shouldFocus: false },
    )
  })

  it('does nothing for other errors', () => {
    const setError = vi.fn()
    expect(applyServerFieldErrors(new Error('x'), setError, [])).toBe(false)
    expect(applyServerFieldErrors(new ApiError(409, { code: 'conflict', message: 'x' }), setError, [])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
