import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error'

/** Spec: Business constants and limits: queries retry up to 3 times. */
export const QUERY_RETRIES = 3

/** Delay before retry number `attempt` (0-based): 1 s doubling, capped at 30 s (spec: Business constants and limits). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/**
 * Whether a failed query is tried again: up to 3 retries (spec: Business constants and limits), except when the server
 * refused the request itself (4xx such as 401 or 404), which no retry can change, so the person
 * sees 'not found' or the sign-in screen at once instead of after 7 seconds of back-off.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < QUERY_RETRIES
}

/**
 * The app's QueryClient: gcTime 5 min, retries as above, mutations never retried (spec: Business constants and limits).
 * Mutations run whatever the browser says about the network (networkMode 'always'): offline, the
 * request fails at once with the network message instead of waiting silently, paused, with the
 * button spinning. A mutation that should wait for the network and be sent on
 * reconnecting says so itself (the task tick, workspace/api.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 5 * 60 * 1000, retry: shouldRetry, retryDelay },
      mutations: { retry: 0, networkMode: 'always' },
    },
  })
}
