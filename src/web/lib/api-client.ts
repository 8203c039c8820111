import {
  endpointUrl,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointSpec,
} from '#shared/contracts/endpoint.ts'
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
 * Endpoints of our own API are called through callApi (below), which takes path and answer type from
 * the endpoint catalogue; apiFetch itself is for Better Auth's /api/auth/* endpoints.
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

/** What callApi sends: path parameters, query and JSON body as the endpoint's contract takes them. */
export type CallOptions<E extends EndpointSpec> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> }) & {
    query?: EndpointQuery<E>
    signal?: AbortSignal
    timeoutMs?: number
  }

/**
 * Calls one endpoint of the catalogue (src/shared/contracts): its method and path come from the
 * entry, `{name}` path segments are filled from `params`, and the answer is typed by the entry's
 * success schema (void for 204). Errors as apiFetch: an ApiError a person can act on.
 */
export function callApi<E extends EndpointSpec>(
  spec: E,
  ...[options]: Partial<CallOptions<E>> extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, timeoutMs } = (options ?? {}) as CallOptions<EndpointSpec> & {
    params?: EndpointParams<E>
    query?: EndpointQuery<E>
  }
  return apiFetch<EndpointResponse<E>>(endpointUrl(spec, { params, query }), {
    method: spec.method.toUpperCase() as ApiRequest['method'],
    body,
    signal,
    timeoutMs,
  })
}
