/**
 * Two-factor authentication (TOTP and backup codes) against a real database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL). Checklist 'Authentication and sessions': second factor on
 * every sign-in path (6.3.4), TOTP reuse rejected and lock-out after 10 wrong codes (6.5.1), backup
 * codes stored hashed and single use (6.5.2), re-authentication after a day for MFA changes (7.5.1).
 * Codes come from the `otpauth` library reading the otpauth:// URI, as an authenticator app would.
 * Time uses a fake clock (vi.setSystemTime, Date only; the database keeps real time).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as OTPAuth from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashBackupCode, twoFactorPlugins } from '#server/auth/two-factor.ts'
import { sessionCookieFrom, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { REAUTHENTICATE_TWO_FACTOR_MESSAGE } from './two-factor-edge'

let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-2fa-'))
})
const t = useTestApp(() => ({ config: { dataDir } }))
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
})
afterEach(() => {
  vi.useRealTimers()
})

const STEP_MS = 30_000

/** Starts the fake clock at the beginning of a 30-second step, so codes do not roll over mid-test. */
function freezeAtStepStart() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1000)
}
function tick(ms: number) {
  vi.setSystemTime(Date.now() + ms)
}

async function body(res: Response) {
  return (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string } }
}

/** `name=value` of a cookie a response sets (last one wins), or null. */
function cookieFrom(res: Response, name: string): string | null {
  const found = res.headers
    .getSetCookie()
    .filter((c) => c.startsWith(`${name}=`))
    .pop()
  if (!found) return null
  const pair = found.split(';')[0]
  return pair.endsWith('=') ? null : pair
}

interface Enrolled extends TestUser {
  totp: OTPAuth.TOTP
  backupCodes: string[]
}

/** Enables two-factor for `u` through the API (password, then a code from the app): as in settings. */
async function enrol(u: TestUser): Promise<Enrolled> {
  const res = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: u.password } })
  expect(res.status).toBe(200)
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] }
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP
  const confirm = await t.request('/api/auth/two-factor/verify-totp', {
    as: u,
    json: { code: totp.generate({ timestamp: Date.now() }) },
  })
  expect(confirm.status).toBe(200)
  // Confirming replaces the session (Better Auth re-issues it with the new flag).
  return { ...u, cookie: sessionCookieFrom(confirm), totp, backupCodes }
}

/** First factor by password: the answer and the challenge cookie (no session yet). */
async function passwordStep(u: TestUser) {
  const res = await t.request('/api/auth/sign-in/email', { json: { email: u.email, password: u.password } })
  return { res, challenge: cookieFrom(res, 'homeward.two_factor') }
}

async function verifyTotp(challenge: string | null, code: string) {
  return t.request('/api/auth/two-factor/verify-totp', {
    headers: challenge ? { cookie: challenge } : {},
    json: { code },
  })
}
async function verifyBackup(challenge: string | null, code: string) {
  return t.request('/api/auth/two-factor/verify-backup-code', {
    headers: challenge ? { cookie: challenge } : {},
    json: { code },
  })
}

async function sessionCount(email: string) {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from session where user_id = (select id from "user" where email = $1)`,
    [email.toLowerCase()],
  )
  return Number(row.n)
}
async function eventKinds(email: string) {
  const rows = await t.database.query<{ kind: string; detail: Record<string, unknown> }>(
    `select kind, detail from security_events where user_id = (select id from "user" where email = $1)
     order by created_at, id`,
    [email.toLowerCase()],
  )
  return rows
}
async function status(u: TestUser) {
  const res = await t.request('/api/account/two-factor', { as: u })
  expect(res.status).toBe(200)
  return (await res.json()) as { enabled: boolean; backupCodesRemaining: number; signedInRecently: boolean }
}

describe('enrolment', () => {
  it('enable gives an otpauth URI and 10 backup codes; a code from the app turns two-factor on (mfa.enabled)', async () => {
    freezeAtStepStart()
    const u = await t.signUp()
    expect(await status(u)).toMatchObject({ enabled: false, backupCodesRemaining: 0, signedInRecently: true })

    const wrongPassword = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: 'not it at all' } })
    expect(wrongPassword.status).toBe(400)
    expect((await body(wrongPassword)).error?.message).toBe('Your current password is not right.')

    const res = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: u.password } })
    expect(res.status).toBe(200)
    const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] }
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Homeward:/)
    expect(backupCodes).toHaveLength(10)
    // Not on until confirmed: a password sign-in still needs no code.
    expect(await status(u)).toMatchObject({ enabled: false })

    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP
    const wrong = await t.request('/api/auth/two-factor/verify-totp', { as: u, json: { code: '000000' } })
    expect(wrong.status).toBe(401)
    const confirm = await t.request('/api/auth/two-factor/verify-totp', {
      as: u,
      json: { code: totp.generate({ timestamp: Date.now() }) },
    })
    expect(confirm.status).toBe(200)
    const me = { ...u, cookie: sessionCookieFrom(confirm) }
    expect(await status(me)).toMatchObject({ enabled: true, backupCodesRemaining: 10 })
    expect((await eventKinds(u.email)).map((e) => e.kind)).toContain('mfa.enabled')
  })

  it('a code must be 6 digits and trustDevice is not passed on (400 naming the field)', async () => {
    const res = await verifyTotp(null, '12ab')
    expect(res.status).toBe(400)
    expect((await body(res)).error?.message).toMatch(/6-digit code/)
  })
})

describe('second factor on every sign-in path (ASVS 6.3.4)', () => {
  it('password sign-in asks for the code and gives no session until the code is right', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    const before = await sessionCount(u.email)
    tick(STEP_MS)

    const { res, challenge } = await passwordStep(u)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(cookieFrom(res, 'homeward.session_token')).toBeNull()
    expect(challenge).not.toBeNull()
    // No new session exists, and the challenge cookie is not a session.
    expect(await sessionCount(u.email)).toBe(before)
    expect((await t.request('/api/me', { headers: { cookie: challenge! } })).status).toBe(401)

    expect((await verifyTotp(challenge, '000000')).status).toBe(401)
    const ok = await verifyTotp(challenge, u.totp.generate({ timestamp: Date.now() }))
    expect(ok.status).toBe(200)
    const session = sessionCookieFrom(ok)
    expect((await t.request('/api/me', { headers: { cookie: session } })).status).toBe(200)
    expect(await sessionCount(u.email)).toBe(before + 1)
    const events = await eventKinds(u.email)
    expect(events).toContainEqual({ kind: 'sign_in.succeeded', detail: { method: 'two-factor', factor: 'totp' } })
    expect(events.map((e) => e.kind)).toContain('mfa.failed')
  })

  it('sign-in by emailed code asks for the second factor too', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    tick(STEP_MS)
    const sent = await t.request('/api/auth/email-otp/send-verification-otp', {
      json: { email: u.email, type: 'sign-in' },
    })
    expect(sent.status).toBe(200)
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'sign-in-code' order by created_at desc limit 1`,
      [u.email.toLowerCase()],
    )
    const otp = mail.text_body.match(/code is: (\d{6})/)![1]
    const before = await sessionCount(u.email)
    const res = await t.request('/api/auth/sign-in/email-otp', { json: { email: u.email, otp } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true })
    expect(cookieFrom(res, 'homeward.session_token')).toBeNull()
    expect(await sessionCount(u.email)).toBe(before)
    const challenge = cookieFrom(res, 'homeward.two_factor')
    const ok = await verifyTotp(challenge, u.totp.generate({ timestamp: Date.now() }))
    expect(ok.status).toBe(200)
    expect((await t.request('/api/me', { headers: { cookie: sessionCookieFrom(ok) } })).status).toBe(200)
  })

  it("a sign-up's verification link, which signs in the first time, asks for the second factor too", async () => {
    freezeAtStepStart()
    // Two-factor turned on before the address was confirmed: the link must not skip the code.
    const u = await enrol(await t.signUp({ verified: false }))
    tick(STEP_MS)
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'verify-email' order by created_at desc limit 1`,
      [u.email.toLowerCase()],
    )
    const token = new URL(mail.text_body.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]).searchParams.get('token')!
    // Opened where the person is already signed in: that session stays, nothing is asked.
    const mine = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { as: u })
    expect(mine.status).toBe(200)
    expect((await t.request('/api/me', { as: u })).status).toBe(200)

    await t.database.query(`update "user" set email_verified = false where email = $1`, [u.email.toLowerCase()])
    const before = await sessionCount(u.email)
    const res = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true })
    expect(cookieFrom(res, 'homeward.session_token')).toBeNull()
    expect(await sessionCount(u.email)).toBe(before)
    const ok = await verifyTotp(cookieFrom(res, 'homeward.two_factor'), u.totp.generate({ timestamp: Date.now() }))
    expect(ok.status).toBe(200)
    expect((await t.request('/api/me', { headers: { cookie: sessionCookieFrom(ok) } })).status).toBe(200)
  })

  it('the challenge hook also runs after OAuth callbacks (/callback/:id, /oauth2/callback/:id) and sends the browser to the code step', () => {
    const [, guards] = twoFactorPlugins({ database: t.database, appUrl: 'http://localhost:3000' })
    const after = guards.hooks.after
    const covers = (p: string) => after.filter((h) => h.matcher({ path: p } as never)).length
    // Challenge + redirect for callbacks; challenge only for JSON sign-ins; nothing for others.
    expect(covers('/callback/:id')).toBe(2)
    expect(covers('/oauth2/callback/:providerId')).toBe(2)
    expect(covers('/sign-in/email-otp')).toBe(1)
    expect(covers('/sign-in/social')).toBe(1)
    expect(covers('/change-password')).toBe(0)
  })

  it('after a password reset, signing in with the new password still asks for the code (ASVS 6.4.3)', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    expect(
      (await t.request('/api/auth/request-password-reset', { json: { email: u.email, redirectTo: '/reset-password' } }))
        .status,
    ).toBe(200)
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'reset-password' order by created_at desc limit 1`,
      [u.email.toLowerCase()],
    )
    const link = mail.text_body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]
    const token = new URL(link).searchParams.get('token')!
    const newPassword = 'a brand new passphrase 2026'
    const reset = await t.request('/api/auth/reset-password', { json: { token, newPassword } })
    expect(reset.status).toBe(200)
    const { res, challenge } = await passwordStep({ ...u, password: newPassword })
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true })
    expect(cookieFrom(res, 'homeward.session_token')).toBeNull()
    tick(STEP_MS)
    expect((await verifyTotp(challenge, u.totp.generate({ timestamp: Date.now() }))).status).toBe(200)
  })

  it('a user without two-factor signs in with a password at once', async () => {
    const u = await t.signUp()
    const { res, challenge } = await passwordStep(u)
    expect(res.status).toBe(200)
    expect(challenge).toBeNull()
    expect(cookieFrom(res, 'homeward.session_token')).not.toBeNull()
  })
})

describe('TOTP code reuse (ASVS 6.5.1)', () => {
  it('the code that confirmed enrolment, or one already used to sign in, cannot be used again in its window', async () => {
    freezeAtStepStart()
    const u = await t.signUp()
    const res = await t.request('/api/auth/two-factor/enable', { as: u, json: { password: u.password } })
    const totp = OTPAuth.URI.parse(((await res.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP
    const enrolCode = totp.generate({ timestamp: Date.now() })
    expect((await t.request('/api/auth/two-factor/verify-totp', { as: u, json: { code: enrolCode } })).status).toBe(200)

    // Ten seconds later the same code is still inside its window: refused as reused.
    tick(10_000)
    const first = await passwordStep(u)
    const reused = await verifyTotp(first.challenge, enrolCode)
    expect(reused.status).toBe(401)
    expect((await body(reused)).error?.message).toBe(
      'That code has already been used. Wait for the next code in your authenticator app.',
    )

    // The next step's code works once; then neither it nor the older one works again.
    tick(STEP_MS)
    const next = totp.generate({ timestamp: Date.now() })
    expect((await verifyTotp(first.challenge, next)).status).toBe(200)
    const second = await passwordStep(u)
    expect((await verifyTotp(second.challenge, next)).status).toBe(401)
    expect((await verifyTotp(second.challenge, enrolCode)).status).toBe(401)
    tick(STEP_MS)
    expect((await verifyTotp(second.challenge, totp.generate({ timestamp: Date.now() }))).status).toBe(200)
  })
})

describe('backup codes (ASVS 6.5.2)', () => {
  it('are stored hashed (no code in the row) and each signs in once', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    const [row] = await t.database.query<{ backup_codes: string }>(
      `select backup_codes from two_factor where user_id = (select id from "user" where email = $1)`,
      [u.email.toLowerCase()],
    )
    for (const code of u.backupCodes) {
      expect(row.backup_codes).not.toContain(code)
      expect(row.backup_codes).not.toContain(code.replace('-', ''))
    }
    expect(JSON.parse(row.backup_codes)).toEqual(u.backupCodes.map(hashBackupCode))

    const code = u.backupCodes[3]
    const first = await passwordStep(u)
    const ok = await verifyBackup(first.challenge, code)
    expect(ok.status).toBe(200)
    expect((await t.request('/api/me', { headers: { cookie: sessionCookieFrom(ok) } })).status).toBe(200)
    expect((await status({ ...u, cookie: sessionCookieFrom(ok) })).backupCodesRemaining).toBe(9)
    expect(await eventKinds(u.email)).toContainEqual({
      kind: 'sign_in.succeeded',
      detail: { method: 'two-factor', factor: 'backup_code' },
    })

    const again = await passwordStep(u)
    const refused = await verifyBackup(again.challenge, code)
    expect(refused.status).toBe(401)
    expect((await body(refused)).error?.message).toBe('That backup code is not right, or it has already been used.')
    // Typed without the dash, another code still works.
    expect((await verifyBackup(again.challenge, u.backupCodes[4].replace('-', ''))).status).toBe(200)
  })

  it('regenerating makes 10 new codes and the old ones stop working (mfa.backup_codes_regenerated)', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    const res = await t.request('/api/auth/two-factor/generate-backup-codes', {
      as: u,
      json: { password: u.password },
    })
    expect(res.status).toBe(200)
    const { backupCodes } = (await res.json()) as { backupCodes: string[] }
    expect(backupCodes).toHaveLength(10)
    const step = await passwordStep(u)
    expect((await verifyBackup(step.challenge, u.backupCodes[0])).status).toBe(401)
    expect((await verifyBackup(step.challenge, backupCodes[0])).status).toBe(200)
    expect((await eventKinds(u.email)).map((e) => e.kind)).toContain('mfa.backup_codes_regenerated')
  })
})

describe('lock-out after 10 wrong codes (ASVS 6.5.1)', () => {
  it('locks the second factor for 15 minutes with a message saying when to try again; then a code works', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    tick(STEP_MS)

    // Five wrong codes per sign-in attempt; the sixth answer asks to sign in again.
    const first = await passwordStep(u)
    for (let i = 0; i < 5; i++) expect((await verifyTotp(first.challenge, '000000')).status).toBe(401)
    const spent = await verifyTotp(first.challenge, u.totp.generate({ timestamp: Date.now() }))
    expect(spent.status).toBe(400)
    expect((await body(spent)).error?.message).toBe(
      'Too many wrong codes for this sign-in. Sign in again to get another try.',
    )

    const second = await passwordStep(u)
    for (let i = 0; i < 4; i++) expect((await verifyTotp(second.challenge, '000000')).status).toBe(401)
    const tenth = await verifyTotp(second.challenge, '000000')
    expect(tenth.status).toBe(429)
    expect(tenth.headers.get('retry-after')).toBe('900')
    expect((await body(tenth)).error?.message).toBe(
      'Too many wrong codes: two-factor sign-in is locked. Try again in 15 minutes.',
    )

    // Even the right code (and a backup code) is refused while locked.
    tick(STEP_MS)
    const locked = await verifyTotp(second.challenge, u.totp.generate({ timestamp: Date.now() }))
    expect(locked.status).toBe(429)
    expect((await body(locked)).error?.message).toMatch(/locked\. Try again in 15 minutes/)
    expect((await verifyBackup(second.challenge, u.backupCodes[0])).status).toBe(429)
    const kinds = (await eventKinds(u.email)).map((e) => e.kind)
    expect(kinds.filter((k) => k === 'mfa.failed')).toHaveLength(9)
    expect(kinds).toContain('mfa.locked')

    // After 15 minutes, a new sign-in with the right code works.
    tick(15 * 60 * 1000)
    const later = await passwordStep(u)
    expect((await verifyTotp(later.challenge, u.totp.generate({ timestamp: Date.now() }))).status).toBe(200)
  })
})

describe('re-authentication for two-factor changes (ASVS 7.5.1)', () => {
  async function ageSession(u: TestUser, hours: number) {
    await t.database.query(
      `update session set created_at = now() - make_interval(hours => $2)
       where user_id = (select id from "user" where email = $1)`,
      [u.email.toLowerCase(), hours],
    )
  }

  it('enable, disable and new backup codes are refused from a session older than a day', async () => {
    freezeAtStepStart()
    const stale = await t.signUp()
    await ageSession(stale, 25)
    const enable = await t.request('/api/auth/two-factor/enable', { as: stale, json: { password: stale.password } })
    expect(enable.status).toBe(403)
    expect((await body(enable)).error?.message).toBe(REAUTHENTICATE_TWO_FACTOR_MESSAGE)
    expect((await status(stale)).signedInRecently).toBe(false)

    const u = await enrol(await t.signUp())
    await ageSession(u, 25)
    for (const p of ['/api/auth/two-factor/disable', '/api/auth/two-factor/generate-backup-codes']) {
      const res = await t.request(p, { as: u, json: { password: u.password } })
      expect(res.status).toBe(403)
      expect((await body(res)).error?.message).toBe(REAUTHENTICATE_TWO_FACTOR_MESSAGE)
    }
    const [row] = await t.database.query<{ on: boolean }>(
      `select two_factor_enabled as on from "user" where email = $1`,
      [u.email.toLowerCase()],
    )
    expect(row.on).toBe(true)
  })

  it('a recent session with the password turns two-factor off; sign-in then asks no code (mfa.disabled)', async () => {
    freezeAtStepStart()
    const u = await enrol(await t.signUp())
    await ageSession(u, 23)
    const wrong = await t.request('/api/auth/two-factor/disable', { as: u, json: { password: 'wrong password!' } })
    expect(wrong.status).toBe(400)
    const res = await t.request('/api/auth/two-factor/disable', { as: u, json: { password: u.password } })
    expect(res.status).toBe(200)
    const { res: signIn, challenge } = await passwordStep(u)
    expect(signIn.status).toBe(200)
    expect(challenge).toBeNull()
    expect((await eventKinds(u.email)).map((e) => e.kind)).toContain('mfa.disabled')
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from two_factor where user_id = (select id from "user" where email = $1)`,
      [u.email.toLowerCase()],
    )
    expect(Number(row.n)).toBe(0)
  })
})
