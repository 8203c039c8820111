/**
 * OpenID Connect sign-in, sign-up, linking and unlinking against a real local
 * provider (the `oidc-provider` package, src/server/test/oidc-provider.ts) and a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL). Checklist rows: 'redirect targets' (Browser, ASVS
 * 3.7.2), account linking only on a verified email, state and nonce binding, the last sign-in method.
 */
import * as OTPAuth from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LAST_SIGN_IN_METHOD_MESSAGE, type LinkedIdentityList } from '#shared/contracts/identities.ts'
import { startOidcProvider, type OidcTestProvider } from '#server/test/oidc-provider.ts'
import { cookieHeader, keepCookies, loginAtProvider } from '#server/test/oidc-login.ts'
import {
  createTestApp,
  sessionCookieFrom,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestUser,
} from '#server/test/test-app.ts'

const PROVIDER = 'testidp'
let idp: OidcTestProvider
let t: TestApp
let bare: TestApp

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/${PROVIDER}` })
  t = await createTestApp({
    config: {
      oidcProviders: [
        { id: PROVIDER, name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ],
    },
  })
  bare = await createTestApp()
})
afterAll(async () => {
  await t?.close()
  await bare?.close()
  await idp?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const email = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}@homeward.test`

/** Logs in at the test provider; returns where it sends the browser back. */
const loginAt = (authorizationUrl: string, loginEmail: string) =>
  loginAtProvider(idp.issuer, authorizationUrl, loginEmail)

interface Flow {
  start: Response
  authorizationUrl?: URL
  /** Our cookies after the start (the state cookie), plus the caller's session. */
  appCookies: Map<string, string>
}

/** POSTs to our start endpoint (sign-in/social or link-social) and keeps the state cookie. */
async function startFlow(path: string, body: Record<string, unknown>, as?: TestUser): Promise<Flow> {
  const appCookies = new Map<string, string>()
  if (as) keepCookies(appCookies, new Response(null, { headers: { 'set-cookie': as.cookie } }))
  const start = await t.request(path, { json: body, headers: { cookie: cookieHeader(appCookies) } })
  keepCookies(appCookies, start)
  const data = (await start.clone().json()) as { url?: string }
  return { start, appCookies, authorizationUrl: data.url ? new URL(data.url) : undefined }
}

/** Delivers the provider's redirect to our callback with the browser's cookies; returns our answer. */
async function finish(flow: Flow, back: URL) {
  const res = await t.request(`${back.pathname}${back.search}`, { headers: { cookie: cookieHeader(flow.appCookies) } })
  keepCookies(flow.appCookies, res)
  const location = new URL(res.headers.get('location') ?? '/', TEST_PUBLIC_URL)
  return { res, location, cookie: cookieHeader(flow.appCookies) }
}

/** A whole round trip: start, log in at the provider as `loginEmail`, come back. */
async function roundTrip(path: string, body: Record<string, unknown>, loginEmail: string, as?: TestUser) {
  const flow = await startFlow(path, { provider: PROVIDER, ...body }, as)
  expect(flow.start.status).toBe(200)
  const back = await loginAt(flow.authorizationUrl!.toString(), loginEmail)
  return { flow, ...(await finish(flow, back)) }
}

async function meOf(cookie: string) {
  const res = await t.request('/api/me', { headers: { cookie } })
  return {
    status: res.status,
    body: res.status === 200 ? ((await res.json()) as { user: { id: string; email: string }; roles: string[] }) : null,
  }
}
async function eventsOf(userId: string) {
  return t.database.query<{ kind: string; detail: Record<string, unknown> }>(
    `select kind, detail from security_events where user_id = $1 order by created_at, id`,
    [userId],
  )
}
async function identitiesOf(cookie: string) {
  return (await (await t.request('/api/account/identities', { headers: { cookie } })).json()) as LinkedIdentityList
}
const accountsOf = (address: string) =>
  t.database.query<{ provider_id: string }>(
    `select a.provider_id from account a join "user" u on u.id = a.user_id where u.email = $1 order by a.provider_id`,
    [address.toLowerCase()],
  )

describe('OAuth sign-up and sign-in', () => {
  it('sign-up with a role: authorization code + PKCE (S256) + nonce to a session, with profile and role', async () => {
    const address = email('olivia')
    idp.addUser({ email: address, name: 'Olivia Oauth' })
    const flow = await startFlow('/api/auth/sign-in/social', { provider: PROVIDER, role: 'seller' })
    expect(flow.start.status).toBe(200)
    const auth = flow.authorizationUrl!
    expect(auth.origin).toBe(idp.issuer)
    expect(auth.searchParams.get('response_type')).toBe('code')
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(auth.searchParams.get('nonce')).toBeTruthy()
    expect(auth.searchParams.get('state')).toBeTruthy()
    expect(auth.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))

    const back = await loginAt(auth.toString(), address)
    expect(back.pathname).toBe(`/api/auth/callback/${PROVIDER}`)
    const { res, location, cookie } = await finish(flow, back)
    expect(res.status).toBe(302)
    expect(location.origin).toBe(TEST_PUBLIC_URL)
    expect(location.pathname).toBe('/app/home')
    const me = await meOf(cookie)
    expect(me.status).toBe(200)
    expect(me.body!.user.email).toBe(address)
    expect(me.body!.roles).toEqual(['consumer_seller'])
    const [profile] = await t.database.query<{ full_name: string }>(`select full_name from profiles where email = $1`, [
      address,
    ])
    expect(profile.full_name).toBe('Olivia Oauth')
    const events = await eventsOf(me.body!.user.id)
    expect(events.map((e) => e.kind)).toEqual(['account.created', 'sign_in.succeeded'])
    expect(events[1].detail).toMatchObject({ method: 'oauth', provider: PROVIDER })

    // Later, from the Sign In tab (no role): the same account, a new session.
    const again = await roundTrip('/api/auth/sign-in/social', {}, address)
    expect(again.location.pathname).toBe('/app/home')
    expect((await meOf(again.cookie)).body!.user.id).toBe(me.body!.user.id)
    expect(await accountsOf(address)).toEqual([{ provider_id: PROVIDER }])
  })

  it('sign-in with no account (Sign In tab, no role) is refused with signup_disabled and creates nothing', async () => {
    const address = email('nobody')
    idp.addUser({ email: address })
    const { location, cookie } = await roundTrip('/api/auth/sign-in/social', {}, address)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('error')).toBe('signup_disabled')
    expect(cookie).not.toMatch(/session_token=/)
    const rows = await t.database.query(`select 1 from "user" where email = $1`, [address])
    expect(rows).toHaveLength(0)
  })

  it('a tampered state is rejected, and so is a callback without the state cookie (another browser)', async () => {
    const address = email('tamper')
    idp.addUser({ email: address })
    await t.signUp({ email: address })
    const flow = await startFlow('/api/auth/sign-in/social', { provider: PROVIDER })
    const back = await loginAt(flow.authorizationUrl!.toString(), address)
    const forged = new URL(back)
    forged.searchParams.set('state', `${back.searchParams.get('state')}x`)
    const tampered = await finish(flow, forged)
    expect(tampered.res.status).toBe(302)
    expect(tampered.location.pathname).toBe('/auth')
    expect(tampered.location.searchParams.get('error')).toMatch(/state/)
    expect(tampered.cookie).not.toMatch(/session_token=/)

    const otherBrowser = await finish({ start: flow.start, appCookies: new Map() }, back)
    expect(otherBrowser.location.searchParams.get('error')).toMatch(/state/)
    expect(otherBrowser.cookie).not.toMatch(/session_token=/)
  })

  it('a tampered nonce is rejected: the ID token must echo the nonce of this flow', async () => {
    const address = email('nonce')
    idp.addUser({ email: address })
    const u = await t.signUp({ email: address })
    const flow = await startFlow('/api/auth/sign-in/social', { provider: PROVIDER })
    const auth = new URL(flow.authorizationUrl!)
    auth.searchParams.set('nonce', 'a-nonce-of-the-attackers-choosing')
    const back = await loginAt(auth.toString(), address)
    const { location, cookie } = await finish(flow, back)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('error')).toBe('unable_to_get_user_info')
    expect(cookie).not.toMatch(/session_token=/)
    expect(await accountsOf(u.email)).toEqual([{ provider_id: 'credential' }])
  })

  it('an authorization code works once: replaying the callback does not sign in again', async () => {
    const address = email('replay')
    idp.addUser({ email: address })
    const flow = await startFlow('/api/auth/sign-in/social', { provider: PROVIDER, role: 'buyer' })
    const back = await loginAt(flow.authorizationUrl!.toString(), address)
    const first = await finish(flow, back)
    expect(first.location.pathname).toBe('/app/home')
    const replay = await t.request(`${back.pathname}${back.search}`)
    expect(replay.headers.getSetCookie().join(';')).not.toMatch(/session_token=[^;]/)
    expect(new URL(replay.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('error')).toBeTruthy()
  })
})

describe('account linking by email', () => {
  it('an unverified provider email does not take over an existing account, from either tab', async () => {
    const victim = await t.signUp({ email: email('victim') })
    idp.addUser({ email: victim.email, emailVerified: false })
    const signIn = await roundTrip('/api/auth/sign-in/social', {}, victim.email)
    expect(signIn.location.searchParams.get('error')).toBe('account_not_linked')
    expect(signIn.cookie).not.toMatch(/session_token=/)
    const signUp = await roundTrip('/api/auth/sign-in/social', { role: 'buyer' }, victim.email)
    expect(signUp.location.searchParams.get('error')).toBe('account_not_linked')
    expect(signUp.cookie).not.toMatch(/session_token=/)
    expect(await accountsOf(victim.email)).toEqual([{ provider_id: 'credential' }])
  })

  it('a verified provider email does not take over an account whose own email is unverified', async () => {
    const squatter = await t.signUp({ email: email('squat'), verified: false })
    idp.addUser({ email: squatter.email, emailVerified: true })
    const { location, cookie } = await roundTrip('/api/auth/sign-in/social', {}, squatter.email)
    expect(location.searchParams.get('error')).toBe('account_not_linked')
    expect(cookie).not.toMatch(/session_token=/)
    expect(await accountsOf(squatter.email)).toEqual([{ provider_id: 'credential' }])
  })

  it('a verified provider email joins the verified account with that email and records identity.linked', async () => {
    const u = await t.signUp({ email: email('joins') })
    idp.addUser({ email: u.email, emailVerified: true })
    const { location, cookie } = await roundTrip('/api/auth/sign-in/social', {}, u.email)
    expect(location.pathname).toBe('/app/home')
    const me = await meOf(cookie)
    expect(me.body!.user.email).toBe(u.email)
    expect(await accountsOf(u.email)).toEqual([{ provider_id: 'credential' }, { provider_id: PROVIDER }])
    const kinds = (await eventsOf(me.body!.user.id)).map((e) => e.kind)
    // Both are written in one database transaction, so they share created_at: compare without order.
    expect(kinds.slice(-2).sort()).toEqual(['identity.linked', 'sign_in.succeeded'])
  })
})

describe('linking and unlinking from settings', () => {
  it('links the provider while signed in, lists it with its email, then unlinks it (events recorded)', async () => {
    const u = await t.signUp({ email: email('linker') })
    idp.addUser({ email: u.email, emailVerified: true, sub: `sub-linker-${Date.now()}` })
    const linked = await roundTrip('/api/auth/link-social', {}, u.email, u)
    expect(linked.location.pathname).toBe('/app/settings')
    expect(linked.location.searchParams.get('linked')).toBe(PROVIDER)

    const list = await identitiesOf(u.cookie)
    expect(list.hasPassword).toBe(true)
    expect(list.providers).toEqual([{ id: PROVIDER, name: 'Test IdP' }])
    expect(list.identities).toHaveLength(1)
    expect(list.identities[0]).toMatchObject({ providerId: PROVIDER, providerName: 'Test IdP', email: u.email })
    expect(list.identities[0].accountId).toMatch(/^sub-linker-/)

    const again = await startFlow('/api/auth/link-social', { provider: PROVIDER }, u)
    expect(again.start.status).toBe(409)

    const unlink = await t.request(`/api/account/identities/${list.identities[0].id}`, { method: 'DELETE', as: u })
    expect(unlink.status).toBe(204)
    expect((await identitiesOf(u.cookie)).identities).toEqual([])
    const me = await meOf(u.cookie)
    const events = await eventsOf(me.body!.user.id)
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['identity.linked', 'identity.unlinked']))
    expect(events.find((e) => e.kind === 'identity.linked')!.detail).toMatchObject({
      provider: PROVIDER,
      via: 'settings',
    })
  })

  it('linking a provider account with another email is refused (email_does_not_match)', async () => {
    const u = await t.signUp({ email: email('mine') })
    const other = email('someone-else')
    idp.addUser({ email: other, emailVerified: true })
    const { location } = await roundTrip('/api/auth/link-social', {}, other, u)
    expect(location.pathname).toBe('/app/settings')
    expect(location.searchParams.get('error')).toBe('email_does_not_match')
    expect(await accountsOf(u.email)).toEqual([{ provider_id: 'credential' }])
  })

  it('unlinking the last way to sign in (no password, one identity) is refused with a clear message', async () => {
    const address = email('only-oauth')
    idp.addUser({ email: address })
    const { cookie } = await roundTrip('/api/auth/sign-in/social', { role: 'buyer' }, address)
    const list = await identitiesOf(cookie)
    expect(list.hasPassword).toBe(false)
    const res = await t.request(`/api/account/identities/${list.identities[0].id}`, {
      method: 'DELETE',
      headers: { cookie },
    })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(LAST_SIGN_IN_METHOD_MESSAGE)
    expect((await identitiesOf(cookie)).identities).toHaveLength(1)
  })

  it("another person's identity, or the password, cannot be unlinked (404)", async () => {
    const a = await t.signUp({ email: email('owner') })
    idp.addUser({ email: a.email })
    await roundTrip('/api/auth/link-social', {}, a.email, a)
    const id = (await identitiesOf(a.cookie)).identities[0].id
    const b = await t.signUp({ email: email('other') })
    expect((await t.request(`/api/account/identities/${id}`, { method: 'DELETE', as: b })).status).toBe(404)
    const [password] = await t.database.query<{ id: string }>(
      `select a.id from account a join "user" u on u.id = a.user_id where u.email = $1 and a.provider_id = 'credential'`,
      [a.email],
    )
    expect((await t.request(`/api/account/identities/${password.id}`, { method: 'DELETE', as: a })).status).toBe(404)
    expect((await identitiesOf(a.cookie)).identities).toHaveLength(1)
  })

  it('linking or unlinking from a session older than a day asks to sign in again (403)', async () => {
    const u = await t.signUp({ email: email('stale') })
    idp.addUser({ email: u.email })
    await roundTrip('/api/auth/link-social', {}, u.email, u)
    const id = (await identitiesOf(u.cookie)).identities[0].id
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
    const unlink = await t.request(`/api/account/identities/${id}`, { method: 'DELETE', as: u })
    expect(unlink.status).toBe(403)
    expect(((await unlink.json()) as { error: { message: string } }).error.message).toMatch(/sign in again/)
    const link = await t.request('/api/auth/link-social', { json: { provider: PROVIDER }, as: u })
    expect(link.status).toBe(403)
  })

  it('the provider-token and unlink endpoints of Better Auth are not reachable (404)', async () => {
    const u = await t.signUp({ email: email('tokens') })
    for (const path of ['/api/auth/get-access-token', '/api/auth/refresh-token', '/api/auth/account-info']) {
      expect((await t.request(path, { json: { providerId: PROVIDER }, as: u })).status).toBe(404)
    }
    expect((await t.request('/api/auth/unlink-account', { json: { accountId: 'x' }, as: u })).status).toBe(404)
  })
})

describe('two-factor on the OAuth path (checklist: second factor always asked, ASVS 6.3.4)', () => {
  it('a person with TOTP who signs in with the provider gets no session until the code is given', async () => {
    const u = await t.signUp({ email: email('twofa') })
    idp.addUser({ email: u.email })
    await roundTrip('/api/auth/link-social', {}, u.email, u)
    const enable = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: u.password } })
    expect(enable.status).toBe(200)
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP
    const confirm = await t.request('/api/auth/two-factor/verify-totp', {
      as: u,
      json: { code: totp.generate({ timestamp: Date.now() }) },
    })
    expect(confirm.status).toBe(200)

    const { location, cookie } = await roundTrip('/api/auth/sign-in/social', {}, u.email)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('step')).toBe('two-factor')
    expect(cookie).not.toMatch(/session_token=/)
    const challenge = cookie.split('; ').find((c) => c.startsWith('homeward.two_factor='))
    expect(challenge).toBeTruthy()
    expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(401)

    const ok = await t.request('/api/auth/two-factor/verify-totp', {
      headers: { cookie: challenge! },
      json: { code: totp.generate({ timestamp: Date.now() + 30_000 }) },
    })
    expect(ok.status).toBe(200)
    expect((await meOf(sessionCookieFrom(ok))).body!.user.email).toBe(u.email)
  })
})

describe('redirect targets (Browser checklist, ASVS 3.7.2)', () => {
  const evil = [
    '//evil.example',
    'https://evil.example',
    'https://evil.example/app/home',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example/app',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'app/home',
  ]
  it.each(evil)('sign-in refuses callbackURL and errorCallbackURL %j with 400', async (target) => {
    for (const field of ['callbackURL', 'errorCallbackURL']) {
      const res = await t.request('/api/auth/sign-in/social', { json: { provider: PROVIDER, [field]: target } })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { fields?: Record<string, string[]> } }
      expect(body.error.fields?.[field]).toBeTruthy()
      expect(res.headers.getSetCookie().join(';')).not.toMatch(/state=/)
    }
  })

  it.each(evil.slice(0, 6))('linking refuses callbackURL %j with 400', async (target) => {
    const u = await t.signUp({ email: email('link-evil') })
    const res = await t.request('/api/auth/link-social', { json: { provider: PROVIDER, callbackURL: target }, as: u })
    expect(res.status).toBe(400)
  })

  it('a same-origin path with a query is followed after sign-in', async () => {
    const address = email('next')
    idp.addUser({ email: address })
    const { location } = await roundTrip(
      '/api/auth/sign-in/social',
      { role: 'buyer', callbackURL: '/invite/abc?x=1' },
      address,
    )
    expect(location.origin).toBe(TEST_PUBLIC_URL)
    expect(`${location.pathname}${location.search}`).toBe('/invite/abc?x=1')
  })

  it('a role outside the list, or an unknown provider, is refused before any redirect', async () => {
    const badRole = await t.request('/api/auth/sign-in/social', { json: { provider: PROVIDER, role: 'admin' } })
    expect(badRole.status).toBe(400)
    const unknown = await t.request('/api/auth/sign-in/social', { json: { provider: 'google' } })
    expect(unknown.status).toBe(404)
  })
})

describe('when no provider is configured', () => {
  it('lists no providers, and the OAuth endpoints answer 404', async () => {
    const list = await bare.request('/api/auth-providers')
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual({ providers: [] })
    expect((await bare.request('/api/auth/sign-in/social', { json: { provider: PROVIDER } })).status).toBe(404)
    const u = await bare.signUp({ email: email('bare') })
    expect((await bare.request('/api/auth/link-social', { json: { provider: PROVIDER }, as: u })).status).toBe(404)
    expect((await bare.request(`/api/auth/callback/${PROVIDER}?code=x&state=y`)).status).toBe(404)
    const ids = (await (await bare.request('/api/account/identities', { as: u })).json()) as LinkedIdentityList
    expect(ids).toEqual({ identities: [], providers: [], hasPassword: true })
  })

  it('lists the configured provider by name when one is', async () => {
    expect(await (await t.request('/api/auth-providers')).json()).toEqual({
      providers: [{ id: PROVIDER, name: 'Test IdP' }],
    })
  })
})
