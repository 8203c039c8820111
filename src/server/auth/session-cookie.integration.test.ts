/**
 * The session cookie: HttpOnly and SameSite=Lax always, and Secure (with the
 * `__Secure-` prefix) when PUBLIC_URL is https, the configuration being read by the real loader.
 * Over plain http (local use) it cannot be Secure, or browsers would drop it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp, type TestApp } from '../test/test-app'

const apps: TestApp[] = []
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()))
})

/** Signs up on an app configured from these environment variables; returns the session Set-Cookie. */
async function sessionCookieFor(publicUrl: string) {
  const config = loadConfig({
    PUBLIC_URL: publicUrl,
    DATA_DIR: '.tmp/test-data',
    BETTER_AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
  })
  const t = await createTestApp({ config: { publicUrl: config.publicUrl, secure: config.secure } })
  apps.push(t)
  const user = await t.signUp({ name: 'Cookie Person' })
  const res = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password: user.password } })
  expect(res.status).toBe(200)
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))
  expect(cookie).toBeDefined()
  // The cookie works: the session it carries is the user's.
  const me = await t.request('/api/me', { as: { ...user, cookie: cookie!.split(';')[0] } })
  expect(me.status).toBe(200)
  return { config, cookie: cookie! }
}

describe('session cookie', () => {
  it('is Secure, __Secure- prefixed, HttpOnly and SameSite=Lax when PUBLIC_URL is https', async () => {
    const { config, cookie } = await sessionCookieFor('https://homeward.example')
    expect(config.secure).toBe(true)
    expect(cookie).toMatch(/^__Secure-homeward\.session_token=/)
    expect(cookie).toMatch(/;\s*Secure(;|$)/i)
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i)
  })

  it('is not Secure over plain http, and still HttpOnly and SameSite=Lax', async () => {
    const { config, cookie } = await sessionCookieFor('http://localhost:3000')
    expect(config.secure).toBe(false)
    expect(cookie).toMatch(/^homeward\.session_token=/)
    expect(cookie).not.toMatch(/;\s*Secure(;|$)/i)
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i)
  })
})
