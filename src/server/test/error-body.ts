/**
 * Error bodies in tests. Every error body carries the request's id (`error.request_id`,
 * http/errors.ts errorBody), which differs from one request to the next: `withoutRequestId` checks
 * that it is there and takes it out, so that what is left compares exactly (an outsider's 404 must
 * read like an unknown id's, with nothing more).
 */
import { expect } from 'vitest'

/** `body` without `error.request_id`, after checking that it is a non-empty string. */
export function withoutRequestId<T>(body: T): T {
  if (!body || typeof body !== 'object' || !('error' in body)) return body
  const error = (body as { error: unknown }).error
  if (!error || typeof error !== 'object') return body
  const { request_id, ...rest } = error as { request_id?: unknown }
  expect(typeof request_id).toBe('string')
  expect(String(request_id).length).toBeGreaterThan(0)
  return { ...body, error: rest } as T
}
