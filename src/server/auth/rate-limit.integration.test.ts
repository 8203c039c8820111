/**
 * Rate limits on the auth endpoints (auth/rate-limits.ts), with the real limits, over real HTTP (the
 * socket address is the client unless the peer is a trusted proxy). Checklist 'Authentication and
 * sessions', 6.3.1 / 4.1.3: the 11th sign-in attempt in a minute for one account is 429 with
 * Retry-After, from one address or from eleven; a spoofed X-Forwarded-For does not reset it; the
 * session read is never limited per address but per session; the limits are shared by two server
 * processes on PostgreSQL. The office case (50 people, one address): office-load.integration.test.ts.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../server'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { TEST_PUBLIC_URL, testConfig } from '../test/test-app'

const root = path.resolve(__dirname, '../../..')
const PASSWORD = 'correct horse battery'
const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@homeward.test`
const spawnedBases = new Set<string>()
const originFor = (base: string) => (spawnedBases.has(base) ? base : TEST_PUBLIC_URL)
const randomIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`

function post(base: string, p: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/auth${p}`, {
    method: 'POST',
    // In-process servers trust TEST_PUBLIC_URL as the origin; spawned ones are told PUBLIC_URL = base.
    headers: { 'content-type': 'application/json', origin: originFor(base), ...headers },
    body: JSON.stringify(body),
  })
}
async function signUp(base: string, address: string) {
  const res = await post(base, '/sign-up/email', {
    name: 'Rita Limit',
    email: address,
    password: PASSWORD,
    role: 'buyer',
  })
  expect(res.status).toBe(200)
}
/** Sign-up signs nobody in: a session comes from signing in, which the limits count. */
async function signUpAndIn(base: string, address: string, testDatabase: TestDatabase) {
  await signUp(base, address)
  // Set-up, not the limit under test: earlier tests may have spent this address's sign-ins.
  await testDatabase.database.query(`delete from account_rate_limit where key like 'address:%|/sign-in/email|%'`)
  const res = await post(base, '/sign-in/email', { email: address, password: PASSWORD })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))!
    .split(';')[0]
}
async function expect429(res: Response) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60 * 60)
  const body = (await res.json()) as { error: { code: string; message: string } }
  expect(body.error.code).toBe('rate_limited')
  expect(body.error.message).toMatch(/try again in \d+ (second|minute|hour)/)
}

async function serve(trustedProxies: string[]) {
  const testDatabase = await createTestDatabase()
  const server = await startServer({
    config: testConfig({ AUTH_RATE_LIMIT: true, DATABASE_URL: testDatabase.url, trustedProxies }),
    log: (await import('../logger')).createLogger('silent'),
    database: testDatabase.database,
    seed: false,
  })
  // Requests go to 127.0.0.1; the session cookies and origin check use the public URL's host.
  return { testDatabase, server, base: `http://127.0.0.1:${server.port}` }
}

describe('rate limits, no trusted proxy (the socket address is the client)', () => {
  let s: { testDatabase: TestDatabase; server: RunningServer; base: string }
  beforeAll(async () => {
    s = await serve([])
  })
  afterAll(async () => {
    await s?.server.close()
  })

  it('the 11th sign-in for one account in a minute is 429 with Retry-After, whatever X-Forwarded-For says', async () => {
    const address = email('rita')
    await signUp(s.base, address)
    for (let i = 0; i < 10; i++) {
      const res = await post(
        s.base,
        '/sign-in/email',
        { email: address, password: 'wrong password' },
        { 'x-forwarded-for': randomIp() },
      )
      expect(res.status).toBe(401)
    }
    await expect429(
      await post(s.base, '/sign-in/email', { email: address, password: PASSWORD }, { 'x-forwarded-for': randomIp() }),
    )
  })

  it('change email: 10 requests an hour per person, the 11th is 429 and sends nothing', async () => {
    const cookie = await signUpAndIn(s.base, email('carl'), s.testDatabase)
    for (let i = 0; i < 10; i++) {
      const res = await post(s.base, '/change-email', { newEmail: email(`carl-new-${i}`) }, { cookie })
      expect(res.status).toBe(200)
    }
    const last = email('carl-last')
    await expect429(await post(s.base, '/change-email', { newEmail: last }, { cookie }))
    const mails = await s.testDatabase.database.query(`select 1 from mail_outbox where to_address = $1`, [last])
    expect(mails).toHaveLength(0)
  })

  it('a verification email can be re-sent once a minute per account', async () => {
    const address = email('resend')
    const cookie = await signUpAndIn(s.base, address, s.testDatabase)
    const resend = () => post(s.base, '/send-verification-email', { email: address }, { cookie })
    expect((await resend()).status).toBe(200)
    await expect429(await resend())
  })

  it('sign-in codes: one a minute per account', async () => {
    const address = email('code')
    await signUp(s.base, address)
    const send = () => post(s.base, '/email-otp/send-verification-otp', { email: address, type: 'sign-in' })
    expect((await send()).status).toBe(200)
    await expect429(await send())
  })

  it('the session read is never limited per address: 150 anonymous reads from one address all answer', async () => {
    for (let i = 0; i < 150; i++) {
      const res = await fetch(`${s.base}/api/auth/get-session`)
      expect(res.status).toBe(200)
    }
  })

  it('a session may read itself 120 times a minute; the 121st is 429, and another session is unaffected', async () => {
    const cookie = await signUpAndIn(s.base, email('reader'), s.testDatabase)
    const other = await signUpAndIn(s.base, email('colleague'), s.testDatabase)
    const read = (c: string) => fetch(`${s.base}/api/auth/get-session`, { headers: { cookie: c } })
    for (let i = 0; i < 120; i++) expect((await read(cookie)).status).toBe(200)
    await expect429(await read(cookie))
    expect((await read(other)).status).toBe(200)
  })
})

describe('rate limits behind a trusted proxy', () => {
  let s: { testDatabase: TestDatabase; server: RunningServer; base: string }
  beforeAll(async () => {
    s = await serve(['127.0.0.1', '::1'])
  })
  afterAll(async () => {
    await s?.server.close()
  })

  it('counts per client IP from X-Forwarded-For: the 31st password reset from one client in 15 minutes is 429', async () => {
    const client = '203.0.113.9'
    const reset = (ip: string) =>
      post(s.base, '/request-password-reset', { email: email('who') }, { 'x-forwarded-for': ip })
    for (let i = 0; i < 30; i++) expect((await reset(client)).status).toBe(200)
    await expect429(await reset(client))
    // Another client behind the same proxy is not affected.
    expect((await reset('203.0.113.10')).status).toBe(200)
  })

  it('11 wrong passwords for one account from 11 different addresses: the 11th is still refused', async () => {
    const address = email('spread')
    await signUp(s.base, address)
    for (let i = 1; i <= 10; i++) {
      const res = await post(
        s.base,
        '/sign-in/email',
        { email: address, password: 'wrong' + i },
        { 'x-forwarded-for': `192.0.2.${i}` },
      )
      expect(res.status).toBe(401)
    }
    await expect429(
      await post(
        s.base,
        '/sign-in/email',
        { email: address, password: 'wrong 11' },
        { 'x-forwarded-for': '192.0.2.11' },
      ),
    )
    // Nor does the right password get through this minute.
    await expect429(
      await post(s.base, '/sign-in/email', { email: address, password: PASSWORD }, { 'x-forwarded-for': '192.0.2.12' }),
    )
  })

  it('a new client IP per attempt does not reset the per-account limit', async () => {
    const address = email('rotating')
    await signUp(s.base, address)
    for (let i = 0; i < 10; i++) {
      const res = await post(
        s.base,
        '/sign-in/email',
        { email: address, password: 'wrong' + i },
        { 'x-forwarded-for': randomIp() },
      )
      expect(res.status).toBe(401)
    }
    await expect429(
      await post(s.base, '/sign-in/email', { email: address, password: PASSWORD }, { 'x-forwarded-for': randomIp() }),
    )
  })
})

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // No real partners here: the opt-in production needs for the sandbox ones (config.ts).
      SANDBOX_PARTNERS: 'true',
      ...env,
    },
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
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(`server exited early: ${stderr}`))
    })
  })
  return { child, exited, ready }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let testDatabase: TestDatabase
  let dataDir: string
  const servers: ReturnType<typeof runServer>[] = []
  const ports = [3960 + Math.floor(Math.random() * 20), 3985 + Math.floor(Math.random() * 10)]
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    dataDir = mkdtempSync(path.join(tmpdir(), 'hw-rl-'))
    for (const port of ports) {
      servers.push(
        runServer({
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: testDatabase.url!,
          DATA_DIR: dataDir,
          BETTER_AUTH_SECRET: 'two-processes-share-this-secret-of-32+chars',
        }),
      )
    }
    await Promise.all(servers.map((s) => s.ready))
  }, 60_000)
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM')
    await Promise.all(servers.map((s) => s.exited))
    await testDatabase?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('shares the per-account sign-in limit: 10 attempts spread over both, the 11th is 429 on either', async () => {
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    for (const b of bases) spawnedBases.add(b)
    const address = email('shared')
    await signUp(bases[0], address)
    for (let i = 0; i < 10; i++) {
      const res = await post(
        bases[i % 2],
        '/sign-in/email',
        { email: address, password: 'wrong' },
        { 'x-forwarded-for': randomIp() },
      )
      expect(res.status).toBe(401)
    }
    await expect429(await post(bases[0], '/sign-in/email', { email: address, password: PASSWORD }))
    await expect429(await post(bases[1], '/sign-in/email', { email: address, password: PASSWORD }))
  })

  it('shares the per-address limit across both processes: 30 password resets spread over both, the 31st is 429 on either', async () => {
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    const reset = (base: string) => post(base, '/request-password-reset', { email: email('fresh') })
    for (let i = 0; i < 30; i++) expect((await reset(bases[i % 2])).status).toBe(200)
    await expect429(await reset(bases[0]))
    await expect429(await reset(bases[1]))
  })

  it('a session read on one process counts on the other: the 121st read in a minute is 429 on either', async () => {
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    const address = email('two-tabs')
    await signUp(bases[0], address)
    const signIn = await post(bases[1], '/sign-in/email', { email: address, password: PASSWORD })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]
    const read = (base: string) => fetch(`${base}/api/auth/get-session`, { headers: { cookie } })
    for (let i = 0; i < 120; i++) expect((await read(bases[i % 2])).status).toBe(200)
    await expect429(await read(bases[0]))
    await expect429(await read(bases[1]))
  })
})
