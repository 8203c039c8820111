import type { ErrorBody } from '#shared/contracts/common.ts'

/** The server's error detail; the client adds codes of its own ('network_error', 'timeout'). */
type ErrorDetail = Omit<ErrorBody['error'], 'code'> & { code: string }

/** The message for a request that never got an answer (offline, DNS, connection refused or reset). */
export const NETWORK_MESSAGE = 'We could not reach Homeward. Check your connection and try again.'
/** The message for a request that got no answer within the client's time limit. */
export const TIMEOUT_MESSAGE = 'Homeward is taking too long to answer. Check your connection and try again.'

/**
 * A failed API call: HTTP `status` plus the server's `{ error: { code, message, fields } }` body
 * (src/shared/contracts/common.ts). Network failures have status 0 and code 'network_error', requests
 * past the time limit status 0 and code 'timeout'. `retryAfterSeconds` is set from a 429 or 503's
 * Retry-After header. `requestId` is the server's id of the request (its log lines carry it); on a
 * server failure (5xx) the message ends with it as a reference the person can quote to support.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string[]> | undefined
  readonly retryAfterSeconds: number | undefined
  readonly requestId: string | undefined

  constructor(status: number, detail: ErrorDetail, retryAfterSeconds?: number) {
    super(status >= 500 && detail.request_id ? `${detail.message} (Reference: ${detail.request_id})` : detail.message)
    this.name = 'ApiError'
    this.requestId = detail.request_id
    this.status = status
    this.code = detail.code
    this.fields = detail.fields
    this.retryAfterSeconds = retryAfterSeconds
  }

  /** True for 4xx answers: the request itself was refused, so repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429
  }
}

/** Narrows an unknown JSON value to the error body shape without pulling a schema library into the bundle. */
export function isErrorBody(value: unknown): value is { error: ErrorDetail } {
  if (!value || typeof value !== 'object') return false
  const error = (value as { error?: unknown }).error
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}

/** An ApiError for a request that got no answer: status 0, NETWORK_MESSAGE (or `message`). */
export function networkError(message: string = NETWORK_MESSAGE): ApiError {
  return new ApiError(0, { code: 'network_error', message })
}

/**
 * Seconds to wait from a Retry-After header: either delay-seconds or an HTTP date (RFC 9110
 * section 10.2.3). Undefined when absent or unreadable; at least 1.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed))
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now) / 1000))
}

/** 'in 45 seconds', 'in 3 minutes', 'in 2 hours': how a wait is said in messages. */
export function waitPhrase(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 90) return `in ${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `in ${hours} hour${hours === 1 ? '' : 's'}`
}

const CODE_FOR_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'database_unavailable',
}

/**
 * What to tell a person when the answer carried no message of ours (a proxy's HTML page, an empty
 * body): what happened and what to do, per status.
 */
export function messageForStatus(status: number, retryAfterSeconds?: number): string {
  switch (status) {
    case 400:
      return 'Homeward could not accept this. Check what you entered and try again.'
    case 401:
      return 'Please sign in to continue.'
    case 403:
      return 'This was refused: you do not have permission to do this here. Reload the page and try again; if it happens again, sign out and back in.'
    case 404:
      return 'We could not find what you were looking for.'
    case 408:
    case 504:
      return TIMEOUT_MESSAGE
    case 409:
      return 'Someone else changed this at the same time. Reload the page to see the latest, then try again.'
    case 410:
      return 'This is no longer available.'
    case 413:
      return 'This is too large to send. Choose a smaller file or shorten the text, then try again.'
    case 415:
      return 'This type of content cannot be sent. Choose a different file.'
    case 422:
      return 'Some of what you entered could not be accepted. Check it and try again.'
    case 429:
      return retryAfterSeconds
        ? `Too many attempts. Try again ${waitPhrase(retryAfterSeconds)}.`
        : 'Too many attempts. Wait a minute, then try again.'
    case 502:
    case 503:
      return retryAfterSeconds
        ? `Homeward is unavailable just now. Try again ${waitPhrase(retryAfterSeconds)}.`
        : 'Homeward is unavailable just now. Please try again in a minute.'
    default:
      return status >= 500
        ? 'Something went wrong on our side. Please try again in a moment.'
        : 'The request could not be completed. Please try again.'
  }
}

/**
 * The ApiError for a non-OK answer: the server's own `{ error }` body when it sent one (or a bare
 * `{ message }`, as some libraries answer), otherwise the code and message for the status. `body`
 * is the raw response text; `retryAfter` the Retry-After header.
 */
export function errorFromResponse(status: number, body: string, retryAfter?: string | null): ApiError {
  const wait = parseRetryAfter(retryAfter)
  let data: unknown
  try {
    data = body ? JSON.parse(body) : undefined
  } catch {
    data = undefined
  }
  if (isErrorBody(data)) return new ApiError(status, data.error, wait)
  const code = CODE_FOR_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request')
  const bare = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined
  const message = typeof bare === 'string' && bare.trim() && status !== 429 ? bare : messageForStatus(status, wait)
  return new ApiError(status, { code, message }, wait)
}
