import { ApiError, isErrorBody } from './api-error'

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
}

/**
 * Calls the Homeward API on this origin (cookies included) and returns the parsed JSON body as `T`.
 * `path` starts with '/api/'. Throws ApiError: the server's `{ error: { code, message, fields } }`
 * when it sent one, a generic message per status otherwise, or status 0 when the network failed.
 * Types come from src/shared/contracts; the server validates its own answers against them.
 */
export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(0, {
      code: 'network_error',
      message: 'We could not reach Homeward. Check your connection and try again.',
    })
  }

  const text = await res.text()
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }

  if (!res.ok) {
    if (isErrorBody(data)) throw new ApiError(res.status, data.error)
    throw new ApiError(res.status, { code: codeForStatus(res.status), message: messageForStatus(res.status) })
  }
  return data as T
}

function codeForStatus(status: number): string {
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 503) return 'database_unavailable'
  return status >= 500 ? 'internal' : 'bad_request'
}

function messageForStatus(status: number): string {
  if (status === 401) return 'Please sign in to continue.'
  if (status === 403) return 'You do not have access to this.'
  if (status === 404) return 'We could not find what you were looking for.'
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.'
  return 'The request could not be completed.'
}
