/**
 * The server as a process: start-up failures name what failed, SIGTERM lets in-flight requests
 * finish and closes the database, ends live streams with `event: shutdown` and exits within
 * SHUTDOWN_DEADLINE_MS whatever the clients do, and (on PostgreSQL) a database that drops
 * mid-request gives a 503 JSON answer while the process keeps running and recovers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/test-app'

const root = path.resolve(__dirname, '../..')

/** Every server process a test started, killed after the file should a test fail or time out with it running. */
const started = new Set<ChildProcess>()
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (stdout.includes('Homeward is running')) {
        clearInterval(timer)
        resolve()
      }
    }, 50)
    exited.then(() => {
      clearInterval(timer)
      reject(new Error(`server exited early: ${stderr}`))
    })
  })
  ready.catch(() => {}) // awaited only by tests that need a running server
  return { child, exited, ready, output: () => ({ stdout, stderr }) }
}

describe('start-up', () => {
  it('exits 1 naming the database URL (password hidden) when the database is down', async () => {
    const s = runServer({
      DATABASE_URL: 'postgres://homeward:s3cret@127.0.0.1:1/homeward',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-')),
    })
    expect(await s.exited).toBe(1)
    const { stderr } = s.output()
    expect(stderr).toContain('Could not connect to the database at postgres://homeward:***@127.0.0.1:1/homeward')
    expect(stderr).not.toContain('s3cret')
  })

  it('exits 1 naming a bad configuration variable', async () => {
    const s = runServer({ PORT: 'eighty' })
    expect(await s.exited).toBe(1)
    expect(s.output().stderr).toContain('PORT: ')
  })
})

// A first start builds the embedded database (a minute on a loaded machine): a long bound.
describe('graceful shutdown', { timeout: 180_000 }, () => {
  it('finishes an in-flight request after SIGTERM, then closes the database and exits 0', async () => {
    const port = 3900 + Math.floor(Math.random() * 90)
    const s = runServer({ PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-')) })
    await s.ready
    // A request whose body is still arriving when SIGTERM comes in.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/sign-in/email',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let body = ''
          res.on('data', (d) => (body += d))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.write('{"email": "nobody@homeward.test", ')
      setTimeout(() => {
        s.child.kill('SIGTERM')
        setTimeout(() => req.end('"password": ""}'), 300)
      }, 200)
    })
    const { status, body } = await response
    expect(status).toBe(400)
    expect(JSON.parse(body).error.message).toMatch(/email or phone number and a password/)
    expect(await s.exited).toBe(0)
    expect(s.output().stdout).toContain('SIGTERM received')
  })
})

// A first start builds the embedded database (a minute on a loaded machine): a long bound.
describe('shutdown within the deadline', { timeout: 180_000 }, () => {
  // One embedded database for both starts: the second start finds it built.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hw-'))
  const FORCED = 'closing the connections still open'

  it('ends an open live stream with event: shutdown and exits well within the deadline', async () => {
    const port = 4400 + Math.floor(Math.random() * 90)
    const base = `http://127.0.0.1:${port}`
    const s = runServer({ PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, SHUTDOWN_DEADLINE_MS: '8000' })
    await s.ready
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200)
    expect(await (await fetch(`${base}/api/health/ready`)).json()).toEqual({ status: 'ready', reasons: [] })
    const email = `stream-${Date.now()}@homeward.test`
    const auth = (p: string, body: object) =>
      fetch(`${base}/api/auth${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(body),
      })
    expect(
      (await auth('/sign-up/email', { name: 'Stream Open', email, password: 'long enough pass', role: 'buyer' }))
        .status,
    ).toBe(200)
    const signIn = await auth('/sign-in/email', { email, password: 'long enough pass' })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    // The stream every signed-in page holds, read as it arrives.
    let received = ''
    const ended = new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie } }, (res) => {
          expect(res.statusCode).toBe(200)
          res.setEncoding('utf8')
          res.on('data', (d: string) => (received += d))
          res.on('end', () => resolve())
          res.on('error', reject)
        })
        .on('error', reject)
    })
    await expect.poll(() => received, { timeout: 5_000 }).toContain('event: ready')

    const signalled = performance.now()
    s.child.kill('SIGTERM')
    await ended
    expect(received).toMatch(/event: shutdown\ndata: \{\}\nretry: \d+\n\n$/)
    expect(await s.exited).toBe(0)
    // The stream did not hold the process until the deadline cut it.
    expect(performance.now() - signalled).toBeLessThan(8_000)
    // Log lines are JSON on stdout (logger.ts).
    expect(s.output().stdout + s.output().stderr).not.toContain(FORCED)
  })

  it('cuts an upload still arriving at the deadline, then exits 0', async () => {
    const port = 4400 + Math.floor(Math.random() * 90)
    const s = runServer({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_DEADLINE_MS: '1500' })
    await s.ready
    // A body that never finishes: the client sends half of it and stalls.
    const cut = new Promise<string>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/auth/sign-in/email',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '100000' },
      })
      req.on('response', (res) => resolve(`answered ${res.statusCode}`))
      req.on('error', (err) => resolve(err.message))
      req.write('{"email": "slow@homeward.test", ')
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const signalled = performance.now()
    s.child.kill('SIGTERM')
    expect(await cut).toMatch(/socket hang up|ECONNRESET/)
    expect(await s.exited).toBe(0)
    const seconds = (performance.now() - signalled) / 1000
    expect(seconds).toBeGreaterThanOrEqual(1.4)
    expect(seconds).toBeLessThan(1.5 + 5)
    expect(s.output().stdout + s.output().stderr).toContain(FORCED)
  })
})

describe.runIf(!!process.env.TEST_DATABASE_URL)('database down mid-request (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers 503 JSON while the backend is gone, keeps running and recovers', async () => {
    const user = await t.signUp()
    expect((await t.request('/api/transactions', { as: user })).status).toBe(200)
    const dbName = new URL(t.testDatabase.url!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    // Refuse new connections and kill the open ones: the database is "down".
    await admin.query(`alter database ${dbName} with allow_connections false`)
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [dbName])
    const down = await t.request('/api/transactions', { as: user })
    expect(down.status).toBe(503)
    expect(down.headers.get('content-type')).toMatch(/application\/json/)
    expect((await down.json()).error.code).toBe('database_unavailable')
    const health = await t.request('/api/health')
    expect(health.status).toBe(503)
    expect((await health.json()).database.status).toBe('down')
    // The database comes back: the same process answers again.
    await admin.query(`alter database ${dbName} with allow_connections true`)
    await admin.end()
    const up = await t.request('/api/transactions', { as: user })
    expect(up.status).toBe(200)
    expect((await t.request('/api/health')).status).toBe(200)
  })
})
