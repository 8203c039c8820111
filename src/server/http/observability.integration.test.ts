/**
 * Watching the server (docs/decisions/046-observability.md): every request has an id, echoed in
 * X-Request-Id and in every error body, carried by every JSON log line written while it is answered
 * (a 500's "unhandled error" line included); one access line per request with its route pattern and
 * no secret; GET /metrics in Prometheus format, behind its token. On the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { REQUEST_ID } from './request-context'

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'
let t: TestApp
let user: TestUser
const lines: string[] = []
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>)

beforeAll(async () => {
  t = await createTestApp({
    config: { METRICS_TOKEN },
    log: createLogger('debug', { format: 'json', destination: { write: (line: string) => lines.push(line) } }),
  })
  user = await t.signUp()
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe('the request id', () => {
  it('is minted when the caller sends none, and echoed in X-Request-Id', async () => {
    const res = await t.request('/api/health')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const again = await t.request('/api/health')
    expect(again.headers.get('x-request-id')).not.toBe(id)
  })

  it("keeps a caller's short plain id, and replaces one that is long or has other characters", async () => {
    const kept = await t.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a.2:abc_9' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:abc_9')
    for (const bad of ['a'.repeat(65), 'has space', 'new\\u2028line', '<script>', 'x;y=1']) {
      const res = await t.request('/api/health', { headers: { 'x-request-id': bad } })
      const id = res.headers.get('x-request-id')!
      expect(id).not.toBe(bad)
      expect(id).toMatch(REQUEST_ID)
    }
  })

  it('is in every error body (404, 401, validation) and equals the header', async () => {
    for (const [path, status] of [
      ['/api/no-such-route', 404],
      ['/api/notifications', 401],
    ] as const) {
      const res = await t.request(path)
      expect(res.status).toBe(status)
      const body = (await res.json()) as { error: { request_id?: string } }
      expect(body.error.request_id).toBe(res.headers.get('x-request-id'))
    }
    const invalid = await t.request('/api/transactions/not-a-uuid', { as: user })
    expect(invalid.status).toBe(400)
    const body = (await invalid.json()) as { error: { code: string; request_id?: string } }
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.request_id).toBe(invalid.headers.get('x-request-id'))
  })
})

describe('a 500', () => {
  it("shows a request id that the JSON log line of that request's error carries, with method, route and viewer", async () => {
    // A real fault below the edge: the table the bell reads is gone (as after a bad manual change).
    await t.database.query('alter table notifications rename to notifications_moved_away')
    try {
      lines.length = 0
      const res = await t.request('/api/notifications?secret_token=abc123', { as: user })
      expect(res.status).toBe(500)
      const body = (await res.json()) as { error: { code: string; message: string; request_id: string } }
      expect(body.error.code).toBe('internal')
      expect(body.error.request_id).toMatch(REQUEST_ID)
      expect(res.headers.get('x-request-id')).toBe(body.error.request_id)

      const mine = logged().filter((l) => l.request_id === body.error.request_id)
      const failure = mine.find((l) => l.msg === 'unhandled error')
      expect(failure).toMatchObject({
        level: 'error',
        request_id: body.error.request_id,
        viewer_id: user.profileId,
        method: 'GET',
        route: '/api/notifications',
        err: expect.objectContaining({ message: expect.stringMatching(/notifications/) }),
      })
      const access = mine.find((l) => l.msg === 'request')
      expect(access).toMatchObject({
        level: 'info',
        method: 'GET',
        route: '/api/notifications',
        status: 500,
        viewer_id: user.profileId,
      })
      expect(typeof access!.ms).toBe('number')
      // Neither the query (a token in it) nor the cookie reaches the log.
      const text = lines.join('')
      expect(text).not.toContain('abc123')
      expect(text).not.toContain(user.cookie.split('=')[1])
    } finally {
      await t.database.query('alter table notifications_moved_away rename to notifications')
    }
  })
})

describe('the access log', () => {
  it('writes one line per request with the route pattern, not the path; probes at debug', async () => {
    lines.length = 0
    const tx = '00000000-0000-4000-8000-000000000000'
    const res = await t.request(`/api/transactions/${tx}`, { as: user })
    const id = res.headers.get('x-request-id')
    const access = logged().filter((l) => l.msg === 'request' && l.request_id === id)
    expect(access).toHaveLength(1)
    expect(access[0]).toMatchObject({ route: '/api/transactions/:txId', status: res.status, viewer_id: user.profileId })
    expect(JSON.stringify(access[0])).not.toContain(tx)

    const probe = await t.request('/api/health')
    const probeLine = logged().find((l) => l.request_id === probe.headers.get('x-request-id') && l.msg === 'request')
    expect(probeLine).toMatchObject({ level: 'debug', route: '/api/health', status: 200 })
    expect(probeLine).not.toHaveProperty('viewer_id')
  })
})

describe('GET /metrics', () => {
  it('refuses a request without the token (401) or with a wrong one', async () => {
    expect((await t.request('/metrics')).status).toBe(401)
    expect((await t.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
  })

  it('answers the Prometheus text format with requests by route and status, outboxes, streams and the process', async () => {
    await t.request('/api/health')
    await t.request('/api/no-such-route')
    const res = await t.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    )
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/\*",status="404"\} \d+$/m,
    )
    expect(text).toMatch(/^homeward_outbox_pending\{outbox="mail"\} \d+$/m)
    expect(text).toMatch(/^homeward_outbox_oldest_due_age_seconds\{outbox="webhooks"\} [\d.e+-]+$/m)
    expect(text).toMatch(/^homeward_sse_clients \d+$/m)
    expect(text).toMatch(/^process_cpu_seconds_total \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
    if (t.appDatabase.pool) expect(text).toMatch(/^homeward_db_pool_connections\{state="total"\} \d+$/m)
    else expect(text).not.toContain('homeward_db_pool_connections{')
    // No path with an id, no query, ever as a label.
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/)
  })

  it('counts an outbox row due now, with its age', async () => {
    await t.database.query(
      `insert into mail_outbox (to_address, subject, text_body, kind, status, next_attempt_at)
       values ('due@homeward.test', 's', 't', 'test', 'pending', now() - interval '90 seconds')`,
    )
    try {
      const text = await (await t.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
      expect(Number(/^homeward_outbox_due\{outbox="mail"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1)
      expect(
        Number(/^homeward_outbox_oldest_due_age_seconds\{outbox="mail"\} ([\d.]+)$/m.exec(text)?.[1]),
      ).toBeGreaterThanOrEqual(89)
    } finally {
      await t.database.query(`delete from mail_outbox where to_address = 'due@homeward.test'`)
    }
  })
})

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers local requests outside production, nobody else, and nobody at all in production', async () => {
    const dev = await createTestApp({ testDatabase: t.testDatabase, config: { METRICS_TOKEN: undefined } })
    const prod = await createTestApp({
      testDatabase: t.testDatabase,
      config: { METRICS_TOKEN: undefined, NODE_ENV: 'production' },
    })
    try {
      expect((await dev.request('/metrics', { peer: '127.0.0.1', headers: { host: 'localhost:3000' } })).status).toBe(
        200,
      )
      expect((await dev.request('/metrics', { peer: '203.0.113.9', headers: { host: 'localhost:3000' } })).status).toBe(
        404,
      )
      expect((await prod.request('/metrics', { peer: '127.0.0.1', headers: { host: 'localhost:3000' } })).status).toBe(
        404,
      )
    } finally {
      // The shared database is dropped by the first app's close().
      await dev.realtime.close()
      await prod.realtime.close()
    }
  })
})
