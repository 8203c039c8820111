/**
 * GET /api/health: whether the server can reach its database, with the pool's state on PostgreSQL.
 * GET /api/health/live: the process answers (no database call). GET /api/health/ready: 200 when the
 * process should get traffic, 503 naming why not (migrating, draining, live updates down) from the
 * lifecycle (platform/lifecycle.ts).
 */
import { healthEndpoints } from '#shared/contracts/health.ts'
import { createRouter, type AppDeps } from '#server/http/router.ts'
import { createLifecycle, liveness, readiness } from '#server/platform/lifecycle.ts'
import { sandboxPartners } from '#server/config/partners.ts'

const PING_TIMEOUT_MS = 2_000

export function healthRoutes({ database, config, realtime, lifecycle: given }: AppDeps) {
  const sandbox_partners = sandboxPartners(config).map((p) => p.key)
  const lifecycle = given ?? createLifecycle({ migrated: true, listening: () => realtime.isListening() })
  return createRouter()
    .openapi(healthEndpoints.health, async (c) => {
      c.header('Cache-Control', 'no-store')
      const pool = database.pool
        ? { total: database.pool.totalCount, idle: database.pool.idleCount, waiting: database.pool.waitingCount }
        : undefined
      const started = performance.now()
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('database did not answer within 2 s')), PING_TIMEOUT_MS).unref(),
          ),
        ])
        const latency_ms = Math.round((performance.now() - started) * 10) / 10
        return c.json(
          {
            status: 'ok' as const,
            database: { kind: database.kind, status: 'up' as const, latency_ms, pool },
            sandbox_partners,
          },
          200,
        )
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err)
        return c.json(
          {
            status: 'degraded' as const,
            database: { kind: database.kind, status: 'down' as const, error, pool },
            sandbox_partners,
          },
          503,
        )
      }
    })
    .openapi(healthEndpoints.live, (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json(liveness(), 200)
    })
    .openapi(healthEndpoints.ready, (c) => {
      c.header('Cache-Control', 'no-store')
      const answer = readiness(lifecycle)
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, 503)
    })
}
