import type { ErrorBody } from '../../shared/contracts/common'

type ErrorDetail = ErrorBody['error']

/**
 * A failed API call: HTTP `status` plus the server's `{ error: { code, message, fields } }` body
 * (src/shared/contracts/common.ts). Network failures have status 0 and code 'network_error'.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string[]> | undefined

  constructor(status: number, detail: ErrorDetail) {
    super(detail.message)
    this.name = 'ApiError'
    this.status = status
    this.code = detail.code
    this.fields = detail.fields
  }

  /** True for 4xx answers: the request itself was refused, so repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429
  }
}

/** Narrows an unknown JSON value to the error body shape without pulling a schema library into the bundle. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false
  const error = (value as { error?: unknown }).error
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}
