/**
 * The server as a process: start-up failures name what failed, SIGTERM lets in-flight requests
 * finish and closes the database, and (on PostgreSQL) a database that drops mid-request gives a
 * 503 JSON answer while the process keeps running and recovers.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/test-app'

const root = path.resolve(__dirname, '../..')

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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

describe('graceful shutdown', () => {
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
