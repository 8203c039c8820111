/**
 * The HTTP edge as a whole: same-origin at whatever address, CSRF without an Origin
 * header and the 1 MB body limit before parsing and rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, sessionCookieFrom, type TestApp } from '../test/test-app'

const TX = {
  address_line_1: '3 Any Address Lane',
  town: 'St Albans',
  postcode: 'AL1 4NG',
  role: 'buyer',
  agreed_price: 300000,
  tenure: 'freehold',
} as const
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
const email = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}@homeward.test`

describe('PUBLIC_URL not set: the address the app was opened at is same-origin', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrlSet: false, publicUrl: 'http://localhost:3000' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it.each(['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000', 'http://192.168.1.20:3000'])(
    'at %s: sign up, create a move, sign out; a foreign Origin is 403',
    async (base) => {
      const origin = { origin: base }
      const address = email('any')
      const signUp = await t.request(`${base}/api/auth/sign-up/email`, {
        json: { name: 'Any Address', email: address, password: 'long enough pass', role: 'buyer' },
        headers: origin,
      })
      expect(signUp.status, await signUp.clone().text()).toBe(200)
      // Sign-up signs nobody in: sign in from the same address.
      const signIn = await t.request(`${base}/api/auth/sign-in/email`, {
        json: { email: address, password: 'long enough pass' },
        headers: origin,
      })
      expect(signIn.status, await signIn.clone().text()).toBe(200)
      const cookie = sessionCookieFrom(signIn)
      const created = await t.request(`${base}/api/transactions`, { json: TX, headers: { ...origin, cookie } })
      expect(created.status, await created.clone().text()).toBe(201)
      const evil = await t.request(`${base}/api/transactions`, {
        json: TX,
        headers: { origin: 'https://evil.example', cookie },
      })
      expect(evil.status).toBe(403)
      // Better Auth's own check (a cookie-carrying request) follows the same rule.
      const evilOut = await t.request(`${base}/api/auth/sign-out`, {
        json: {},
        headers: { origin: 'https://evil.example', cookie },
      })
      expect(evilOut.status).toBe(403)
      const signOut = await t.request(`${base}/api/auth/sign-out`, { json: {}, headers: { ...origin, cookie } })
      expect(signOut.status, await signOut.clone().text()).toBe(200)
    },
  )

  it('a page at another address of this machine is still another origin', async () => {
    const res = await t.request('http://127.0.0.1:3000/api/auth/sign-up/email', {
      json: { name: 'Cross', email: email('cross'), password: 'long enough pass', role: 'buyer' },
      headers: { origin: 'http://127.0.0.1:4000' },
    })
    expect(res.status).toBe(403)
  })
})

describe('PUBLIC_URL set: its origin and TRUSTED_ORIGINS only', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        publicUrlSet: true,
        publicUrl: 'https://homeward.example',
        trustedOrigins: ['https://www.homeward.example'],
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it.each([
    ['https://homeward.example', 200],
    ['https://www.homeward.example', 200],
    ['http://10.0.0.5:3000', 403],
    ['https://evil.example', 403],
  ])('sign-up from %s answers %i', async (origin, status) => {
    const res = await t.request('http://10.0.0.5:3000/api/auth/sign-up/email', {
      json: { name: 'Set', email: email('set'), password: 'long enough pass', role: 'buyer' },
      headers: { origin },
    })
    expect(res.status).toBe(status)
  })
})

describe('a state-changing request without Origin', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const count = async () =>
    Number((await t.database.query<{ n: number }>(`select count(*)::int as n from transactions`))[0].n)

  it('from a browser (fetch metadata) without Origin or Sec-Fetch-Site, or another site: 403, nothing written', async () => {
    const user = await t.signUp()
    const before = await count()
    // Sent with app.request directly: the test app's request() adds an Origin as browsers do.
    const attempts: Array<Record<string, string>> = [
      { 'user-agent': BROWSER, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { 'user-agent': BROWSER, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/form' },
    ]
    for (const headers of attempts) {
      const rest = headers
      const res = await t.app.request('/api/transactions', {
        method: 'POST',
        headers: { ...rest, cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(TX),
      })
      expect(res.status, JSON.stringify(headers)).toBe(403)
    }
    expect(await count()).toBe(before)
  })

  it('from a browser saying Sec-Fetch-Site: same-origin, or an API client: allowed', async () => {
    const user = await t.signUp()
    const clients: Array<Record<string, string>> = [
      { 'user-agent': BROWSER, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      { 'user-agent': 'curl/8.5.0' },
      // Playwright's request context: a browser User-Agent, but no fetch metadata, driven by no page.
      { 'user-agent': BROWSER },
    ]
    for (const headers of clients) {
      const res = await t.app.request('/api/transactions', {
        method: 'POST',
        headers: { ...headers, cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(TX),
      })
      expect(res.status, JSON.stringify(headers)).toBe(201)
    }
  })
})

describe('request body limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { AUTH_RATE_LIMIT: true } })
  })
  afterAll(async () => {
    await t?.close()
  })

  const big = () => JSON.stringify({ email: 'big@homeward.test', password: 'x'.repeat(2 * 1024 * 1024) })

  it('a 2 MB JSON sign-in is 413 with a JSON message, before parsing or rate limiting', async () => {
    const before = await t.database.query(`select count(*)::int as n from account_rate_limit`)
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        'content-length': String(big().length),
      },
      body: big(),
    })
    expect(res.status).toBe(413)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('payload_too_large')
    expect(body.error.message).toMatch(/limit is 1 MB/)
    expect(await t.database.query(`select count(*)::int as n from account_rate_limit`)).toEqual(before)
  })

  it("a chunked 2 MB body (no Content-Length) is 413 too, on our routes as on Better Auth's", async () => {
    const user = await t.signUp()
    for (const path of ['/api/auth/sign-in/email', '/api/transactions']) {
      const bytes = new TextEncoder().encode(big())
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024))
          controller.close()
        },
      })
      const res = await t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: user.cookie },
        body: stream,
        duplex: 'half',
      } as RequestInit)
      expect(res.status, path).toBe(413)
    }
  })

  it('a body under 1 MB is read as usual', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      json: { email: 'small@homeward.test', password: 'x'.repeat(1000) },
    })
    expect(res.status).not.toBe(413)
  })
})

describe('a NUL character in input', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is refused with 400 naming the field, on our routes and Better Auth’s, and nothing is written', async () => {
    const user = await t.signUp()
    const before = await t.database.query(`select count(*)::int as n from transactions`)
    const attempts: Array<{ path: string; method?: string; json: unknown; as?: typeof user; field: string }> = [
      {
        path: '/api/transactions',
        json: { ...TX, address_line_1: '1 Nul\u0000 Street' },
        as: user,
        field: 'address_line_1',
      },
      {
        path: '/api/account/profile',
        method: 'PATCH',
        json: { fullName: 'Nul\u0000Name' },
        as: user,
        field: 'fullName',
      },
      {
        path: '/api/auth/sign-up/email',
        json: { name: 'Nul\u0000', email: email('nul'), password: 'long enough pass', role: 'buyer' },
        field: 'name',
      },
      { path: '/api/auth/sign-in/email', json: { email: user.email, password: 'x\u0000y' }, field: 'password' },
    ]
    for (const a of attempts) {
      const res = await t.request(a.path, { method: a.method, json: a.json, as: a.as })
      expect(res.status, a.path).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } }
      expect(body.error.message, a.path).toMatch(/NUL character/)
      expect(Object.keys(body.error.fields ?? {}), a.path).toEqual([a.field])
    }
    expect(await t.database.query(`select count(*)::int as n from transactions`)).toEqual(before)
    const [me] = await t.database.query<{ full_name: string }>(`select full_name from profiles where id = $1`, [
      user.profileId,
    ])
    expect(me.full_name).not.toContain('\u0000')
  })

  it('signed out on a private route: 401 first, naming no field', async () => {
    const res = await t.request('/api/transactions', { json: { ...TX, address_line_1: 'x\u0000' } })
    expect(res.status).toBe(401)
  })
})

describe('password reset answers a known and an unknown email in the same time', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers before the email is queued, so a slow outbox does not show which address is known', async () => {
    const user = await t.signUp()
    // Writing to the outbox now takes 2 s: only the known address's request writes there.
    await t.database.query(`create function homeward_test_slow_mail() returns trigger language plpgsql as $$
      begin perform pg_sleep(2); return new; end $$`)
    await t.database.query(`create trigger homeward_test_slow_mail before insert on mail_outbox
      for each row execute function homeward_test_slow_mail()`)
    try {
      const timed = async (address: string) => {
        const started = performance.now()
        const res = await t.app.request('/api/auth/request-password-reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
          body: JSON.stringify({ email: address, redirectTo: '/reset-password' }),
        })
        const ms = performance.now() - started
        return { status: res.status, body: await res.text(), ms }
      }
      const known = await timed(user.email)
      const unknown = await timed(email('nobody'))
      expect(known.status).toBe(200)
      expect(unknown).toMatchObject({ status: 200, body: known.body })
      expect(known.ms).toBeLessThan(1500)
      // ... and the email still arrives.
      await t.auth.mailIdle()
      const mails = await t.database.query(
        `select 1 from mail_outbox where to_address = $1 and kind = 'reset-password'`,
        [user.email],
      )
      expect(mails).toHaveLength(1)
    } finally {
      await t.auth.mailIdle()
      await t.database.query(`drop trigger homeward_test_slow_mail on mail_outbox`)
      await t.database.query(`drop function homeward_test_slow_mail()`)
    }
  })
})
