import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, sessionCookieFrom, type TestApp } from '#server/test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** The newest email of `kind` sent to `to` (local outbox), or undefined. */
async function newestMail(to: string, kind: string) {
  const [row] = await t.database.query<{ subject: string; text_body: string }>(
    `select subject, text_body from mail_outbox where to_address = $1 and kind = $2 order by created_at desc, id desc limit 1`,
    [to.toLowerCase(), kind],
  )
  return row
}

async function countRows(email: string) {
  const [row] = await t.database.query<{ users: string; profiles: string; accounts: string; roles: string }>(
    `select
       (select count(*) from "user" where email = $1)::text as users,
       (select count(*) from profiles where lower(email) = lower($1))::text as profiles,
       (select count(*) from account a join "user" u on u.id = a.user_id where u.email = $1)::text as accounts,
       (select count(*) from user_roles r join profiles p on p.id = r.user_id where lower(p.email) = lower($1))::text as roles`,
    [email],
  )
  return {
    users: Number(row.users),
    profiles: Number(row.profiles),
    accounts: Number(row.accounts),
    roles: Number(row.roles),
  }
}

describe('sign-up', () => {
  it('creates the user, profile and stored role together; the emailed link confirms the address and signs the person in', async () => {
    const email = `amelia-${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Amelia Clarke', email, password: 'a sensible passphrase', role: 'conveyancer' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'check-email', email })
    // Nobody is signed in by sign-up.
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await countRows(email)).toEqual({ users: 1, profiles: 1, accounts: 1, roles: 1 })

    const mail = await newestMail(email, 'verify-email')
    const token = new URL(mail!.text_body.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]).searchParams.get('token')!
    const verified = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(verified.status).toBe(200)
    const cookie = sessionCookieFrom(verified)
    expect(verified.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i)
    expect(verified.headers.getSetCookie().join(';')).toMatch(/SameSite=Lax/i)
    const me = await t.request('/api/me', { headers: { cookie } })
    expect(me.status).toBe(200)
    const body = await me.json()
    expect(body.profile).toMatchObject({ full_name: 'Amelia Clarke', email })
    expect(body.user.emailVerified).toBe(true)
    expect(body.roles).toEqual(['pro_conveyancer'])

    // The link signs in once: opened again it still answers, but starts no second session.
    const again = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(again.status).toBe(200)
    expect(again.headers.getSetCookie().filter((c) => c.includes('session_token=') && !/Max-Age=0/i.test(c))).toEqual(
      [],
    )
  })

  it('carries an invitation path into the confirmation link, and only a path on this site', async () => {
    const email = `invited-${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Ina Vited', email, password: 'a sensible passphrase', role: 'seller', next: '/invite/abc123' },
    })
    expect(res.status).toBe(200)
    expect((await newestMail(email, 'verify-email'))!.text_body).toMatch(
      /\/verify-email\?token=\S+&next=%2Finvite%2Fabc123/,
    )
    const evil = await t.request('/api/auth/sign-up/email', {
      json: {
        name: 'Ina Vited',
        email: `x-${email}`,
        password: 'a sensible passphrase',
        role: 'seller',
        next: '//evil.example',
      },
    })
    expect(evil.status).toBe(400)
  })

  it.each([
    ['buyer', 'consumer_buyer'],
    ['seller', 'consumer_seller'],
    ['conveyancer', 'pro_conveyancer'],
    ['surveyor', 'pro_surveyor'],
    ['broker', 'pro_broker'],
    ['agent', 'pro_agent'],
  ] as const)('stores the %s choice as %s (spec: Roles and permissions)', async (choice, stored) => {
    const user = await t.signUp({ role: choice })
    const me = await (await t.request('/api/me', { as: user })).json()
    expect(me.roles).toEqual([stored])
  })

  it('never leaves an account without a profile or role: a failing profile insert rolls back the user and account', async () => {
    const email = `clash-${Date.now()}@homeward.test`
    // A profile already holding this email (say, an imported record) makes the trigger's profile insert fail.
    await t.database.query(`insert into profiles (full_name, email) values ('Existing Record', $1)`, [email])
    const res = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Second Person', email, password: 'a sensible passphrase', role: 'buyer' },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(await countRows(email)).toEqual({ users: 0, profiles: 1, accounts: 0, roles: 0 })
  })

  it('refuses a user row without a valid role at the database itself', async () => {
    await expect(
      t.database.query(
        `insert into "user" (id, name, email, signup_role) values ('x1', 'No Role', 'norole@homeward.test', null)`,
      ),
    ).rejects.toThrow(/role is required/)
    await expect(
      t.database.query(
        `insert into "user" (id, name, email, signup_role) values ('x2', 'Bad Role', 'badrole@homeward.test', 'admin')`,
      ),
    ).rejects.toThrow(/user_roles_role_check/)
    expect((await countRows('norole@homeward.test')).users).toBe(0)
    expect((await countRows('badrole@homeward.test')).users).toBe(0)
  })

  it('answers a known email exactly as a new one, signs nobody in and emails the address instead (OWASP)', async () => {
    const user = await t.signUp({ name: 'Owen Owner' })
    const fresh = `fresh-${Date.now()}@homeward.test`
    const attempt = (email: string) =>
      t.request('/api/auth/sign-up/email', {
        json: { name: 'Someone Else', email, password: 'another passphrase', role: 'seller' },
      })
    const known = await attempt(user.email.toUpperCase())
    const unknown = await attempt(fresh)
    expect(known.status).toBe(unknown.status)
    expect(known.status).toBe(200)
    expect(known.headers.getSetCookie()).toEqual(unknown.headers.getSetCookie())
    expect(known.headers.getSetCookie()).toEqual([])
    const [knownBody, unknownBody] = [await known.json(), await unknown.json()]
    expect(knownBody).toEqual({ status: 'check-email', email: user.email.toLowerCase() })
    expect(unknownBody).toEqual({ status: 'check-email', email: fresh })

    // The account is untouched and the owner hears of the attempt; no verification link goes to them.
    expect(await countRows(user.email)).toEqual({ users: 1, profiles: 1, accounts: 1, roles: 1 })
    const notice = await newestMail(user.email, 'sign-up-attempt')
    expect(notice?.subject).toBe('Someone tried to create a Homeward account with this address')
    expect(notice?.text_body).toMatch(/Hello Owen Owner/)
    expect(notice?.text_body).toMatch(/sign in: http:\/\/localhost:3000\/auth\?email=/)
    expect(notice?.text_body).toMatch(/Forgot password\?/)
    const links = await t.database.query(`select 1 from mail_outbox where to_address = $1 and kind = 'verify-email'`, [
      user.email.toLowerCase(),
    ])
    expect(links).toHaveLength(1) // the one from their own sign-up only
    // The other person's password does not open the account.
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: 'another passphrase' },
    })
    expect(signIn.status).toBe(401)
  })

  it.each([
    [{ email: 'a@b.uk', password: 'long enough', role: 'buyer' }, 'name'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough', role: 'buyer' }, 'email'],
    [{ name: 'A', email: 'a@b.uk', password: 'short', role: 'buyer' }, 'password'],
    [{ name: 'A', email: 'a@b.uk', password: 'x'.repeat(129), role: 'buyer' }, 'password'],
    [{ name: 'A', email: 'a@b.uk', password: 'long enough', role: 'landlord' }, 'role'],
    [{ name: 'A', email: 'a@b.uk', password: 'long enough' }, 'role'],
    [{ name: 'x'.repeat(121), email: 'a@b.uk', password: 'long enough', role: 'buyer' }, 'name'],
    [{ name: 42, email: 'a@b.uk', password: 'long enough', role: 'buyer' }, 'name'],
  ])('answers 400 naming the field and writes nothing: %j', async (body, field) => {
    const before = await t.database.query<{ n: string }>('select count(*)::text as n from "user"')
    const res = await t.request('/api/auth/sign-up/email', { json: body })
    expect(res.status).toBe(400)
    const json = await res.json()
    expect(json.error.code).toBe('validation_failed')
    expect(Object.keys(json.error.fields)).toContain(field)
    const after = await t.database.query<{ n: string }>('select count(*)::text as n from "user"')
    expect(after[0].n).toBe(before[0].n)
  })

  it('rejects malformed JSON with 400', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "A",',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.message).toMatch(/valid JSON/)
  })

  it('ignores extra fields such as emailVerified or a stored role', async () => {
    const email = `extra-${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-up/email', {
      json: {
        name: 'Extra',
        email,
        password: 'long enough',
        role: 'buyer',
        emailVerified: true,
        signupRole: 'pro_agent',
      },
    })
    expect(res.status).toBe(200)
    const signIn = await t.request('/api/auth/sign-in/email', { json: { email, password: 'long enough' } })
    const me = await (await t.request('/api/me', { headers: { cookie: sessionCookieFrom(signIn) } })).json()
    expect(me.roles).toEqual(['consumer_buyer'])
    expect(me.user.emailVerified).toBe(false)
  })
})

describe('passwords (ASVS 6.2)', () => {
  it('accepts 64+ unicode characters and does not truncate a 100-character password', async () => {
    const password = 'ü'.repeat(40) + 'a'.repeat(60)
    const user = await t.signUp({ password })
    const wrong = password.slice(0, 79) + 'b' + password.slice(80)
    const bad = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password: wrong } })
    expect(bad.status).toBe(401)
    const good = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password } })
    expect(good.status).toBe(200)
  })
})

describe('sign-in and sign-out', () => {
  it('signs in with a new session token, reads the session and signs out', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password: user.password } })
    expect(res.status).toBe(200)
    const cookie = sessionCookieFrom(res)
    expect(cookie).not.toBe(user.cookie)
    expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(200)
    const out = await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(200)
    expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(401)
  })

  it('gives the spec message for missing credentials', async () => {
    const res = await t.request('/api/auth/sign-in/email', { json: { email: '' } })
    expect(res.status).toBe(400)
    expect((await res.json()).error.message).toBe('You must provide either an email or phone number and a password')
  })

  it('answers 401 with a clear message for a wrong password', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: 'not the password' },
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error.message).toBe('Invalid email or password.')
  })

  it('treats a tampered session cookie as signed out', async () => {
    const user = await t.signUp()
    const tampered = user.cookie.replace(/=(.)/, (_m, ch) => `=${ch === 'a' ? 'b' : 'a'}`)
    expect((await t.request('/api/me', { headers: { cookie: tampered } })).status).toBe(401)
  })
})
