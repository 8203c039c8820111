/**
 * The mapping of errors to HTTP at the edge: an `AppError` (src/server/core/errors.ts) to its status,
 * a zod error to 400 with fields, text PostgreSQL cannot store to 400, a database outage to 503, anything
 * else to a logged 500. Every error body is `{ error: { code, message, fields?, request_id? } }`
 * (src/shared/contracts/common.ts).
 */
import type { Context } from 'hono'
import { routePath } from 'hono/route'
import { z } from 'zod'
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#shared/contracts/common.ts'
import { AppError, RateLimitedError, validationError } from '#server/core/errors.ts'
import { currentLogContext } from '#server/logger.ts'
import { isDatabaseUnavailable } from '../db/client'

/**
 * Builds the JSON body for an error code. Built while a request is answered (inside its request
 * context, http/request-context.ts), the body carries that request's id as `request_id`, which the
 * person can quote to support and which every log line of the request carries.
 */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ErrorBody {
  const requestId = currentLogContext()?.request_id
  const error: ErrorBody['error'] = fields ? { code, message, fields } : { code, message }
  if (typeof requestId === 'string') error.request_id = requestId
  return { error }
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

/**
 * Maps any thrown value to a JSON error response; unknown errors are logged and answered 500 without
 * detail. The log line's extra is `{ err, method, route }` (the request and viewer ids come with
 * every line of the request).
 */
export function toErrorResponse(c: Context, err: unknown, log: (msg: string, extra: unknown) => void) {
  const where = () => ({ err, method: c.req.method, route: routeOrPath(c) })
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
    log('database unavailable', where())
    c.header('Retry-After', '5')
    return c.json(
      errorBody('database_unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'),
      503,
    )
  }
  log('unhandled error', where())
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500)
}

/** The route pattern that was answering, or `unmatched`. */
function routeOrPath(c: Context): string {
  try {
    return routePath(c) || 'unmatched'
  } catch {
    return 'unmatched'
  }
}
