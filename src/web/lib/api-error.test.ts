import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'

describe('ApiError and the request id', () => {
  it('ends a server failure’s message with the request id, as a reference to quote to support', () => {
    const err = new ApiError(500, { code: 'internal', message: 'Something went wrong.', request_id: 'a1b2-c3' })
    expect(err.message).toBe('Something went wrong. (Reference: a1b2-c3)')
    expect(err.requestId).toBe('a1b2-c3')
  })

  it('leaves a refusal’s message as the server wrote it (the person can act on it), keeping the id', () => {
    const err = new ApiError(409, { code: 'conflict', message: 'Already invited.', request_id: 'a1b2-c3' })
    expect(err.message).toBe('Already invited.')
    expect(err.requestId).toBe('a1b2-c3')
    expect(new ApiError(500, { code: 'internal', message: 'x' }).message).toBe('x')
  })
})
