/**
 * The mapping of errors to HTTP at the edge: an `AppError` (src/server/core/errors.ts) to its status,
 * a zod error to 400 with fields, text PostgreSQL cannot store to 400, a database outage to 503, anything
 * else to a logged 500. Every error body is `{ error: { code, message, fields? } }`
 * (src/shared/contracts/common.ts).
 */
import type { Context } from 'hono'
import { z } from 'zod'
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#shared/contracts/common.ts'
import { AppError, RateLimitedError, validationError } from '#server/core/errors.ts'
import { isDatabaseUnavailable } from '../db/client'

/** Builds the JSON body for an error code. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}

/** The message for text with a NUL character, which PostgreSQL cannot store. */
export const NUL_MESSAGE = 'Text cannot contain a NUL character (\\u0000). Remove it and try again.'

/**
 * PostgreSQL's answer to text it cannot store: 22021 (a NUL byte in text) and 22P05 (\u0000 in
 * jsonb), on the error or its cause (drizzle wraps driver errors). Input the edge let through, so a
 * 400 for the person, never a 500 that would log the query and its parameters (their data).
 */
export function isUnstorableText(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false
  const code = 'code' in err ? err.code : undefined
  return code === '22021' || code === '22P05' || ('cause' in err && isUnstorableText(err.cause, depth + 1))
}

/** Maps any thrown value to a JSON error response; unknown errors are logged and answered 500 without detail. */
export function toErrorResponse(c: Context, err: unknown, log: (msg: string, err: unknown) => void) {
  if (err instanceof AppError) {
    if (err instanceof RateLimitedError) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))))
    return c.json(errorBody(err.code, err.message, err.fields), ERROR_STATUS[err.code])
  }
  if (err instanceof z.ZodError) {
    const appErr = validationError(err)
    return c.json(errorBody(appErr.code, appErr.message, appErr.fields), 400)
  }
  if (isUnstorableText(err)) return c.json(errorBody('bad_request', NUL_MESSAGE), 400)
  if (isDatabaseUnavailable(err)) {
    log('database unavailable', err)
    c.header('Retry-After', '5')
    return c.json(
      errorBody('database_unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'),
      503,
    )
  }
  log('unhandled error', err)
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500)
}
