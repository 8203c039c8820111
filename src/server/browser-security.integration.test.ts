/**
 * Checklist 'Browser' (ASVS 3.5.1, 3.5.3, 3.7.2, 3.4.x): state-changing requests from a foreign
 * Origin, form-encoded, or as GET are refused and change nothing, on our routes and Better Auth's
 * /api/auth/*; redirect targets other than same-origin paths are refused by Better Auth's
 * trustedOrigins check; personal API responses carry Cache-Control: no-store.
 */
import { describe, expect, it } from 'vitest'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from './test/test-app'

const t = useTestApp()

const FOREIGN = 'https://evil.example'
const address = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}@homeward.test`

/** What a person's account looks like, to prove a refused request changed nothing. */
async function snapshot(user: TestUser) {
  const [row] = await t.database.query<{ name: string; email: string; sessions: number; password: string }>(
    `select p.full_name as name, u.email, (select count(*)::int from session s where s.user_id = u.id) as sessions,
            (select a.password from account a where a.user_id = u.id and a.provider_id = 'credential') as password
     from profiles p join "user" u on u.id = p.auth_id where p.id = $1`,
    [user.profileId],
  )
  return row
}

/** State-changing requests a page on another site could aim at a signed-in person. */
const STATE_CHANGING: Array<{ name: string; method: string; path: string; body: (u: TestUser) => unknown }> = [
  { name: 'profile name', method: 'PATCH', path: '/api/account/profile', body: () => ({ fullName: 'Hacked Name' }) },
  {
    name: 'password change',
    method: 'POST',
    path: '/api/auth/change-password',
    body: (u) => ({ currentPassword: u.password, newPassword: 'attacker chosen passphrase' }),
  },
  { name: 'email change', method: 'POST', path: '/api/auth/change-email', body: () => ({ newEmail: address('evil') }) },
  { name: 'sign out', method: 'POST', path: '/api/auth/sign-out', body: () => ({}) },
  { name: 'sign out everywhere', method: 'POST', path: '/api/auth/revoke-sessions', body: () => ({}) },
  { name: 'sign out others', method: 'POST', path: '/api/auth/revoke-other-sessions', body: () => ({}) },
  {
    name: 'new transaction',
    method: 'POST',
    path: '/api/transactions',
    body: () => ({ address: '1 Evil Street', postcode: 'SW1A 1AA', price: 100000, side: 'buyer' }),
  },
]

describe('state-changing request from a foreign Origin (ASVS 3.5.1)', () => {
  it.each(STATE_CHANGING)('a foreign Origin is refused with 403 and nothing changes: $name', async (r) => {
    const user = await t.signUp()
    const before = await snapshot(user)
    const txBefore = await t.database.query(`select count(*)::int as n from transactions`)
    for (const origin of [FOREIGN, 'null', 'http://localhost:3000.evil.example']) {
      const res = await t.request(r.path, { method: r.method, as: user, json: r.body(user), headers: { origin } })
      expect(res.status, origin).toBe(403)
    }
    expect(await snapshot(user)).toEqual(before)
    expect(await t.database.query(`select count(*)::int as n from transactions`)).toEqual(txBefore)
    expect((await t.request('/api/me', { as: user })).status).toBe(200)
  })

  it('a foreign Origin on Better Auth paths without a session (sign-up, sign-in, reset, code) is refused', async () => {
    const user = await t.signUp()
    const email = address('csrf')
    const attempts = [
      { path: '/api/auth/sign-up/email', json: { name: 'Csrf', email, password: 'long enough pass', role: 'buyer' } },
      { path: '/api/auth/sign-in/email', json: { email: user.email, password: user.password } },
      { path: '/api/auth/request-password-reset', json: { email: user.email } },
      { path: '/api/auth/email-otp/send-verification-otp', json: { email: user.email, type: 'sign-in' } },
    ]
    const mailsBefore = await t.database.query(`select count(*)::int as n from mail_outbox`)
    for (const a of attempts) {
      const res = await t.request(a.path, { json: a.json, headers: { origin: FOREIGN } })
      expect(res.status, a.path).toBe(403)
      expect(
        res.headers.getSetCookie().some((c) => c.includes('session_token=')),
        a.path,
      ).toBe(false)
    }
    expect(await t.database.query(`select 1 from "user" where email = $1`, [email])).toHaveLength(0)
    expect(await t.database.query(`select count(*)::int as n from mail_outbox`)).toEqual(mailsBefore)
  })
})

describe('form-encoded state-changing requests (ASVS 3.5.3)', () => {
  // The content types a plain HTML form (or a no-preflight fetch) can send cross-site.
  const FORMS: Array<{ type: string; body: (fields: Record<string, string>) => string }> = [
    { type: 'application/x-www-form-urlencoded', body: (f) => new URLSearchParams(f).toString() },
    {
      type: 'multipart/form-data; boundary=XyZ',
      body: (f) =>
        Object.entries(f)
          .map(([k, v]) => `--XyZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('') + '--XyZ--\r\n',
    },
    { type: 'text/plain', body: (f) => JSON.stringify(f) },
  ]

  it.each(FORMS)('$type to JSON endpoints, even same-origin, is refused and nothing changes', async (form) => {
    const user = await t.signUp()
    const before = await snapshot(user)
    const email = address('form')
    const targets: Array<{ method: string; path: string; fields: Record<string, string> }> = [
      { method: 'PATCH', path: '/api/account/profile', fields: { fullName: 'Hacked Name' } },
      {
        method: 'POST',
        path: '/api/auth/change-password',
        fields: { currentPassword: user.password, newPassword: 'attacker chosen passphrase' },
      },
      { method: 'POST', path: '/api/auth/change-email', fields: { newEmail: address('evil') } },
      { method: 'POST', path: '/api/auth/sign-out', fields: {} },
      { method: 'POST', path: '/api/auth/revoke-sessions', fields: {} },
      {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        fields: { name: 'Form', email, password: 'long enough pass', role: 'buyer' },
      },
    ]
    for (const target of targets) {
      const res = await t.request(target.path, {
        method: target.method,
        as: user,
        body: form.body(target.fields),
        headers: { 'content-type': form.type, origin: TEST_PUBLIC_URL },
      })
      expect(res.status, target.path).toBe(415)
      expect((await res.json()).error.message).toBe('Send the request body as JSON (Content-Type: application/json).')
    }
    expect(await snapshot(user)).toEqual(before)
    expect(await t.database.query(`select 1 from "user" where email = $1`, [email])).toHaveLength(0)
  })
})

describe('state change as GET (ASVS 3.5.3)', () => {
  it('GET on state-changing endpoints changes nothing', async () => {
    const user = await t.signUp()
    const before = await snapshot(user)
    for (const path of [
      '/api/auth/sign-out',
      '/api/auth/revoke-sessions',
      '/api/auth/revoke-other-sessions',
      '/api/auth/change-password?currentPassword=x&newPassword=attacker%20chosen',
      '/api/auth/change-email?newEmail=evil%40evil.example',
      '/api/auth/update-user?name=Hacked',
      '/api/auth/delete-user',
    ]) {
      const res = await t.request(path, { as: user })
      expect(res.status, path).toBeGreaterThanOrEqual(400)
    }
    expect(await snapshot(user)).toEqual(before)
    expect((await t.request('/api/me', { as: user })).status).toBe(200)
  })
})

describe('redirect targets (ASVS 3.7.2)', () => {
  const EVIL = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
  ]

  it.each(EVIL)('request-password-reset with redirectTo %j is refused and sends nothing', async (target) => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/request-password-reset', { json: { email: user.email, redirectTo: target } })
    expect(res.status).toBe(403)
    expect(
      await t.database.query(`select 1 from mail_outbox where to_address = $1 and kind = 'reset-password'`, [
        user.email,
      ]),
    ).toHaveLength(0)
  })

  it.each(EVIL)('send-verification-email with callbackURL %j is refused', async (target) => {
    const user = await t.signUp({ verified: false })
    const res = await t.request('/api/auth/send-verification-email', {
      as: user,
      json: { email: user.email, callbackURL: target },
    })
    expect(res.status).toBe(403)
  })

  it.each(EVIL)('verify-email with callbackURL %j does not redirect there', async (target) => {
    const res = await t.request(`/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(target)}`)
    expect(res.status).toBe(403)
    expect(res.headers.get('location')).toBeNull()
  })

  it.each(EVIL)('sign-in and sign-up ignore a callbackURL %j (our edge passes only known fields)', async (target) => {
    const user = await t.signUp()
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password, callbackURL: target },
    })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.get('location')).toBeNull()
    expect(JSON.stringify(await signIn.json())).not.toContain('evil')
  })

  it('a same-origin path is followed: verify-email redirects to /app/home', async () => {
    const res = await t.request(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/app/home')}`,
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/app\/home\?error=/)
  })
})

describe('Cache-Control: no-store on personal API responses (ASVS 3.4)', () => {
  it.each([
    '/api/me',
    '/api/account/profile',
    '/api/account/sessions',
    '/api/account/security-events',
    '/api/transactions',
    '/api/auth/get-session',
  ])('%s answers with no-store', async (path) => {
    const user = await t.signUp()
    const res = await t.request(path, { as: user })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a transaction detail answers with no-store', async () => {
    const user = await t.signUp()
    const [tx] = await t.database.query<{ id: string }>(`select id from transactions limit 1`)
    const res = await t.request(`/api/transactions/${tx?.id ?? '00000000-0000-4000-8000-000000000000'}`, { as: user })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})
