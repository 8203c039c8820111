/**
 * The first middleware of every request: its id, the log context every line written while it is
 * answered carries, one access line when it is answered, and its duration in the request histogram.
 *
 * - The id: the caller's `X-Request-Id` when it is short and plain (REQUEST_ID), so that a proxy's or
 *   a partner's id follows the request through; otherwise a new UUID. Set on `c.var.requestId`, sent
 *   back in the `X-Request-Id` header and put in every error body (http/errors.ts).
 * - The access line: method, route pattern (Hono's routePath: `/api/transactions/:txId`, never the
 *   raw path, whose query may hold a token), status, ms, viewer id and request id. No header, cookie
 *   or query is logged. At info, except the probes (health, metrics) at debug. A streamed response
 *   (a live stream) is logged when its headers are sent.
 * - With tracing on, the request's span gets the route (its name and `http.route`) and the id.
 * docs/decisions/046-observability.md.
 */
import { randomUUID } from 'node:crypto'
import { trace } from '@opentelemetry/api'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { withLogContext, type Logger } from '#server/logger.ts'
import { applyHeaders, outgoingOf } from './preset-headers'
import type { AppEnv } from './router'

/** A caller's request id is kept when it is 1-64 letters, digits, `-`, `_`, `.` or `:`. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The header the id is read from and echoed in. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/** Paths answered to probes and scrapers, logged at debug so that they do not drown the access log. */
const PROBE = /^\/(?:api\/health(?:\/|$)|metrics$)/

/** The caller's id when acceptable, else a new UUID. */
export function requestIdFrom(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID()
}

/** What the request context reports each answered request to: the request histogram (metrics.ts). */
export type ObserveRequest = (request: { method: string; route: string; status: number; seconds: number }) => void

/**
 * The route pattern that answered, for logs and metric labels: the pattern of the last handler that
 * ran (`/api/transactions/:txId`), `unmatched` when none did.
 */
function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return routePath(c) || 'unmatched'
  } catch {
    return 'unmatched'
  }
}

/**
 * The request-context middleware (see the module comment): mount first, on '*'. `observe` receives
 * each answered request (method, route pattern, status, seconds) for the request histogram.
 */
export function requestContext(options: { log: Logger; observe?: ObserveRequest }): MiddlewareHandler<AppEnv> {
  const { log, observe } = options
  return async (c, next) => {
    const started = performance.now()
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER))
    c.set('requestId', requestId)
    // On every answer, errors included: set where the answer is written (http/preset-headers.ts), or,
    // in process, on the finished answer (onError has built c.res by then).
    const out = outgoingOf(c)
    out?.setHeader(REQUEST_ID_HEADER, requestId)
    // Read at each log line: the viewer is known only once the session middleware has run.
    const fields = {
      request_id: requestId,
      get viewer_id() {
        return c.get('viewer')?.profileId
      },
    }
    try {
      // Everything after this middleware runs in the log context (onError's lines included).
      await withLogContext(fields, next)
    } finally {
      if (!out) applyHeaders(c, [[REQUEST_ID_HEADER, requestId]], { overwrite: true })
      const seconds = (performance.now() - started) / 1000
      const route = routeOf(c)
      const status = c.res.status
      observe?.({ method: c.req.method, route, status, seconds })
      // With tracing on (telemetry.ts), the HTTP server span is named by its route and carries the id.
      const span = trace.getActiveSpan()
      if (span) {
        span.updateName(`${c.req.method} ${route}`)
        span.setAttribute('http.route', route)
        span.setAttribute('homeward.request_id', requestId)
      }
      // Written after the log context is left, so the line names its request and viewer itself.
      const line = {
        request_id: requestId,
        viewer_id: fields.viewer_id,
        method: c.req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      }
      if (PROBE.test(c.req.path)) log.debug('request', line)
      else log.info('request', line)
    }
  }
}
