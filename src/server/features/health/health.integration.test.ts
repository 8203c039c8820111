/**
 * The health endpoints: GET /api/health (database ping, compat), GET /api/health/live (the process,
 * no database) and GET /api/health/ready (the lifecycle: migrating, draining, live updates down).
 */
import { describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import type { AppDeps } from '#server/http/router.ts'
import { createLifecycle } from '#server/platform/lifecycle.ts'
import type { RealtimeHub } from '#server/platform/realtime/realtime-hub.ts'
import { testConfig, useTestApp } from '#server/test/test-app.ts'
import { healthRoutes } from './routes'

const t = useTestApp()

/** The health router alone, on a database that never answers and a hub whose LISTEN state is `listening`. */
function healthOnly(lifecycle: ReturnType<typeof createLifecycle> | undefined, listening: { up: boolean }) {
  const database = {
    kind: 'postgres',
    ping: () => Promise.reject(new Error('connection refused')),
  } as unknown as Database
  const realtime = { isListening: () => listening.up } as unknown as RealtimeHub
  return healthRoutes({ database, realtime, lifecycle, config: testConfig() } as AppDeps)
}

describe('health', () => {
  it('answers live and ready on the app as served (migrated, listening)', async () => {
    const live = await t.request('/api/health/live')
    expect(live.status).toBe(200)
    expect(live.headers.get('cache-control')).toBe('no-store')
    expect(await live.json()).toEqual({ status: 'ok', uptime_seconds: expect.any(Number) })
    const ready = await t.request('/api/health/ready')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', reasons: [] })
    expect((await t.request('/api/health')).status).toBe(200)
  })

  it('lists live and ready in the OpenAPI document as public operations', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { security?: unknown[] } }>
    }
    for (const p of ['/api/health/live', '/api/health/ready']) expect(doc.paths[p]?.get?.security).toEqual([])
  })

  it('is live without the database, while the combined health reports it down', async () => {
    const router = healthOnly(createLifecycle({ migrated: true }), { up: true })
    expect((await router.request('/health/live')).status).toBe(200)
    const health = await router.request('/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } })
  })

  it('is ready only once migrated, while listening, and never again once draining', async () => {
    const listening = { up: true }
    const lifecycle = createLifecycle()
    lifecycle.watchListening(() => listening.up)
    const router = healthOnly(lifecycle, listening)
    const ready = async () => {
      const res = await router.request('/health/ready')
      return { status: res.status, body: await res.json() }
    }
    expect(await ready()).toEqual({ status: 503, body: { status: 'not_ready', reasons: ['migrating'] } })
    lifecycle.markMigrated()
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready', reasons: [] } })
    listening.up = false
    expect(await ready()).toEqual({ status: 503, body: { status: 'not_ready', reasons: ['live_updates_down'] } })
    listening.up = true
    expect((await ready()).status).toBe(200)
    lifecycle.startDraining()
    expect(await ready()).toEqual({ status: 503, body: { status: 'not_ready', reasons: ['draining'] } })
    // Liveness is not readiness: a draining process is still alive.
    expect((await router.request('/health/live')).status).toBe(200)
  })
})
