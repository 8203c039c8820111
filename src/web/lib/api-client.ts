import { errorFromResponse, networkError, TIMEOUT_MESSAGE, ApiError } from './api-error'

/** A request with no answer after this long fails with TIMEOUT_MESSAGE instead of spinning forever. */
export const API_TIMEOUT_MS = 30_000

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
  /** Milliseconds before giving up (default API_TIMEOUT_MS). */
  timeoutMs?: number
}

/**
 * Calls the Homeward API on this origin (cookies included) and returns the parsed JSON body as `T`.
 * `path` starts with '/api/'. Every failure is an ApiError whose message a person can act on: the
 * server's `{ error: { code, message, fields } }` when it sent one, otherwise a message per status
 * (429 and 503 say when to try again from Retry-After); status 0 with code 'network_error' when the
 * network failed and 'timeout' after `timeoutMs`. Aborting `signal` rejects with its AbortError.
 * Types come from src/shared/contracts; the server validates its own answers against them.
 */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal, timeoutMs = API_TIMEOUT_MS }: ApiRequest = {},
): Promise<T> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const forward = () => controller.abort()
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', forward, { once: true })
  try {
    let res: Response
    let text: string
    try {
      res = await fetch(path, {
        method,
        signal: controller.signal,
        credentials: 'same-origin',
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      text = await res.text()
    } catch (err) {
      if (timedOut) throw new ApiError(0, { code: 'timeout', message: TIMEOUT_MESSAGE })
      if (signal?.aborted) throw err
      throw networkError()
    }
    if (!res.ok) throw errorFromResponse(res.status, text, res.headers.get('retry-after'))
    try {
      return (text ? JSON.parse(text) : undefined) as T
    } catch {
      return undefined as T
    }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
  }
}
