/**
 * The drain of a shutdown (server.ts close(), SHUTDOWN_DRAIN_MS) and the wait of a start: what lets a
 * proxy without readiness checks (nginx) restart a process under load and lose nothing
 * (scripts/topology-test.mjs measures it through nginx).
 * - While draining, the server still answers, and every answer says `Connection: close`, so a
 *   client's kept-alive connection is ended by the client between requests; the drain stops as soon
 *   as no connection is open, well before SHUTDOWN_DRAIN_MS.
 * - `close({ drain: false })` (SIGINT) does not wait.
 */
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { startServer } from './server'
import { createLogger } from './logger'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

/** GET over one kept-alive agent: the status, the Connection header, and whether the socket was reused. */
function get(agent: http.Agent, url: string): Promise<{ status: number; connection: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: String(res.headers.connection ?? ''),
          reused: req.reusedSocket,
        }),
      )
    })
    req.on('error', reject)
  })
}

async function start(drainMs: number) {
  const testDatabase = await createTestDatabase()
  return startServer({
    config: testConfig({ PORT: 0, SEED_DEMO: false, DATABASE_URL: testDatabase.url, SHUTDOWN_DRAIN_MS: drainMs }),
    log: createLogger('silent'),
    database: testDatabase.database,
  })
}

describe('shutdown drain', { timeout: 60_000 }, () => {
  it('keeps answering with Connection: close until the kept-alive connection is gone, then closes', async () => {
    const server = await start(20_000)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const before = await get(agent, `${server.url}/api/health/live`)
      expect(before).toMatchObject({ status: 200, connection: 'keep-alive' })

      const started = performance.now()
      const closed = server.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(server.lifecycle.draining).toBe(true)
      // The client's next request on its idle kept-alive connection is answered, not cut.
      const during = await get(agent, `${server.url}/api/health/ready`)
      expect(during).toEqual({ status: 503, connection: 'close', reused: true })
      // Its connection closed after that answer: nothing is open, so the drain ends long before 20 s.
      await closed
      expect(performance.now() - started).toBeLessThan(10_000)
    } finally {
      agent.destroy()
      await server.close()
    }
  })

  it('without the drain (SIGINT), the kept-alive connection is closed at once', async () => {
    const server = await start(20_000)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect((await get(agent, `${server.url}/api/health/live`)).status).toBe(200)
      const started = performance.now()
      await server.close({ drain: false })
      expect(performance.now() - started).toBeLessThan(10_000)
      await expect(get(agent, `${server.url}/api/health/live`)).rejects.toThrow()
    } finally {
      agent.destroy()
    }
  })
})
