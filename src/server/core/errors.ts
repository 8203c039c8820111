/**
 * The kernel's error type: an error a person can act on, thrown anywhere in the server (use cases,
 * access, providers) and mapped to an HTTP status in one place at the edge (http/errors.ts,
 * `ERROR_STATUS` in src/shared/contracts/common.ts). Every error body is
 * `{ error: { code, message, fields? } }`. This file imports nothing of the server: every layer may use it.
 */
import { z } from 'zod'
import type { ErrorCode } from '#shared/contracts/common.ts'

/** An error a person can act on: `code` picks the HTTP status, `message` is shown to them. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** A 429 that says when to try again: the edge sends `retryAfterSeconds` as Retry-After (RFC 9110). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message)
    this.name = 'RateLimitedError'
  }
}

/** The standard 404 for anything the viewer may not see: same body whether it exists or not (ASVS 8.2.2). */
export function notFound(what = 'transaction'): AppError {
  return new AppError('not_found', `Could not find this ${what}.`)
}

/** Turns zod issues into `fields` (path -> messages) and a message naming the first field. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  const first = error.issues[0]
  const where = first?.path.length ? `${first.path.join('.')}: ` : ''
  return new AppError('validation_failed', `${where}${first?.message ?? 'Invalid input'}`, fields)
}
