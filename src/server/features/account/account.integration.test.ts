/**
 * Account settings and session security (checklist 'Authentication and
 * sessions'): the session cookie, replaying a cookie after sign-out or a password change, ending one,
 * other or all sessions, re-authentication for a stale session, the profile name, and security events
 * recorded for each action and readable only by their owner.
 */
import { describe, expect, it } from 'vitest'
import { sessionCookieFrom, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { REAUTHENTICATE_MESSAGE } from '#server/http/edge-helpers.ts'

const t = useTestApp()

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A request as if from a socket at `ip` (what @hono/node-server gives the app), with a user agent. */
function fromAddress(
  path: string,
  {
    ip,
    ua,
    cookie,
    json,
    headers = {},
  }: { ip: string; ua?: string; cookie?: string; json?: unknown; headers?: Record<string, string> },
) {
  const h: Record<string, string> = { ...headers }
  if (ua) h['user-agent'] = ua
  if (cookie) h.cookie = cookie
  if (json !== undefined) h['content-type'] = 'application/json'
  return t.app.request(
    path,
    {
      method: json === undefined ? 'GET' : 'POST',
      headers: h,
      body: json === undefined ? undefined : JSON.stringify(json),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  )
}

/** Signs the user in again (a second device); returns that session's cookie. */
async function signIn(user: TestUser, opts: { ip?: string; ua?: string; password?: string } = {}) {
  const res = await fromAddress('/api/auth/sign-in/email', {
    ip: opts.ip ?? '192.0.2.10',
    ua: opts.ua,
    json: { email: user.email, password: opts.password ?? user.password },
  })
  expect(res.status).toBe(200)
  return sessionCookieFrom(res)
}

const as = (cookie: string) => ({ cookie }) as TestUser

async function status(path: string, cookie: string) {
  return (await t.request(path, { as: as(cookie) })).status
}

async function events(user: TestUser | string) {
  const res = await t.request('/api/account/security-events', { as: typeof user === 'string' ? as(user) : user })
  expect(res.status).toBe(200)
  return (await res.json()).events as Array<{
    kind: string
    detail: Record<string, unknown>
    ip: string | null
    device: string
    createdAt: string
  }>
}

describe('session cookie (ASVS 7.2.3, 7.2.4)', () => {
  it('is a new token at every sign-in, of at least 128 bits, HttpOnly and SameSite=Lax', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password: user.password } })
    expect(res.status).toBe(200)
    const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!
    expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i)
    expect(setCookie).toMatch(/;\s*SameSite=Lax(;|$)/i)
    const cookie = setCookie.split(';')[0]
    expect(cookie).not.toBe(user.cookie)
    const again = await signIn(user)
    expect(again).not.toBe(cookie)
    // The cookie is `token.signature`; the token is Better Auth's random [A-Za-z0-9] string.
    const token = decodeURIComponent(cookie.split('=')[1]).split('.')[0]
    expect(token).toMatch(/^[A-Za-z0-9]+$/)
    expect(token.length * Math.log2(62)).toBeGreaterThanOrEqual(128)
    const tokens = await t.database.query<{ token: string }>(
      `select s.token from session s join "user" u on u.id = s.user_id where u.email = $1`,
      [user.email],
    )
    expect(new Set(tokens.map((r) => r.token)).size).toBe(3)
  })
})

describe('replaying an old cookie (ASVS 7.4.1, 7.4.2)', () => {
  it('after sign-out: 401 at once on data endpoints', async () => {
    const user = await t.signUp()
    expect(await status('/api/me', user.cookie)).toBe(200)
    expect(await status('/api/transactions', user.cookie)).toBe(200)
    const out = await t.request('/api/auth/sign-out', { as: user, json: {} })
    expect(out.status).toBe(200)
    expect(await status('/api/me', user.cookie)).toBe(401)
    expect(await status('/api/transactions', user.cookie)).toBe(401)
  })

  it('after a password change: every earlier session gets 401 at once; the new session and password work', async () => {
    const user = await t.signUp()
    const laptop = await signIn(user)
    const res = await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect(res.status).toBe(200)
    const fresh = sessionCookieFrom(res)
    expect(await status('/api/me', user.cookie)).toBe(401)
    expect(await status('/api/transactions', user.cookie)).toBe(401)
    expect(await status('/api/me', laptop)).toBe(401)
    expect(await status('/api/me', fresh)).toBe(200)
    const oldPassword = await t.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
    })
    expect(oldPassword.status).toBe(401)
    await signIn(user, { password: 'a brand new passphrase' })
  })

  it('keeps everything when the current password is wrong, and says so', async () => {
    const user = await t.signUp()
    const other = await signIn(user)
    const res = await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.message).toBe('Your current password is not right.')
    expect(await status('/api/me', user.cookie)).toBe(200)
    expect(await status('/api/me', other)).toBe(200)
  })

  it.each([
    [{ currentPassword: 'x', newPassword: 'short' }, 'newPassword'],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(129) }, 'newPassword'],
    [{ newPassword: 'long enough password' }, 'currentPassword'],
  ])('rejects a change-password body %j naming the field', async (json, field) => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/change-password', { as: user, json })
    expect(res.status).toBe(400)
    expect(Object.keys((await res.json()).error.fields)).toContain(field)
  })
})

describe('ending sessions (local / others / global)', () => {
  it('lists the sessions with device, IP and this one marked', async () => {
    const user = await t.signUp()
    const phone = await signIn(user, { ip: '203.0.113.7', ua: FIREFOX_LINUX })
    const desk = await signIn(user, { ip: '198.51.100.20', ua: CHROME_WINDOWS })
    const res = await t.request('/api/account/sessions', { as: as(desk) })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.signedInRecently).toBe(true)
    expect(body.sessions).toHaveLength(3)
    expect(body.sessions[0]).toMatchObject({ current: true, device: 'Chrome on Windows' })
    expect(body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(body.sessions).toContainEqual(expect.objectContaining({ current: false, device: 'Firefox on Linux' }))
    expect(JSON.stringify(body)).not.toContain(decodeURIComponent(phone.split('=')[1]).split('.')[0])
  })

  it('shows the client IP each session began from (the socket, not a spoofed X-Forwarded-For)', async () => {
    const user = await t.signUp()
    const phone = await fromAddress('/api/auth/sign-in/email', {
      ip: '203.0.113.7',
      ua: FIREFOX_LINUX,
      json: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '10.9.9.9' },
    })
    expect(phone.status).toBe(200)
    const desk = await signIn(user, { ip: '198.51.100.20', ua: CHROME_WINDOWS })
    const { sessions } = await (await t.request('/api/account/sessions', { as: as(desk) })).json()
    expect(sessions[0]).toMatchObject({ current: true, ip: '198.51.100.20' })
    expect(sessions).toContainEqual(expect.objectContaining({ device: 'Firefox on Linux', ip: '203.0.113.7' }))
  })

  it('one: the chosen session gets 401, the others keep working; another person cannot end it', async () => {
    const user = await t.signUp()
    const phone = await signIn(user, { ua: FIREFOX_LINUX })
    const stranger = await t.signUp()
    const { sessions } = await (await t.request('/api/account/sessions', { as: user })).json()
    const phoneSession = sessions.find((s: { device: string }) => s.device === 'Firefox on Linux')
    const theirs = await t.request(`/api/account/sessions/${phoneSession.id}`, { method: 'DELETE', as: stranger })
    expect(theirs.status).toBe(404)
    expect(await status('/api/me', phone)).toBe(200)
    const res = await t.request(`/api/account/sessions/${phoneSession.id}`, { method: 'DELETE', as: user })
    expect(res.status).toBe(204)
    expect(await status('/api/me', phone)).toBe(401)
    expect(await status('/api/me', user.cookie)).toBe(200)
    const again = await t.request(`/api/account/sessions/${phoneSession.id}`, { method: 'DELETE', as: user })
    expect(again.status).toBe(404)
  })

  it('others: every other session gets 401, this one keeps working', async () => {
    const user = await t.signUp()
    const a = await signIn(user)
    const b = await signIn(user)
    const res = await t.request('/api/auth/revoke-other-sessions', { as: user, json: {} })
    expect(res.status).toBe(200)
    expect(await status('/api/me', a)).toBe(401)
    expect(await status('/api/me', b)).toBe(401)
    expect(await status('/api/me', user.cookie)).toBe(200)
  })

  it('all: every session, this one included, gets 401', async () => {
    const user = await t.signUp()
    const a = await signIn(user)
    const res = await t.request('/api/auth/revoke-sessions', { as: user, json: {} })
    expect(res.status).toBe(200)
    expect(await status('/api/me', a)).toBe(401)
    expect(await status('/api/me', user.cookie)).toBe(401)
    expect(await status('/api/transactions', user.cookie)).toBe(401)
  })
})

describe('re-authentication (ASVS 7.5.1)', () => {
  it('asks a session older than a day to sign in again before changing the password', async () => {
    const user = await t.signUp()
    const other = await signIn(user)
    await t.database.query(
      `update session set created_at = now() - interval '25 hours'
       where user_id = (select id from "user" where email = $1)`,
      [user.email],
    )
    const list = await (await t.request('/api/account/sessions', { as: user })).json()
    expect(list.signedInRecently).toBe(false)
    const res = await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).error.message).toBe(REAUTHENTICATE_MESSAGE)
    // Nothing changed: both sessions and the old password still work.
    expect(await status('/api/me', user.cookie)).toBe(200)
    expect(await status('/api/me', other)).toBe(200)
    // Signing in again gives a fresh session that may change it.
    const fresh = await signIn(user)
    const ok = await t.request('/api/auth/change-password', {
      as: as(fresh),
      json: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect(ok.status).toBe(200)
  })

  it('lets a session just under a day old change it', async () => {
    const user = await t.signUp()
    await t.database.query(
      `update session set created_at = now() - interval '23 hours'
       where user_id = (select id from "user" where email = $1)`,
      [user.email],
    )
    const res = await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect(res.status).toBe(200)
  })
})

describe('profile', () => {
  it('changes the full name in the profile and the sign-in account together', async () => {
    const user = await t.signUp({ name: 'Old Name' })
    const res = await t.request('/api/account/profile', {
      method: 'PATCH',
      as: user,
      json: { fullName: '  Priya Natarajan ' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ fullName: 'Priya Natarajan', email: user.email, language: 'en' })
    const me = await (await t.request('/api/me', { as: user })).json()
    expect(me.profile.full_name).toBe('Priya Natarajan')
    const session = await (await t.request('/api/auth/get-session', { as: user })).json()
    expect(session.user.name).toBe('Priya Natarajan')
    expect(await (await t.request('/api/account/profile', { as: user })).json()).toEqual({
      fullName: 'Priya Natarajan',
      email: user.email,
      language: 'en',
    })
  })

  it.each([[{ fullName: '' }], [{ fullName: 'x'.repeat(121) }], [{}]])(
    'rejects %j with 400 and changes nothing',
    async (json) => {
      const user = await t.signUp({ name: 'Kept Name' })
      const res = await t.request('/api/account/profile', { method: 'PATCH', as: user, json })
      expect(res.status).toBe(400)
      expect((await (await t.request('/api/me', { as: user })).json()).profile.full_name).toBe('Kept Name')
    },
  )

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/account/profile', { method: 'PATCH', json: { fullName: 'A' } })).status).toBe(401)
    expect((await t.request('/api/account/sessions')).status).toBe(401)
    expect((await t.request('/api/account/security-events')).status).toBe(401)
  })
})

describe('security events', () => {
  it('records each action with time, IP and device, newest first, for the owner only', async () => {
    const user = await t.signUp()
    const intruder = await t.signUp()
    // A failed sign-in for the account, with a spoofed X-Forwarded-For that must not be believed.
    const failed = await fromAddress('/api/auth/sign-in/email', {
      ip: '203.0.113.66',
      ua: FIREFOX_LINUX,
      json: { email: user.email, password: 'wrong password!' },
      headers: { 'x-forwarded-for': '10.9.9.9' },
    })
    expect(failed.status).toBe(401)
    const laptop = await signIn(user, { ip: '198.51.100.20', ua: CHROME_WINDOWS })
    const phone = await signIn(user, { ip: '203.0.113.7', ua: FIREFOX_LINUX })
    const { sessions } = await (await t.request('/api/account/sessions', { as: as(laptop) })).json()
    const phoneId = sessions.find((s: { device: string }) => s.device === 'Firefox on Linux').id
    expect((await t.request(`/api/account/sessions/${phoneId}`, { method: 'DELETE', as: as(laptop) })).status).toBe(204)
    expect(await status('/api/me', phone)).toBe(401)
    await signIn(user)
    expect((await t.request('/api/auth/revoke-other-sessions', { as: as(laptop), json: {} })).status).toBe(200)
    const wrong = await t.request('/api/auth/change-password', {
      as: as(laptop),
      json: { currentPassword: 'not it at all', newPassword: 'another passphrase' },
    })
    expect(wrong.status).toBe(400)
    const changed = await t.request('/api/auth/change-password', {
      as: as(laptop),
      json: { currentPassword: user.password, newPassword: 'another passphrase' },
    })
    expect(changed.status).toBe(200)
    const current = sessionCookieFrom(changed)
    await signIn(user, { password: 'another passphrase' })
    expect((await t.request('/api/auth/revoke-sessions', { as: as(current), json: {} })).status).toBe(200)
    const last = await signIn(user, { password: 'another passphrase' })
    expect((await t.request('/api/auth/sign-out', { as: as(last), json: {} })).status).toBe(200)
    const reader = await signIn(user, { password: 'another passphrase' })

    const list = await events(reader)
    expect(list.map((e) => e.kind)).toEqual([
      'sign_in.succeeded',
      'sign_out',
      'sign_in.succeeded',
      'sessions.revoked',
      'sign_in.succeeded',
      'password.changed',
      'password.change_failed',
      'sessions.revoked',
      'sign_in.succeeded',
      'sessions.revoked',
      'sign_in.succeeded',
      'sign_in.succeeded',
      'sign_in.failed',
      'sign_in.succeeded', // t.signUp signs in after signing up
      'account.created',
    ])
    const times = list.map((e) => Date.parse(e.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(list.at(-3)).toMatchObject({
      ip: '203.0.113.66',
      device: 'Firefox on Linux',
      detail: { method: 'email', status: 401 },
    })
    expect(list.at(-4)).toMatchObject({ ip: '198.51.100.20', device: 'Chrome on Windows' })
    expect(list.filter((e) => e.kind === 'sessions.revoked').map((e) => e.detail)).toEqual([
      { scope: 'global', count: 2 },
      { scope: 'others', count: 2 },
      { scope: 'one', count: 1 },
    ])
    expect(list.find((e) => e.kind === 'password.changed')?.detail).toEqual({ otherSessionsEnded: true })

    // Another person sees none of them; their own list has only their sign-up and first sign-in.
    expect((await events(intruder)).map((e) => e.kind)).toEqual(['sign_in.succeeded', 'account.created'])
  })

  it('records a failed sign-in for an unknown email without an account, and a stale password change', async () => {
    const email = `nobody-${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-in/email', { json: { email, password: 'whatever you like' } })
    expect(res.status).toBe(401)
    const rows = await t.database.query<{ user_id: string | null; kind: string }>(
      `select user_id, kind from security_events where kind = 'sign_in.failed' and user_id is null`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(1)

    const user = await t.signUp()
    await t.database.query(
      `update session set created_at = now() - interval '2 days' where user_id = (select id from "user" where email = $1)`,
      [user.email],
    )
    await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect((await events(user))[0]).toMatchObject({
      kind: 'password.change_failed',
      detail: { status: 403, code: 'forbidden' },
    })
  })

  it('cannot be edited or deleted, even by the application', async () => {
    const user = await t.signUp()
    await expect(
      t.database.query(`update security_events set kind = 'sign_out' where kind = 'account.created'`),
    ).rejects.toThrow(/append-only/)
    await expect(t.database.query(`delete from security_events`)).rejects.toThrow(/append-only/)
    expect((await events(user)).map((e) => e.kind)).toEqual(['sign_in.succeeded', 'account.created'])
  })
})
