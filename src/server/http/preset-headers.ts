/**
 * Headers that every answer of a request carries, set once where the answer is written instead of on
 * each answer's own headers after it is built.
 *
 * Served by @hono/node-server, a request's `c.env.outgoing` is Node's `http.ServerResponse`: headers
 * given to its `setHeader()` before the answer is written are sent with it, and a header the answer
 * sets itself wins (Node's `writeHead()` merges its headers over them). So the security headers,
 * X-Request-Id and the API's default Cache-Control cost a few property writes per request, and an
 * answer with a plain header object (jsonText, c.json with one header) is written without building
 * an undici `Headers` at all. Reading or changing `c.res.headers` after the handler would build one
 * (and a second copy for the write): about a tenth of a transaction detail's CPU before this.
 * Without an outgoing response (`app.request()` in tests, the sandbox webhooks' in-process calls),
 * the same headers are set on the finished answer's headers, with the same rule (the answer's own
 * value wins unless `overwrite`). docs/decisions/076-detail-own-overhead.md.
 */
import type { ServerResponse } from 'node:http'
import type { Context } from 'hono'

/** Header names and values, in the order they are set. */
export type HeaderList = readonly (readonly [name: string, value: string])[]

/**
 * The Node response this request is written to, when served by @hono/node-server and its headers are
 * not sent yet; undefined under `app.request()` (no env) or for anything else.
 */
export function outgoingOf(c: Context): ServerResponse | undefined {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) return undefined
  const out = env.outgoing as Partial<ServerResponse> | undefined
  return out && typeof out.setHeader === 'function' && out.headersSent === false ? (out as ServerResponse) : undefined
}

/**
 * Sets `headers` on the request's outgoing response before the answer is built (the answer's own
 * values win). Returns false, setting nothing, when there is no outgoing response: the caller then
 * applies them to the finished answer with `applyHeaders`.
 */
export function presetHeaders(c: Context, headers: HeaderList): boolean {
  const out = outgoingOf(c)
  if (!out) return false
  for (const [name, value] of headers) out.setHeader(name, value)
  return true
}

/**
 * Sets `headers` on the finished answer `c.res` (no outgoing response): only where the answer has
 * none of its own unless `overwrite`. A response whose headers are immutable (a fetch() answer passed
 * through) keeps its own.
 */
export function applyHeaders(c: Context, headers: HeaderList, { overwrite = false } = {}): void {
  const own = c.res.headers
  for (const [name, value] of headers) {
    try {
      if (overwrite || !own.has(name)) own.set(name, value)
    } catch {
      // Immutable headers: the answer keeps its own.
    }
  }
}
