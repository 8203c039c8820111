/**
 * GET /metrics: the Prometheus text exposition (platform/observability/metrics.ts), for a scraper.
 *
 * Who may read it:
 * - with METRICS_TOKEN set, a request carrying `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise),
 *   from anywhere: how a scraper reaches each process of a deployment;
 * - without it, outside production, a request from this machine straight to the server (loopback, no
 *   proxy: http/local-request.ts), for a developer's `curl`; 404 to anyone else;
 * - without it in production, nobody (404): figures such as request rates and outbox depths are not
 *   for the public, so they are never served unprotected there.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { Config } from '#server/config.ts'
import type { AppMetrics } from '#server/platform/observability/metrics.ts'
import { errorBody } from './errors'
import { isLocalRequest } from './local-request'
import type { AppEnv } from './router'

const digest = (s: string) => createHash('sha256').update(s).digest()

/** Whether `header` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return !!m && timingSafeEqual(digest(m[1]), digest(token))
}

/** The router of GET /metrics with the access rules of the module comment; mount at '/'. */
export function metricsEndpoint(options: { config: Pick<Config, 'METRICS_TOKEN' | 'NODE_ENV'>; metrics: AppMetrics }) {
  const { config, metrics } = options
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store')
    const token = config.METRICS_TOKEN
    if (token) {
      if (!bearerMatches(c.req.header('authorization'), token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"')
        return c.json(
          errorBody('unauthenticated', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.'),
          401,
        )
      }
    } else if (config.NODE_ENV === 'production' || !isLocalRequest(c)) {
      return c.json(errorBody('not_found', 'Not found.'), 404)
    }
    const { contentType, body } = await metrics.render()
    return c.body(body, 200, { 'Content-Type': contentType })
  })
}
