/**
 * An office behind one address (issue 42, item 9): 50 fee earners whose requests all come from one
 * client IP (a firm's NAT or proxy) sign up, sign in and browse with no 429, while the limits stay on
 * (AUTH_RATE_LIMIT) and still count every request. The requests go through the whole app (edge,
 * client address from the socket peer as @hono/node-server reports it, Better Auth, our limiter in
 * the database), in process.
 *
 * A minute of browsing, compressed: each person loads ROUNDS pages (a brisk page every 4 seconds for
 * a minute), each page reading the session (/api/auth/get-session), the dashboard, one move and the
 * notifications, all 50 at once and as fast as the server answers. The limiter's windows are fixed
 * and at least a minute long, so when the run takes under a minute every count of the minute lands
 * in one window (the test then checks the stored counts are exactly the requests made): harsher on
 * the limits than the same requests spread over a real minute, which could split them over two.
 * Time: about 30-50 s for the browsing on a loaded 2-core machine (PGlite or PostgreSQL).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTransaction } from '../test/factories'
import { createTestApp, sessionCookieFrom, type TestApp } from '../test/test-app'
import { ADDRESS_RULES } from './rate-limits'
import { withoutRequestId } from '#server/test/error-body.ts'

const OFFICE = '203.0.113.50'
const PEOPLE = 50
/** Page loads per person in the compressed minute: one every 4 seconds. */
const ROUNDS = 15
/** What a page of the signed-in app reads (the app reads /api/me once a minute: its staleTime). */
const page = (txId: string) => [
  '/api/auth/get-session',
  '/api/transactions',
  `/api/transactions/${txId}`,
  '/api/notifications',
]
const PASSWORD = 'correct horse battery'

interface Person {
  email: string
  cookie: string
  txId: string
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { AUTH_RATE_LIMIT: true } })
})
afterAll(async () => {
  await t?.close()
})

const fromOffice = (path: string, init: Parameters<TestApp['request']>[1] = {}) =>
  t.request(path, { ...init, peer: OFFICE })

/** Runs `task` for 0..n-1 with at most `width` at a time, in order of start. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(n)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++
        out[i] = await task(i)
      }
    }),
  )
  return out
}

describe('an office of 50 behind one address', () => {
  let people: Person[] = []

  it('50 people sign up and sign in from one address within the same minute, without a 429', async () => {
    people = await pool(PEOPLE, 10, async (i) => {
      const email = `fee-earner-${i}-${randomUUID().slice(0, 8)}@firm.test`
      const signUp = await fromOffice('/api/auth/sign-up/email', {
        json: { name: `Fee Earner ${i}`, email, password: PASSWORD, role: 'conveyancer' },
      })
      expect(signUp.status).toBe(200)
      await t.database.query(`update "user" set email_verified = true where email = $1`, [email])
      const signIn = await fromOffice('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })
      expect(signIn.status).toBe(200)
      const cookie = sessionCookieFrom(signIn)
      const me = (await (await fromOffice('/api/me', { as: { cookie } })).json()) as { profile: { id: string } }
      const { transactionId } = await createTransaction(t.database, {
        createdBy: null,
        participants: [{ profileId: me.profile.id, role: 'buyer_conveyancer' }],
      })
      return { email, cookie, txId: transactionId }
    })
    // The limiter counted them: 50 sign-ins from the office address in one window.
    const [row] = await t.database.query<{ count: number }>(`select count from account_rate_limit where key = $1`, [
      `address:${OFFICE}|/sign-in/email|60`,
    ])
    expect(Number(row.count)).toBe(PEOPLE)
  }, 60_000)

  it('all 50 browse a minute of pages (compressed) with no 429, each request counted', async () => {
    expect(people).toHaveLength(PEOPLE)
    const statuses = new Map<number, number>()
    const started = Date.now()
    await pool(PEOPLE, PEOPLE, async (i) => {
      const person = people[i]
      const as = { cookie: person.cookie }
      expect((await fromOffice('/api/me', { as })).status).toBe(200)
      for (let round = 0; round < ROUNDS; round++) {
        // One page load: the session read, then what the page shows.
        for (const path of page(person.txId)) {
          const res = await fromOffice(path, { as })
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
          await res.arrayBuffer()
        }
      }
    })
    const seconds = (Date.now() - started) / 1000
    expect(Object.fromEntries(statuses)).toEqual({ 200: PEOPLE * ROUNDS * page('').length })
    // Real counts: each session's reads were counted (per session, never per address), all in one window.
    const rows = await t.database.query<{ key: string; count: number }>(
      `select key, count from account_rate_limit where key like 'session:%|/get-session|60'`,
    )
    expect(rows).toHaveLength(PEOPLE)
    // Under a minute (the usual case), all in one window: the counts are exactly the reads made. On a
    // machine so loaded that the run outlasted the window, the later reads started a new one.
    for (const row of rows) {
      if (seconds < 60) expect(Number(row.count)).toBe(ROUNDS)
      else expect(Number(row.count)).toBeGreaterThanOrEqual(1)
    }
    expect(await t.database.query(`select 1 from account_rate_limit where key like 'address:%get-session%'`)).toEqual(
      [],
    )
    console.info(
      `office load: ${PEOPLE * ROUNDS * page('').length} requests by ${PEOPLE} sessions in ${seconds.toFixed(1)} s`,
    )
  }, 75_000)

  it('many accounts from one address are fine up to the ceiling; past it, 429 with Retry-After and a message', async () => {
    const address = '203.0.113.77'
    const ceiling = ADDRESS_RULES['/sign-in/email'].max
    // Wrong passwords for unknown accounts: each counts against the address (and its own account).
    const statuses = await pool(ceiling, 10, async (i) => {
      const res = await t.request('/api/auth/sign-in/email', {
        peer: address,
        json: { email: `nobody-${i}-${randomUUID().slice(0, 6)}@firm.test`, password: 'wrong password' },
      })
      return res.status
    })
    expect(statuses.filter((s) => s === 401)).toHaveLength(ceiling)
    const refused = await t.request('/api/auth/sign-in/email', {
      peer: address,
      json: { email: `one-more@firm.test`, password: 'wrong password' },
    })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const body = (await refused.json()) as { error: { code: string; message: string } }
    expect(withoutRequestId(body).error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/),
    })
    // The office next door (another address) is not affected.
    const other = await t.request('/api/auth/sign-in/email', {
      peer: '203.0.113.78',
      json: { email: `neighbour@firm.test`, password: 'wrong password' },
    })
    expect(other.status).toBe(401)
  }, 60_000)
})
