import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { createQueryClient, retryDelay, shouldRetry } from './query-client'

describe('query client settings (spec: Business constants and limits)', () => {
  it('gcTime 5 minutes, mutations never retried', () => {
    const defaults = createQueryClient().getDefaultOptions()
    expect(defaults.queries?.gcTime).toBe(300_000)
    expect(defaults.mutations?.retry).toBe(0)
  })

  it('runs mutations while offline so they fail with a message instead of waiting silently', async () => {
    const { onlineManager } = await import('@tanstack/react-query')
    const client = createQueryClient()
    onlineManager.setOnline(false)
    try {
      const mutation = client.getMutationCache().build(client, {
        mutationFn: () => Promise.reject(new ApiError(0, { code: 'network_error', message: 'offline' })),
      })
      await expect(mutation.execute(undefined)).rejects.toMatchObject({ code: 'network_error' })
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('retries up to 3 times, but not a request the server refused (4xx)', () => {
    const serverDown = new ApiError(503, { code: 'database_unavailable', message: 'x' })
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverDown))).toEqual([true, true, true, false])
    expect(shouldRetry(0, new ApiError(404, { code: 'not_found', message: 'x' }))).toBe(false)
    expect(shouldRetry(0, new ApiError(401, { code: 'unauthenticated', message: 'x' }))).toBe(false)
    expect(shouldRetry(0, new ApiError(429, { code: 'rate_limited', message: 'x' }))).toBe(true)
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true)
  })
})
