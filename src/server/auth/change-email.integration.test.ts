/**
 * Changing the sign-in email against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the link goes to the new address and a notice to the old; opening it changes
 * user.email and profiles.email in one transaction with the 'email.changed' event; a session older
 * than a day must sign in again (ASVS 7.5.1); an address another account uses is refused without the
 * requester learning so. Link expiry uses a fake clock (Date only).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionCookieFrom, type TestUser, useTestApp } from '#server/test/test-app.ts'
import {
  EMAIL_TAKEN_ON_CONFIRM,
  EXPIRED_LINK,
  INVALID_LINK,
  REAUTHENTICATE_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from './change-email'

const t = useTestApp()
afterEach(() => {
  vi.useRealTimers()
})

const address = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}@homeward.test`

async function mailsTo(to: string) {
  return t.database.query<{ kind: string; subject: string; text_body: string }>(
    `select kind, subject, text_body from mail_outbox where to_address = $1 order by created_at, id`,
    [to.toLowerCase()],
  )
}
const tokenIn = (text: string) =>
  new URL(text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0]).searchParams.get('token')!

async function requestChange(user: TestUser, newEmail: string) {
  return t.request('/api/auth/change-email', { as: user, json: { newEmail } })
}
async function openLink(token: string, cookie?: string) {
  return t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, cookie ? { headers: { cookie } } : {})
}
async function emails(user: TestUser) {
  const [row] = await t.database.query<{ user_email: string; profile_email: string; verified: boolean }>(
    `select u.email as user_email, p.email as profile_email, u.email_verified as verified
     from profiles p join "user" u on u.id = p.auth_id where p.id = $1`,
    [user.profileId],
  )
  return row
}
async function events(user: TestUser) {
  const res = await t.request('/api/account/security-events', { as: user })
  return ((await res.json()) as { events: Array<{ kind: string }> }).events.map((e) => e.kind)
}

describe('change email', () => {
  it('sends the link to the new address and a notice to the old; opening it changes user and profile email together', async () => {
    const user = await t.signUp({ name: 'Mover Person' })
    const next = address('moved')
    const res = await requestChange(user, next)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: true })

    // Nothing changes until the link is opened.
    expect(await emails(user)).toMatchObject({ user_email: user.email, profile_email: user.email })
    const [link] = await mailsTo(next)
    expect(link).toMatchObject({ kind: 'change-email', subject: 'Confirm your new email address for Homeward' })
    const oldMails = await mailsTo(user.email)
    expect(oldMails.map((m) => m.kind)).toContain('email-change-requested')
    expect(oldMails.find((m) => m.kind === 'email-change-requested')!.text_body).toContain(next)

    const opened = await openLink(tokenIn(link.text_body), user.cookie)
    expect(opened.status).toBe(200)
    expect(await emails(user)).toEqual({ user_email: next, profile_email: next, verified: true })
    expect(await events(user)).toContain('email.changed')
    const done = (await mailsTo(user.email)).find((m) => m.kind === 'email-changed')
    expect(done?.text_body).toContain(`changed to ${next}`)

    // The session goes on, /api/me and /api/account/profile show the new address.
    const me = await (await t.request('/api/me', { as: user })).json()
    expect(me.user.email).toBe(next)
    expect(me.profile.email).toBe(next)
    // Sign-in works with the new address only.
    const oldSignIn = await t.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
    })
    expect(oldSignIn.status).toBe(401)
    const newSignIn = await t.request('/api/auth/sign-in/email', { json: { email: next, password: user.password } })
    expect(newSignIn.status).toBe(200)
  })

  it('change email link is single use: opening it again is refused and changes nothing', async () => {
    const user = await t.signUp()
    const next = address('once')
    await requestChange(user, next)
    const token = tokenIn((await mailsTo(next))[0].text_body)
    expect((await openLink(token)).status).toBe(200)
    const again = await openLink(token)
    expect(again.status).toBe(401)
    expect((await again.json()).error.message).toBe(INVALID_LINK)
    expect((await emails(user)).user_email).toBe(next)
    expect((await events(user)).filter((k) => k === 'email.changed')).toHaveLength(1)
  })

  it('change email link expires after 1 hour (fake clock)', async () => {
    const user = await t.signUp()
    const next = address('late')
    await requestChange(user, next)
    const token = tokenIn((await mailsTo(next))[0].text_body)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61 * 60 * 1000)
    const res = await openLink(token)
    expect(res.status).toBe(401)
    expect((await res.json()).error.message).toBe(EXPIRED_LINK)
    vi.useRealTimers()
    expect((await emails(user)).user_email).toBe(user.email)
  })

  it('a forged change email link (signature not ours) is refused', async () => {
    const user = await t.signUp()
    const next = address('forged')
    await requestChange(user, next)
    const [h, p] = tokenIn((await mailsTo(next))[0].text_body).split('.')
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString())
    const evil = Buffer.from(JSON.stringify({ ...payload, updateTo: 'attacker@evil.example' })).toString('base64url')
    const res = await openLink(`${h}.${evil}.${Buffer.from('x'.repeat(32)).toString('base64url')}`)
    expect(res.status).toBe(401)
    expect((await emails(user)).user_email).toBe(user.email)
  })

  it('change email with a session older than a day asks to re-authenticate (ASVS 7.5.1)', async () => {
    const user = await t.signUp()
    await t.database.query(
      `update session set created_at = now() - interval '25 hours' where user_id = (select id from "user" where email = $1)`,
      [user.email],
    )
    const next = address('stale')
    const res = await requestChange(user, next)
    expect(res.status).toBe(403)
    expect((await res.json()).error.message).toBe(REAUTHENTICATE_EMAIL_MESSAGE)
    expect(await mailsTo(next)).toHaveLength(0)
    // Signing in again gives a fresh session that may change it.
    const signIn = await t.request('/api/auth/sign-in/email', { json: { email: user.email, password: user.password } })
    const fresh = { ...user, cookie: sessionCookieFrom(signIn) }
    expect((await requestChange(fresh, next)).status).toBe(200)
  })

  it('change email to an address another account uses: same answer, no link, nothing changes; only that inbox is told', async () => {
    const owner = await t.signUp()
    const user = await t.signUp()
    const free = address('free')
    const taken = await requestChange(user, owner.email)
    const fresh = await requestChange(user, free)
    expect(taken.status).toBe(fresh.status)
    expect(await taken.json()).toEqual(await fresh.json())
    const toOwner = await mailsTo(owner.email)
    expect(toOwner.map((m) => m.kind)).not.toContain('change-email')
    expect(toOwner.find((m) => m.kind === 'email-change-requested')?.text_body).toContain(
      'already has a Homeward account',
    )
    expect((await emails(user)).user_email).toBe(user.email)
    expect((await emails(owner)).user_email).toBe(owner.email)
  })

  it('change email is atomic: when the profile update fails, the account keeps its old email and nothing is recorded', async () => {
    const user = await t.signUp()
    const next = address('atomic')
    await requestChange(user, next)
    const token = tokenIn((await mailsTo(next))[0].text_body)
    // Fault injection: the profile update (the second write) fails for this address only.
    await t.database.query(`create or replace function test_fail_profile_email() returns trigger language plpgsql as $$
      begin if new.email = '${next}' then raise exception 'injected failure'; end if; return new; end $$`)
    await t.database.query(`create trigger test_fail_profile_email before update on profiles
      for each row execute function test_fail_profile_email()`)
    try {
      const res = await openLink(token)
      expect(res.status).toBe(500)
    } finally {
      await t.database.query(`drop trigger test_fail_profile_email on profiles`)
      await t.database.query(`drop function test_fail_profile_email()`)
    }
    expect(await emails(user)).toMatchObject({ user_email: user.email, profile_email: user.email })
    expect(await events(user)).not.toContain('email.changed')
    expect((await mailsTo(user.email)).map((m) => m.kind)).not.toContain('email-changed')
    // The same link works once the fault is gone: nothing half-done blocks it.
    expect((await openLink(token)).status).toBe(200)
    expect(await emails(user)).toMatchObject({ user_email: next, profile_email: next })
  })

  it('change email to an address a profile without an account holds is refused with 409 and changes nothing', async () => {
    const user = await t.signUp()
    const next = address('clash')
    await requestChange(user, next)
    const token = tokenIn((await mailsTo(next))[0].text_body)
    // A profile without an account (e.g. an erased one) already holds the address: profiles' unique index refuses it.
    await t.database.query(`insert into profiles (full_name, email) values ('Orphan', $1)`, [next])
    const res = await openLink(token)
    expect(res.status).toBe(409)
    expect((await res.json()).error.message).toBe(EMAIL_TAKEN_ON_CONFIRM)
    expect(await emails(user)).toMatchObject({ user_email: user.email, profile_email: user.email })
    expect(await events(user)).not.toContain('email.changed')
    expect((await mailsTo(user.email)).map((m) => m.kind)).not.toContain('email-changed')
  })

  it('change email link opened while another person is signed in on this browser is refused', async () => {
    const user = await t.signUp()
    const someoneElse = await t.signUp()
    const next = address('wrong-browser')
    await requestChange(user, next)
    const res = await openLink(tokenIn((await mailsTo(next))[0].text_body), someoneElse.cookie)
    expect(res.status).toBe(401)
    expect((await emails(user)).user_email).toBe(user.email)
  })

  it('change email refuses the same address, an invalid one, and a signed-out caller', async () => {
    const user = await t.signUp()
    const same = await requestChange(user, user.email.toUpperCase())
    expect(same.status).toBe(400)
    expect((await same.json()).error.fields).toEqual({ newEmail: [SAME_EMAIL_MESSAGE] })
    const bad = await requestChange(user, 'not-an-email')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields.newEmail).toEqual(['Enter a valid email address'])
    const anon = await t.request('/api/auth/change-email', { json: { newEmail: address('anon') } })
    expect(anon.status).toBe(401)
  })
})
