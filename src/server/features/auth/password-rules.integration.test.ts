/**
 * Password rules (checklist 'Authentication and sessions', ASVS 6.2.1, 6.2.4, 6.2.8, 6.2.9): at least
 * 8 characters, long unicode passphrases accepted, the 1,000 most common passwords refused on sign-up,
 * password change and reset with a clear message, no composition rules, and no truncation.
 */
import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE, commonPasswords, isCommonPassword } from '#server/auth/common-passwords.ts'
import { sessionCookieFrom, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

const address = () => `pw-${Math.random().toString(36).slice(2, 10)}@homeward.test`
async function signUp(email: string, password: string) {
  return t.request('/api/auth/sign-up/email', { json: { name: 'Password Person', email, password, role: 'buyer' } })
}
async function signIn(email: string, password: string) {
  return t.request('/api/auth/sign-in/email', { json: { email, password } })
}
async function accounts(email: string) {
  return (await t.database.query(`select 1 from "user" where email = $1`, [email])).length
}

describe('password rules', () => {
  it('passwords of 7 chars are rejected (ASVS 6.2.1)', async () => {
    const email = address()
    const res = await signUp(email, 'abcdefg')
    expect(res.status).toBe(400)
    expect((await res.json()).error.fields.password).toEqual(['Password must be at least 8 characters'])
    expect(await accounts(email)).toBe(0)
  })

  it('passwords of 64+ unicode chars are accepted, and sign in (ASVS 6.2.9)', async () => {
    const email = address()
    const password = 'ça va très bien, 東京タワー, Ελληνικά, 🏠 ' + 'ñ'.repeat(40)
    expect([...password].length).toBeGreaterThanOrEqual(64)
    expect((await signUp(email, password)).status).toBe(200)
    expect((await signIn(email, password)).status).toBe(200)
  })

  it('no composition rules: an all-lowercase passphrase without digits or symbols is accepted (ASVS 6.2.5)', async () => {
    expect((await signUp(address(), 'plain lowercase words only')).status).toBe(200)
  })

  it('a top-1000 common password is rejected at sign-up with a clear message (ASVS 6.2.4)', async () => {
    expect(commonPasswords().size).toBe(1000)
    for (const password of ['password', '12345678', 'iloveyou', 'Sunshine', 'QWERTYUIOP']) {
      const email = address()
      const res = await signUp(email, password)
      expect(res.status, password).toBe(400)
      const body = await res.json()
      expect(body.error.message).toBe(COMMON_PASSWORD_MESSAGE)
      expect(body.error.fields).toEqual({ password: [COMMON_PASSWORD_MESSAGE] })
      expect(await accounts(email)).toBe(0)
    }
  })

  it('a top-1000 common password is rejected on password change (ASVS 6.2.4)', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/auth/change-password', {
      as: user,
      json: { currentPassword: user.password, newPassword: 'football' },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.fields).toEqual({ newPassword: [COMMON_PASSWORD_MESSAGE] })
    expect((await signIn(user.email, user.password)).status).toBe(200)
  })

  it('a top-1000 common password is rejected on password reset, and the link still works (ASVS 6.2.4)', async () => {
    const user = await t.signUp()
    await t.request('/api/auth/request-password-reset', { json: { email: user.email } })
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'reset-password' order by created_at desc limit 1`,
      [user.email],
    )
    const token = new URL(mail.text_body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get(
      'token',
    )!
    const common = await t.request('/api/auth/reset-password', { json: { token, newPassword: 'baseball' } })
    expect(common.status).toBe(400)
    expect((await common.json()).error.fields).toEqual({ newPassword: [COMMON_PASSWORD_MESSAGE] })
    const short = await t.request('/api/auth/reset-password', { json: { token, newPassword: 'short' } })
    expect(short.status).toBe(400)
    const good = await t.request('/api/auth/reset-password', { json: { token, newPassword: 'a calm blue harbour' } })
    expect(good.status).toBe(200)
    expect((await signIn(user.email, 'a calm blue harbour')).status).toBe(200)
  })

  it('a 100-char password with character 80 changed fails sign-in: no truncation (ASVS 6.2.8)', async () => {
    const email = address()
    const password = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('')
    const changed = password.slice(0, 79) + (password[79] === 'x' ? 'y' : 'x') + password.slice(80)
    expect(changed).toHaveLength(100)
    expect(changed).not.toBe(password)
    expect((await signUp(email, password)).status).toBe(200)
    expect((await signIn(email, changed)).status).toBe(401)
    const ok = await signIn(email, password)
    expect(ok.status).toBe(200)
    expect(sessionCookieFrom(ok)).toMatch(/session_token=/)
  })

  it('the common-password check ignores case but not other characters', () => {
    expect(isCommonPassword('PassWord')).toBe(true)
    expect(isCommonPassword('password but longer')).toBe(false)
  })
})
