/**
 * A person with two-factor on who signs in through OpenID Connect (a
 * real local provider, src/server/test/oidc-provider.ts) is sent from the callback to the code step
 * (/auth?step=two-factor) with no session, and gets one only with the code. Checklist 'Authentication
 * and sessions', 'user with TOTP signs in by any path' (ASVS 6.3.4).
 */
import * as OTPAuth from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startOidcProvider, type OidcTestProvider } from '#server/test/oidc-provider.ts'
import { cookieHeader, keepCookies, loginAtProvider } from '#server/test/oidc-login.ts'
import { SET_PASSWORD_FIRST_MESSAGE } from '#shared/contracts/two-factor.ts'
import { createTestApp, sessionCookieFrom, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts'

const PROVIDER = 'testidp'
let idp: OidcTestProvider
let t: TestApp

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/${PROVIDER}` })
  t = await createTestApp({
    config: {
      oidcProviders: [
        { id: PROVIDER, name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ],
    },
  })
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Logs in at the test provider; returns where it sends the browser back. */
const loginAt = (authorizationUrl: string, loginEmail: string) =>
  loginAtProvider(idp.issuer, authorizationUrl, loginEmail)

describe('two-factor after an OAuth callback (ASVS 6.3.4)', () => {
  it('the callback sends the browser to /auth?step=two-factor with no session; the code completes the sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Math.ceil(Date.now() / 30_000) * 30_000 + 1000)
    const address = `oauth-2fa-${Math.random().toString(36).slice(2, 10)}@homeward.test`
    const u = await t.signUp({ email: address })
    idp.addUser({ email: address, emailVerified: true })

    // Two-factor on, as in settings.
    const enable = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: u.password } })
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP
    const confirm = await t.request('/api/auth/two-factor/verify-totp', {
      as: u,
      json: { code: totp.generate({ timestamp: Date.now() }) },
    })
    expect(confirm.status).toBe(200)
    const sessionsBefore = await t.database.query(
      `select 1 from session where user_id = (select id from "user" where email = $1)`,
      [address],
    )

    // Sign in with the provider from a fresh browser.
    const jar = new Map<string, string>()
    const start = await t.request('/api/auth/sign-in/social', { json: { provider: PROVIDER } })
    expect(start.status).toBe(200)
    keepCookies(jar, start)
    const back = await loginAt(((await start.json()) as { url: string }).url, address)
    expect(back.pathname).toBe(`/api/auth/callback/${PROVIDER}`)
    const callback = await t.request(`${back.pathname}${back.search}`, { headers: { cookie: cookieHeader(jar) } })
    keepCookies(jar, callback)

    expect(callback.status).toBe(302)
    const location = new URL(callback.headers.get('location')!, TEST_PUBLIC_URL)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('step')).toBe('two-factor')
    expect([...jar.keys()]).not.toContain('homeward.session_token')
    expect([...jar.keys()]).toContain('homeward.two_factor')
    expect((await t.request('/api/me', { headers: { cookie: cookieHeader(jar) } })).status).toBe(401)
    const sessionsAfter = await t.database.query(
      `select 1 from session where user_id = (select id from "user" where email = $1)`,
      [address],
    )
    expect(sessionsAfter).toHaveLength(sessionsBefore.length)

    // The code from the app completes it.
    vi.setSystemTime(Date.now() + 30_000)
    const verified = await t.request('/api/auth/two-factor/verify-totp', {
      headers: { cookie: cookieHeader(jar) },
      json: { code: totp.generate({ timestamp: Date.now() }) },
    })
    expect(verified.status).toBe(200)
    expect((await t.request('/api/me', { headers: { cookie: sessionCookieFrom(verified) } })).status).toBe(200)
  })

  it('an account made with a provider (no password) sets one through the emailed link, then turns two-factor on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Math.ceil(Date.now() / 30_000) * 30_000 + 1000)
    const address = `oauth-only-${Math.random().toString(36).slice(2, 10)}@homeward.test`
    idp.addUser({ email: address, emailVerified: true, name: 'Orla Only' })

    // Sign-up with the provider, with a role: a session and no password.
    const jar = new Map<string, string>()
    const start = await t.request('/api/auth/sign-in/social', { json: { provider: PROVIDER, role: 'buyer' } })
    expect(start.status).toBe(200)
    keepCookies(jar, start)
    const back = await loginAt(((await start.json()) as { url: string }).url, address)
    const callback = await t.request(`${back.pathname}${back.search}`, { headers: { cookie: cookieHeader(jar) } })
    keepCookies(jar, callback)
    expect(new URL(callback.headers.get('location')!, TEST_PUBLIC_URL).pathname).toBe('/app/home')
    const oauthCookie = cookieHeader(jar)
    const status = async (cookie: string) =>
      (await (await t.request('/api/account/two-factor', { headers: { cookie } })).json()) as {
        enabled: boolean
        hasPassword: boolean
      }
    expect(await status(oauthCookie)).toMatchObject({ enabled: false, hasPassword: false })

    // Turning it on asks for a password the account does not have: the answer says to set one first.
    const refused = await t.request('/api/auth/two-factor/enable', {
      headers: { cookie: oauthCookie },
      json: { password: 'anything at all' },
    })
    expect(refused.status).toBe(409)
    expect((await refused.json()).error.message).toBe(SET_PASSWORD_FIRST_MESSAGE)

    // 'Set a password first': the reset link, whose first use adds the password.
    const asked = await t.request('/api/auth/request-password-reset', {
      headers: { cookie: oauthCookie },
      json: { email: address, redirectTo: '/reset-password' },
    })
    expect(asked.status).toBe(200)
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'reset-password' order by created_at desc limit 1`,
      [address],
    )
    const token = new URL(mail.text_body.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]).searchParams.get('token')!
    const password = 'a password of my own'
    const reset = await t.request('/api/auth/reset-password', { json: { token, newPassword: password } })
    expect(reset.status).toBe(200)

    // Signed in again (the reset ends every session), it turns two-factor on with that password.
    const signIn = await t.request('/api/auth/sign-in/email', { json: { email: address, password } })
    expect(signIn.status).toBe(200)
    const cookie = sessionCookieFrom(signIn)
    expect(await status(cookie)).toMatchObject({ enabled: false, hasPassword: true })
    const enable = await t.request('/api/auth/two-factor/enable', { headers: { cookie }, json: { password } })
    expect(enable.status).toBe(200)
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP
    const confirm = await t.request('/api/auth/two-factor/verify-totp', {
      headers: { cookie },
      json: { code: totp.generate({ timestamp: Date.now() }) },
    })
    expect(confirm.status).toBe(200)
    expect(await status(sessionCookieFrom(confirm))).toMatchObject({ enabled: true, hasPassword: true })

    // The provider's sign-in now asks for the code too.
    const again = new Map<string, string>()
    const start2 = await t.request('/api/auth/sign-in/social', { json: { provider: PROVIDER } })
    keepCookies(again, start2)
    const back2 = await loginAt(((await start2.json()) as { url: string }).url, address)
    const callback2 = await t.request(`${back2.pathname}${back2.search}`, { headers: { cookie: cookieHeader(again) } })
    expect(new URL(callback2.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('step')).toBe('two-factor')
  })
})
