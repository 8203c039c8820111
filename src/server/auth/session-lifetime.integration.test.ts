/**
 * Session lifetime (checklist 'Authentication and sessions': idle 30 days / absolute 90 days,
 * configurable; ASVS 7.3.1, 7.3.2). Idle: Better Auth's expires_at, renewed at most once a day by use.
 * Absolute: ours (auth/viewer.ts), counted from session.created_at however active the session is.
 * Time is moved by back-dating the session rows (the database keeps real time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp, type TestApp, type TestUser, useTestApp } from '../test/test-app'

const t = useTestApp()
let short: TestApp
beforeAll(async () => {
  // Configured from the environment, as an operator would: 7 days idle, 10 days absolute.
  const env = loadConfig({
    SESSION_IDLE_DAYS: '7',
    SESSION_MAX_DAYS: '10',
    DATA_DIR: '.tmp/test-data',
    BETTER_AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
  })
  short = await createTestApp({
    config: { SESSION_IDLE_DAYS: env.SESSION_IDLE_DAYS, SESSION_MAX_DAYS: env.SESSION_MAX_DAYS },
  })
})
afterAll(async () => {
  await short?.close()
})

async function sessionRow(app: TestApp, user: TestUser) {
  const [row] = await app.database.query<{ id: string; days_left: number }>(
    `select id, extract(epoch from (expires_at - now())) / 86400 as days_left
     from session where user_id = (select id from "user" where email = $1)`,
    [user.email.toLowerCase()],
  )
  return row
}
async function backdate(app: TestApp, user: TestUser, days: number) {
  await app.database.query(
    `update session set created_at = now() - make_interval(days => $2), updated_at = now()
     where user_id = (select id from "user" where email = $1)`,
    [user.email.toLowerCase(), days],
  )
}
async function getSession(app: TestApp, user: TestUser) {
  const res = await app.request('/api/auth/get-session', { as: user })
  return { status: res.status, body: (await res.json()) as { session?: unknown } | null }
}

describe('session idle timeout (ASVS 7.3.1)', () => {
  it('idle 30 days by default: a new session expires 30 days after its last use', async () => {
    const user = await t.signUp()
    expect(Number((await sessionRow(t, user)).days_left)).toBeCloseTo(30, 1)
  })

  it('idle timeout is configurable (SESSION_IDLE_DAYS=7)', async () => {
    const user = await short.signUp()
    expect(Number((await sessionRow(short, user)).days_left)).toBeCloseTo(7, 1)
  })

  it('idle: a session not used before its expiry ends: 401 on the API and no session from Better Auth', async () => {
    const user = await t.signUp()
    expect((await t.request('/api/me', { as: user })).status).toBe(200)
    await t.database.query(
      `update session set expires_at = now() - interval '1 second' where user_id = (select id from "user" where email = $1)`,
      [user.email.toLowerCase()],
    )
    expect((await t.request('/api/me', { as: user })).status).toBe(401)
    expect((await getSession(t, user)).body).toBeNull()
  })
})

describe('session absolute lifetime (ASVS 7.3.2)', () => {
  it('absolute 90 days: an active session created 90 days ago ends with 401 and its row is deleted', async () => {
    const user = await t.signUp()
    await backdate(t, user, 89)
    expect((await t.request('/api/me', { as: user })).status).toBe(200)
    await backdate(t, user, 90)
    // Still within its idle window (used just now), yet past the absolute lifetime.
    expect(Number((await sessionRow(t, user)).days_left)).toBeGreaterThan(29)
    const res = await t.request('/api/me', { as: user })
    expect(res.status).toBe(401)
    expect(await sessionRow(t, user)).toBeUndefined()
  })

  it('absolute lifetime holds on Better Auth paths too: get-session answers no session and deletes the row', async () => {
    const user = await t.signUp()
    await backdate(t, user, 91)
    expect((await getSession(t, user)).body).toBeNull()
    expect(await sessionRow(t, user)).toBeUndefined()
    expect((await t.request('/api/account/profile', { as: user })).status).toBe(401)
  })

  it('absolute lifetime is configurable (SESSION_MAX_DAYS=10)', async () => {
    const user = await short.signUp()
    await backdate(short, user, 9)
    expect((await short.request('/api/me', { as: user })).status).toBe(200)
    await backdate(short, user, 10)
    expect((await short.request('/api/me', { as: user })).status).toBe(401)
    expect(await sessionRow(short, user)).toBeUndefined()
  })

  it('SESSION_MAX_DAYS shorter than SESSION_IDLE_DAYS is a configuration error naming the variable', () => {
    expect(() =>
      loadConfig({
        SESSION_IDLE_DAYS: '30',
        SESSION_MAX_DAYS: '7',
        DATA_DIR: '.tmp/test-data',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/SESSION_MAX_DAYS: must be at least SESSION_IDLE_DAYS/)
  })
})
