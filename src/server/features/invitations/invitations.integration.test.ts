/**
 * Invitations ('Invitations'): invite by email and role or a marketplace firm, re-send
 * instead of duplicating, a single-use link bound to the invited email and valid 7 days, accept,
 * revoke and resend, the local outbox at /api/dev/mail, and real delivery through an SMTP server
 * (the `smtp-server` package). Outsiders get 404 on every transaction-scoped endpoint (ASVS 8.2),
 * signed-out callers 401 before anything else; used, withdrawn, expired and wrong-email links change nothing (ASVS 8.2.1).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AcceptInvitationResponse,
  Invitation,
  InvitationList,
  InvitationPreview,
} from '#shared/contracts/invitations.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { createOrganization } from '#server/test/factories.ts'
import { createLogger, type Logger } from '#server/logger.ts'
import { createMailService } from '#server/platform/mail/mail-service.ts'
import { createMailWorker } from '#server/platform/mail/mail-worker.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { smtpTransport } from '#server/platform/mail/transport.ts'
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { hashInvitationToken } from '#server/core/invitations/invitation-token.ts'
import { withoutRequestId } from '#server/test/error-body.ts'

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
})
const LINK = new RegExp(`${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]{43})`)

const t = useTestApp()
let buyer: TestUser
let outsider: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  outsider = await t.signUp({ role: 'buyer', name: 'Olly Outsider' })
})

const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@homeward.test`

/** A draft created through the API by `as` (the buyer by default), at 47 Park Road, Harpenden. */
async function newDraft(as: TestUser = buyer, role: 'buyer' | 'seller' = 'buyer'): Promise<string> {
  const res = await t.request('/api/transactions', {
    as,
    json: {
      address_line_1: '47 Park Road',
      town: 'Harpenden',
      postcode: 'AL3 5AF',
      role,
      agreed_price: 450000,
      tenure: 'freehold',
    },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

function invite(as: TestUser | null, txId: string, body: Record<string, unknown>) {
  return t.request(`/api/transactions/${txId}/invitations`, { as, json: body })
}

async function inviteOk(as: TestUser, txId: string, body: Record<string, unknown>): Promise<Invitation> {
  const res = await invite(as, txId, body)
  expect(res.status).toBe(201)
  return Invitation.parse(await res.json())
}

/** The local outbox (GET /api/dev/mail) for one address, newest first. */
async function mailTo(email: string) {
  const res = await t.request('/api/dev/mail')
  expect(res.status).toBe(200)
  const { messages } = (await res.json()) as {
    messages: { id: string; to: string; subject: string; text: string; status: string }[]
  }
  return messages.filter((m) => m.to === email)
}

/** The token of the newest invitation link sent to `email`. */
async function latestToken(email: string): Promise<string> {
  const [mail] = await mailTo(email)
  const match = mail?.text.match(LINK)
  if (!match) throw new Error(`no invitation link in the outbox for ${email}`)
  return match[1]
}

/** Invites `email` and returns the invitation and the token from its email. */
async function inviteWithToken(as: TestUser, txId: string, email: string, role: string) {
  const invitation = await inviteOk(as, txId, { email, role })
  return { invitation, token: await latestToken(email) }
}

const preview = (token: string) => t.request(`/api/invitations/${token}`)
const accept = (as: TestUser | null, token: string) =>
  t.request(`/api/invitations/${token}/accept`, { method: 'POST', as })

async function detailOf(txId: string, as: TestUser = buyer) {
  const res = await t.request(`/api/transactions/${txId}`, { as })
  expect(res.status).toBe(200)
  return TransactionDetail.parse(await res.json())
}

async function listOf(txId: string, as: TestUser = buyer) {
  const res = await t.request(`/api/transactions/${txId}/invitations`, { as })
  expect(res.status).toBe(200)
  return InvitationList.parse(await res.json()).invitations
}

/** Everything an invitation action could touch on one transaction, from the database. */
async function snapshot(txId: string) {
  const [row] = await t.database.query<{ s: string }>(
    `select json_build_object(
       'tx', (select json_build_object('status', status, 'version', version, 'buyer', buyer_user_id,
              'seller', seller_user_id) from transactions where id = $1),
       'participants', (select json_agg(json_build_object('user', user_id, 'role', role) order by user_id)
              from transaction_participants where transaction_id = $1),
       'invitations', (select json_agg(json_build_object('id', id, 'email', email, 'role', role, 'status', status,
              'token', token_hash, 'sends', send_count, 'expires', expires_at, 'by', accepted_by) order by id)
              from invitations where transaction_id = $1),
       'mail', (select count(*) from mail_outbox where transaction_id = $1),
       'activity', (select count(*) from activity_events where transaction_id = $1)
     )::text as s`,
    [txId],
  )
  return JSON.parse(row.s) as unknown
}

async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } }
  if (message instanceof RegExp) expect(body.error.message).toMatch(message)
  else if (message) expect(body.error.message).toBe(message)
  return body
}

describe('inviting by email', () => {
  it('creates a pending invitation, writes the email with the link to the outbox and records it', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('sam.seller')
    const before = Date.now()
    const res = await invite(buyer, txId, { email: `  ${email.toUpperCase()} `, role: 'seller' })
    expect(res.status).toBe(201)
    const invitation = Invitation.parse(await res.json())
    expect(invitation).toMatchObject({
      email,
      role: 'seller',
      status: 'pending',
      send_count: 1,
      invited_by: { id: buyer.profileId, full_name: 'Bea Buyer' },
      organization: null,
    })
    const ttl = new Date(invitation.expires_at).getTime() - before
    expect(ttl).toBeGreaterThan(7 * 86_400_000 - 60_000)
    expect(ttl).toBeLessThan(7 * 86_400_000 + 60_000)

    const mails = await mailTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      status: 'local',
      subject: 'Bea Buyer invited you to their move at 47 Park Road, AL3 5AF',
    })
    expect(mails[0].text).toContain('Bea Buyer has invited you to join their move at 47 Park Road, AL3 5AF')
    expect(mails[0].text).toContain('as Seller')
    const token = mails[0].text.match(LINK)![1]
    expect(mails[0].text).toContain(`until ${UK_DATE.format(new Date(invitation.expires_at))}`)

    // Only the token's hash is stored.
    const rows = await t.database.query<{ token_hash: string; row: string }>(
      'select token_hash, row_to_json(i)::text as row from invitations i where id = $1',
      [invitation.id],
    )
    expect(rows[0].token_hash).toBe(hashInvitationToken(token))
    expect(rows[0].row).not.toContain(token)

    expect(await listOf(txId)).toEqual([invitation])
    const detail = await detailOf(txId)
    expect(detail.activity[0]).toMatchObject({
      kind: 'invitation.sent',
      summary: `invited ${email} as Seller`,
      actor: { full_name: 'Bea Buyer' },
    })

    // The local outbox page shows it too.
    const page = await t.request('/dev/mail')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`href="${TEST_PUBLIC_URL}/invite/${token}"`)
  })

  it('re-sends instead of duplicating: same invitation, send_count 2, the old link stops working', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('resent')
    const first = await inviteWithToken(buyer, txId, email, 'surveyor')
    const again = await inviteOk(buyer, txId, { email, role: 'surveyor' })
    expect(again.id).toBe(first.invitation.id)
    expect(again.send_count).toBe(2)
    expect(new Date(again.last_sent_at).getTime()).toBeGreaterThanOrEqual(
      new Date(first.invitation.last_sent_at).getTime(),
    )
    const mails = await mailTo(email)
    expect(mails).toHaveLength(2)
    const newToken = mails[0].text.match(LINK)![1]
    expect(newToken).not.toBe(first.token)
    expect(await listOf(txId)).toHaveLength(1)
    expect((await detailOf(txId)).activity[0]).toMatchObject({
      kind: 'invitation.resent',
      summary: `re-sent the invitation to ${email} as Surveyor`,
    })

    // The old link is recognised: it says a newer invitation was sent, and never works.
    const old = InvitationPreview.parse(await (await preview(first.token)).json())
    expect(old).toMatchObject({ status: 'superseded', role: 'surveyor' })
    expect(new Date(old.last_sent_at).getTime()).toBe(new Date(again.last_sent_at).getTime())
    const invitee = await t.signUp({ role: 'surveyor', email })
    await expectError(
      await accept(invitee, first.token),
      410,
      `A newer invitation was sent on ${UK_DATE.format(new Date(again.last_sent_at))}, so this link no longer works. Use the link in the latest email.`,
    )
    const p = InvitationPreview.parse(await (await preview(newToken)).json())
    expect(p.status).toBe('pending')
    expect((await accept(invitee, newToken)).status).toBe(200)
  })

  it('re-inviting a pending email with another role updates the role, still one invitation', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('rerole')
    const first = await inviteOk(buyer, txId, { email, role: 'surveyor' })
    const second = await inviteOk(buyer, txId, { email, role: 'mortgage_broker' })
    expect(second).toMatchObject({ id: first.id, role: 'mortgage_broker', send_count: 2 })
    expect(await listOf(txId)).toHaveLength(1)
  })

  it('answers 409 for someone already on the move (any letter case), writing nothing', async () => {
    const txId = await newDraft()
    const before = await snapshot(txId)
    await expectError(
      await invite(buyer, txId, { email: buyer.email.toUpperCase(), role: 'seller' }),
      409,
      `${buyer.email} is already on this move.`,
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 409 to a buyer invitation when the move has a buyer, writing nothing', async () => {
    const txId = await newDraft()
    const before = await snapshot(txId)
    await expectError(
      await invite(buyer, txId, { email: uniqueEmail('second-buyer'), role: 'buyer' }),
      409,
      'This move already has a buyer.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each(['cancelled', 'completed'] as const)(
    'answers 409 to inviting or re-sending on a %s move, sending nothing',
    async (status) => {
      const txId = await newDraft()
      const pending = await inviteOk(buyer, txId, { email: uniqueEmail('pending'), role: 'surveyor' })
      await t.database.query('update transactions set status = $2 where id = $1', [txId, status])
      const before = await snapshot(txId)
      const message = `This move is ${status}, so no one new can be invited to it.`
      await expectError(await invite(buyer, txId, { email: uniqueEmail('late'), role: 'surveyor' }), 409, message)
      await expectError(await invite(buyer, txId, { email: pending.email, role: 'surveyor' }), 409, message)
      await expectError(
        await t.request(`/api/transactions/${txId}/invitations/${pending.id}/resend`, { method: 'POST', as: buyer }),
        409,
        message,
      )
      expect(await snapshot(txId)).toEqual(before)
    },
  )

  it.each([
    [{ email: 'not-an-email', role: 'seller' }, 'email'],
    [{ role: 'seller' }, 'email'],
    [{ email: 'x@homeward.test' }, 'role'],
    [{ email: 'x@homeward.test', role: 'lender' }, 'role'],
    [{ email: 'x@homeward.test', role: 'admin' }, 'role'],
    [{ email: 'x@homeward.test', organization_id: randomUUID() }, 'email'],
    [{ organization_id: 'not-a-uuid' }, 'organization_id'],
  ])('answers 400 naming the field for %j, writing nothing', async (body, field) => {
    const txId = await newDraft()
    const before = await snapshot(txId)
    const err = await expectError(await invite(buyer, txId, body), 400)
    expect(Object.keys(err.error.fields!)).toContain(field)
    expect(await snapshot(txId)).toEqual(before)
  })
})

describe('inviting a marketplace firm', () => {
  it('invites the firm’s contact email with the role from its type and the inviter’s side', async () => {
    const { organizationId } = await createOrganization(t.database, { type: 'law', name: 'Shah & Co Conveyancing' })
    const contact = `enquiries@${organizationId}.example`
    const txId = await newDraft()
    const invitation = await inviteOk(buyer, txId, { organization_id: organizationId })
    expect(invitation).toMatchObject({
      email: contact,
      role: 'buyer_conveyancer',
      organization: { id: organizationId, name: 'Shah & Co Conveyancing', type: 'law' },
    })
    const [mail] = await mailTo(contact)
    expect(mail.text).toContain("as Buyer's Conveyancer")

    // Someone at the firm signs up with the contact email and accepts: they join for the firm.
    const pro = await t.signUp({ role: 'conveyancer', name: 'Priya Shah', email: contact })
    const res = await accept(pro, mail.text.match(LINK)![1])
    expect(res.status).toBe(200)
    const detail = await detailOf(txId)
    const joined = detail.transaction_participants.find((p) => p.user_id === pro.profileId)!
    expect(joined).toMatchObject({
      role: 'buyer_conveyancer',
      invited_by: buyer.profileId,
      organization: { id: organizationId, name: 'Shah & Co Conveyancing', type: 'law' },
    })
    expect(detail.buyer_user_id).toBe(buyer.profileId)
    expect(detail.status).toBe('draft')
  })

  it.each([
    ['law', 'seller', 'seller_conveyancer'],
    ['agent', 'seller', 'estate_agent'],
    ['survey', 'buyer', 'surveyor'],
    ['broker', 'buyer', 'mortgage_broker'],
  ] as const)('a %s firm invited by the %s joins as %s', async (type, side, role) => {
    const inviter = side === 'seller' ? await t.signUp({ role: 'seller' }) : buyer
    const { organizationId } = await createOrganization(t.database, { type })
    const txId = await newDraft(inviter, side)
    expect(await inviteOk(inviter, txId, { organization_id: organizationId })).toMatchObject({ role })
  })

  it('takes an explicit role over the derived one', async () => {
    const { organizationId } = await createOrganization(t.database, { type: 'survey' })
    const txId = await newDraft()
    const inv = await inviteOk(buyer, txId, { organization_id: organizationId, role: 'mortgage_broker' })
    expect(inv.role).toBe('mortgage_broker')
  })

  it('answers 404 for an unknown firm and 422 for a firm without a contact email, writing nothing', async () => {
    const txId = await newDraft()
    const { organizationId } = await createOrganization(t.database, { type: 'law', name: 'No Email LLP' })
    await t.database.query('update organizations set contact_email = null where id = $1', [organizationId])
    const before = await snapshot(txId)
    await expectError(
      await invite(buyer, txId, { organization_id: randomUUID() }),
      404,
      'Could not find this professional.',
    )
    await expectError(
      await invite(buyer, txId, { organization_id: organizationId }),
      422,
      'No Email LLP has no contact email yet, so they cannot be invited from here.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })
})

describe('each side appoints its own people', () => {
  it("refuses a buyer appointing the seller's conveyancer (the battery's case), by email or firm, writing nothing", async () => {
    const txId = await newDraft()
    // The battery's repro: the buyer invites their own second account as the seller's conveyancer.
    const second = await t.signUp({ role: 'conveyancer', name: 'Bea Again' })
    const { organizationId } = await createOrganization(t.database, { type: 'law' })
    const agency = await createOrganization(t.database, { type: 'agent' })
    const before = await snapshot(txId)
    const message =
      "The Seller's Conveyancer is appointed by the seller's side. Ask the seller to invite them (or invite the seller, who can then invite their own)."
    await expectError(await invite(buyer, txId, { email: second.email, role: 'seller_conveyancer' }), 403, message)
    await expectError(
      await invite(buyer, txId, { organization_id: organizationId, role: 'seller_conveyancer' }),
      403,
      message,
    )
    await expectError(
      await invite(buyer, txId, { email: uniqueEmail('agent'), role: 'estate_agent' }),
      403,
      /Estate Agent/,
    )
    // An estate agency from the marketplace would join as the estate agent: the seller's side.
    await expectError(await invite(buyer, txId, { organization_id: agency.organizationId }), 403, /Estate Agent/)
    expect(await snapshot(txId)).toEqual(before)
    expect((await t.request(`/api/transactions/${txId}`, { as: second })).status).toBe(404)
  })

  it("refuses the seller's side appointing the buyer's professionals", async () => {
    const seller = await t.signUp({ role: 'seller' })
    const txId = await newDraft(seller, 'seller')
    const before = await snapshot(txId)
    for (const role of ['buyer_conveyancer', 'surveyor', 'mortgage_broker']) {
      await expectError(await invite(seller, txId, { email: uniqueEmail('pro'), role }), 403, /buyer's side/)
    }
    expect(await snapshot(txId)).toEqual(before)
  })

  it('lets each side invite its own professionals and the other principal while that seat is empty', async () => {
    const txId = await newDraft()
    await inviteOk(buyer, txId, { email: uniqueEmail('conv'), role: 'buyer_conveyancer' })
    await inviteOk(buyer, txId, { email: uniqueEmail('surv'), role: 'surveyor' })
    const sellerEmail = uniqueEmail('seller')
    const { token } = await inviteWithToken(buyer, txId, sellerEmail, 'seller')
    const seller = await t.signUp({ role: 'seller', email: sellerEmail })
    expect((await accept(seller, token)).status).toBe(200)
    // The seller now appoints their own conveyancer and agent.
    await inviteOk(seller, txId, { email: uniqueEmail('sconv'), role: 'seller_conveyancer' })
    await inviteOk(seller, txId, { email: uniqueEmail('agent'), role: 'estate_agent' })
  })
})

describe('invitation emails and their limits', () => {
  const outboxFor = (email: string) =>
    t.database.query<{ subject: string; text_body: string; to_address: string }>(
      'select subject, text_body, to_address from mail_outbox where to_address = $1 order by created_at',
      [email],
    )

  it('puts names and addresses on one line: no newline reaches a subject, header or body line', async () => {
    // The battery's repro: a name and an address carrying CRLF and a header.
    const eve = await t.signUp({ role: 'buyer', name: 'Eve\r\nBcc: victim@evil.example' })
    const res = await t.request('/api/transactions', {
      as: eve,
      json: {
        address_line_1: '1 High St\r\nX-Injected: yes',
        town: 'Harpenden\n\nAccept here: http://evil.example',
        postcode: 'AL3 5AF',
        role: 'buyer',
        agreed_price: 300000,
        tenure: 'freehold',
      },
    })
    expect(res.status).toBe(201)
    const txId = ((await res.json()) as { id: string }).id
    const email = uniqueEmail('victim')
    await inviteOk(eve, txId, { email, role: 'seller' })
    const [mail] = await outboxFor(email)
    expect(mail.subject).toBe(
      'Eve Bcc: victim@evil.example invited you to their move at 1 High St X-Injected: yes, AL3 5AF',
    )
    expect(mail.text_body.split('\n')[0]).toBe(
      'Eve Bcc: victim@evil.example has invited you to join their move at 1 High St X-Injected: yes, AL3 5AF on Homeward, as Seller.',
    )
    expect(mail.text_body).not.toMatch(/^(Bcc|X-Injected|Accept here):/m)

    // A name stored before the contracts stripped it is still put on one line in the email.
    await t.database.query(`update profiles set full_name = $2 where id = $1`, [
      eve.profileId,
      'Eve\r\nCc: x@evil.example',
    ])
    const other = uniqueEmail('victim2')
    await inviteOk(eve, txId, { email: other, role: 'surveyor' })
    const [second] = await outboxFor(other)
    expect(second.subject).toBe(
      'Eve Cc: x@evil.example invited you to their move at 1 High St X-Injected: yes, AL3 5AF',
    )
    expect(second.text_body).not.toMatch(/^Cc:/m)
  })

  it('limits new invitations per person per move: 25 at once send 10, the rest 429 saying when to try again', async () => {
    const sender = await t.signUp({ role: 'buyer', name: 'Sue Sender' })
    const txId = await newDraft(sender)
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => invite(sender, txId, { email: uniqueEmail(`flood${i}`), role: 'surveyor' })),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((x) => x === 201)).toHaveLength(10)
    expect(statuses.filter((x) => x === 429)).toHaveLength(15)
    const refused = results.find((r) => r.status === 429)!
    await expectError(
      refused,
      429,
      /^You have sent many invitations on this move in a short time\. Please try again in (10|9) minutes\.$/,
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600)
    expect(await listOf(txId, sender)).toHaveLength(10)
    const [{ n }] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where transaction_id = $1',
      [txId],
    )
    expect(n).toBe(10)
    // Another person on another move is not affected.
    const elsewhere = await newDraft()
    expect((await invite(buyer, elsewhere, { email: uniqueEmail('fine'), role: 'surveyor' })).status).toBe(201)
  })

  it('limits re-sends of one invitation: 10 re-sends send 3, then 429 saying when', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('resent-often')
    const inv = await inviteOk(buyer, txId, { email, role: 'surveyor' })
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 10; i++) {
      last = await t.request(`/api/transactions/${txId}/invitations/${inv.id}/resend`, { method: 'POST', as: buyer })
      statuses.push(last.status)
      if (last.status !== 200) break
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    await expectError(
      last!,
      429,
      /the last email may still be on its way\. You can send it again in (60 minutes|1 hour)\.$/,
    )
    // Inviting the same email again is a re-send too.
    expect((await invite(buyer, txId, { email, role: 'surveyor' })).status).toBe(429)
    expect(await outboxFor(email)).toHaveLength(4)
    expect((await listOf(txId)).find((i) => i.id === inv.id)!.send_count).toBe(4)
  })
})

describe('accepting after sign-up and re-sends', () => {
  it('verifies the invited email on accept: the invitee can then invite (and sign) without a verify step', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('unverified-seller')
    const { token } = await inviteWithToken(buyer, txId, email, 'seller')
    const seller = await t.signUp({ role: 'seller', email, verified: false })
    const meBefore = await (await t.request('/api/me', { as: seller })).json()
    expect(meBefore.user.emailVerified).toBe(false)
    expect((await accept(seller, token)).status).toBe(200)
    const me = await (await t.request('/api/me', { as: seller })).json()
    expect(me.user.emailVerified).toBe(true)
    // What verification gates now works at once: the seller appoints their conveyancer.
    expect((await invite(seller, txId, { email: uniqueEmail('sconv'), role: 'seller_conveyancer' })).status).toBe(201)
  })

  it('does not verify anyone through a link meant for another email', async () => {
    const txId = await newDraft()
    const { token } = await inviteWithToken(buyer, txId, uniqueEmail('meant'), 'seller')
    const other = await t.signUp({ role: 'seller', verified: false })
    await expectError(await accept(other, token), 403)
    expect((await (await t.request('/api/me', { as: other })).json()).user.emailVerified).toBe(false)
  })

  it('marks the invitation’s notifications read on accept, those of re-sent links too, and no others', async () => {
    const email = uniqueEmail('has-account')
    const pro = await t.signUp({ role: 'surveyor', email })
    const txId = await newDraft()
    const otherTx = await newDraft()
    const inv = await inviteOk(buyer, txId, { email, role: 'surveyor' })
    await t.request(`/api/transactions/${txId}/invitations/${inv.id}/resend`, { method: 'POST', as: buyer })
    await inviteOk(buyer, otherTx, { email, role: 'surveyor' })
    const list = async () =>
      (await (await t.request('/api/notifications', { as: pro })).json()) as {
        unread_count: number
        notifications: { kind: string; link: string; read_at: string | null }[]
      }
    expect((await list()).unread_count).toBe(3)
    const token = (await list()).notifications[1].link.split('/invite/')[1]
    expect((await accept(pro, token)).status).toBe(200)
    const after = await list()
    expect(after.unread_count).toBe(1)
    // The one left unread is the other move's invitation.
    const unread = after.notifications.filter((n) => !n.read_at)
    expect(unread).toHaveLength(1)
    expect(unread[0].link).toBe(after.notifications[0].link)
  })
})

describe('previewing and accepting a link', () => {
  it('previews with a masked email, role, inviter, property and status; unknown tokens 404', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('jane')
    const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
    const res = await preview(token)
    expect(res.status).toBe(200)
    const body = await res.text()
    // One address, masked: the full one is nowhere in the public answer (security battery 2026-12, I1).
    expect(body).not.toContain(email)
    expect(Object.keys(JSON.parse(body) as object)).not.toContain('invited_email')
    expect(InvitationPreview.parse(JSON.parse(body))).toEqual({
      status: 'pending',
      email: `j***@homeward.test`,
      role: 'seller',
      invited_by_name: 'Bea Buyer',
      property: { address_lines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF' },
      expires_at: new Date(invitation.expires_at).toISOString(),
      last_sent_at: new Date(invitation.last_sent_at).toISOString(),
    })
    await expectError(
      await preview(randomBytes(32).toString('base64url')),
      404,
      'This invitation link is not valid. Check that you used the whole link from the email.',
    )
    expect((await preview('short')).status).toBe(400)
  })

  it('joins the invited seller: seller column and participant set, the draft becomes active, all recorded', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('new-seller')
    const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
    // A new person signs up from the link with the invited email, then accepts.
    const seller = await t.signUp({ role: 'seller', name: 'Sam Seller', email })
    expect((await t.request(`/api/transactions/${txId}`, { as: seller })).status).toBe(404)
    const res = await accept(seller, token)
    expect(res.status).toBe(200)
    expect(AcceptInvitationResponse.parse(await res.json())).toEqual({ transaction_id: txId, gift_id: null })

    const detail = await detailOf(txId, seller)
    expect(detail.status).toBe('active')
    expect(detail.seller_user_id).toBe(seller.profileId)
    expect(detail.buyer_user_id).toBe(buyer.profileId)
    expect(detail.viewer_role).toBe('seller')
    expect(detail.transaction_participants.find((p) => p.user_id === seller.profileId)).toMatchObject({
      role: 'seller',
      invited_by: buyer.profileId,
    })
    // Both entries come from the one database transaction of the accept: newest (written last) first.
    expect(detail.activity.slice(0, 2)).toMatchObject([
      {
        kind: 'status.changed',
        summary: 'The move is now active: both the buyer and the seller are on it.',
        actor: null,
      },
      { kind: 'participant.joined', summary: 'joined the move as Seller', actor: { full_name: 'Sam Seller' } },
    ])
    const [listed] = await listOf(txId)
    expect(listed).toMatchObject({ id: invitation.id, status: 'accepted' })
    expect(InvitationPreview.parse(await (await preview(token)).json()).status).toBe('accepted')
    // On the seller's dashboard now.
    const dashboard = await (await t.request('/api/transactions', { as: seller })).json()
    expect(dashboard.transactions.map((x: { id: string }) => x.id)).toEqual([txId])
  })

  it('lists entries written in the same millisecond in the order they were written', async () => {
    for (let i = 0; i < 4; i++) {
      const txId = await newDraft()
      const email = uniqueEmail('same-ms')
      const { token } = await inviteWithToken(buyer, txId, email, 'seller')
      const seller = await t.signUp({ role: 'seller', email })
      // Freeze the clock so that both entries of the accept carry the same created_at.
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        expect((await accept(seller, token)).status).toBe(200)
      } finally {
        vi.useRealTimers()
      }
      const kinds = (await detailOf(txId)).activity.map((a) => a.kind)
      expect(kinds.slice(0, 2)).toEqual(['status.changed', 'participant.joined'])
    }
  })

  it('joins a professional without touching the buyer or seller columns or the status', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('surveyor')
    const { token } = await inviteWithToken(buyer, txId, email, 'surveyor')
    const pro = await t.signUp({ role: 'surveyor', email })
    expect((await accept(pro, token)).status).toBe(200)
    const detail = await detailOf(txId, pro)
    expect(detail).toMatchObject({ status: 'draft', seller_user_id: null, viewer_role: 'surveyor' })
  })

  it('joins in the invited role whatever role or transaction the accept body names (ASVS 8.2.1)', async () => {
    const txId = await newDraft()
    const other = await newDraft()
    const email = uniqueEmail('role-changer')
    const { token } = await inviteWithToken(buyer, txId, email, 'surveyor')
    const pro = await t.signUp({ role: 'surveyor', email })
    const res = await t.request(`/api/invitations/${token}/accept`, {
      as: pro,
      json: { role: 'seller', transaction_id: other, email: 'someone-else@homeward.test' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ transaction_id: txId, gift_id: null })
    const detail = await detailOf(txId)
    expect(detail.seller_user_id).toBeNull()
    expect(detail.transaction_participants.find((p) => p.user_id === pro.profileId)?.role).toBe('surveyor')
    expect((await t.request(`/api/transactions/${other}`, { as: pro })).status).toBe(404)
  })

  it('answers 410 to a link used a second time, changing nothing', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('twice')
    const { token } = await inviteWithToken(buyer, txId, email, 'surveyor')
    const pro = await t.signUp({ role: 'surveyor', email })
    expect((await accept(pro, token)).status).toBe(200)
    const before = await snapshot(txId)
    await expectError(
      await accept(pro, token),
      410,
      'This invitation has already been used. Sign in to see the move, or ask for a new invitation.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it('lets only one of two concurrent accepts of the same link through', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('race')
    const { token } = await inviteWithToken(buyer, txId, email, 'seller')
    const seller = await t.signUp({ role: 'seller', email })
    const results = await Promise.all([accept(seller, token), accept(seller, token)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 410])
    const detail = await detailOf(txId)
    expect(detail.transaction_participants.filter((p) => p.user_id === seller.profileId)).toHaveLength(1)
    expect(detail.activity.filter((a) => a.kind === 'participant.joined')).toHaveLength(1)
    expect(detail.activity.filter((a) => a.kind === 'status.changed')).toHaveLength(1)
  })

  it('settles an accept racing a withdraw or a re-send one way or the other, never with an error', async () => {
    const outcomes = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const txId = await newDraft()
      const email = uniqueEmail('racer')
      const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
      const seller = await t.signUp({ role: 'seller', email })
      const other =
        i % 2 === 0
          ? t.request(`/api/transactions/${txId}/invitations/${invitation.id}`, { method: 'DELETE', as: buyer })
          : t.request(`/api/transactions/${txId}/invitations/${invitation.id}/resend`, { method: 'POST', as: buyer })
      const [accepted, withdrawn] = await Promise.all([accept(seller, token), other])
      const outcome = `${i % 2 === 0 ? 'withdraw' : 'resend'} ${accepted.status}/${withdrawn.status}`
      outcomes.add(outcome)
      // Either the accept came first (the other finds nothing pending) or the other did (the link is dead).
      expect(['withdraw 200/404', 'withdraw 410/204', 'resend 200/409', 'resend 410/200']).toContain(outcome)
      const joined = (await detailOf(txId)).transaction_participants.some((p) => p.user_id === seller.profileId)
      expect(joined).toBe(accepted.status === 200)
    }
    expect(outcomes.size).toBeGreaterThan(0)
  })

  it('answers 410 to a withdrawn link naming who withdrew it, changing nothing', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('revoked')
    const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
    expect(
      (await t.request(`/api/transactions/${txId}/invitations/${invitation.id}`, { method: 'DELETE', as: buyer }))
        .status,
    ).toBe(204)
    const seller = await t.signUp({ role: 'seller', email })
    const before = await snapshot(txId)
    await expectError(
      await accept(seller, token),
      410,
      'This invitation was withdrawn by Bea Buyer. Ask them to invite you again if you still need access.',
    )
    expect(await snapshot(txId)).toEqual(before)
    expect(InvitationPreview.parse(await (await preview(token)).json()).status).toBe('revoked')
  })

  it('answers 410 with the date to an expired link, changing nothing; a re-send gives a working link', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('expired')
    const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
    const [row] = await t.database.query<{ expires_at: Date | string }>(
      `update invitations set expires_at = now() - interval '1 day' where id = $1 returning expires_at`,
      [invitation.id],
    )
    const seller = await t.signUp({ role: 'seller', email })
    const before = await snapshot(txId)
    await expectError(
      await accept(seller, token),
      410,
      `This invitation expired on ${UK_DATE.format(new Date(row.expires_at))}. Ask Bea Buyer to send you a new one.`,
    )
    expect(await snapshot(txId)).toEqual(before)
    expect(InvitationPreview.parse(await (await preview(token)).json()).status).toBe('expired')
    expect((await listOf(txId))[0].status).toBe('expired')

    const resent = await t.request(`/api/transactions/${txId}/invitations/${invitation.id}/resend`, {
      method: 'POST',
      as: buyer,
    })
    expect(resent.status).toBe(200)
    expect(Invitation.parse(await resent.json())).toMatchObject({ status: 'pending', send_count: 2 })
    await expectError(await accept(seller, token), 410, /A newer invitation was sent/)
    expect((await accept(seller, await latestToken(email))).status).toBe(200)
  })

  it('answers 403 to someone signed in with another email, changing nothing; the invitee can still accept', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('rightful')
    const { token } = await inviteWithToken(buyer, txId, email, 'seller')
    const before = await snapshot(txId)
    const err = await expectError(
      await accept(outsider, token),
      403,
      'This invitation was sent to r***@homeward.test. Sign in with that email address to accept it.',
    )
    expect(err.error.code).toBe('forbidden')
    expect(await snapshot(txId)).toEqual(before)
    expect((await t.request(`/api/transactions/${txId}`, { as: outsider })).status).toBe(404)

    const seller = await t.signUp({ role: 'seller', email })
    expect((await accept(seller, token)).status).toBe(200)
  })

  it('answers 401 to a signed-out accept and 404 to an unknown token, changing nothing', async () => {
    const txId = await newDraft()
    const { token } = await inviteWithToken(buyer, txId, uniqueEmail('anon'), 'seller')
    const before = await snapshot(txId)
    await expectError(await accept(null, token), 401)
    await expectError(await accept(buyer, randomBytes(32).toString('base64url')), 404, /not valid/)
    expect(await snapshot(txId)).toEqual(before)
    expect(InvitationPreview.parse(await (await preview(token)).json()).status).toBe('pending')
  })

  it('answers 409 to a second buyer invitation once the move has its buyer, changing nothing', async () => {
    const seller = await t.signUp({ role: 'seller', name: 'Sid Seller' })
    const txId = await newDraft(seller, 'seller')
    const a = await inviteWithToken(seller, txId, uniqueEmail('buyer-a'), 'buyer')
    const b = await inviteWithToken(seller, txId, uniqueEmail('buyer-b'), 'buyer')
    const buyerA = await t.signUp({ role: 'buyer', email: a.invitation.email })
    const buyerB = await t.signUp({ role: 'buyer', email: b.invitation.email })
    expect((await accept(buyerA, a.token)).status).toBe(200)
    const before = await snapshot(txId)
    await expectError(await accept(buyerB, b.token), 409, 'This move already has a buyer.')
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 410 once the move is cancelled, changing nothing', async () => {
    const txId = await newDraft()
    const email = uniqueEmail('late')
    const { token } = await inviteWithToken(buyer, txId, email, 'surveyor')
    const { version } = await detailOf(txId)
    const cancel = await t.request(`/api/transactions/${txId}/status`, {
      as: buyer,
      json: { action: 'cancel', version, reason: 'Chain collapsed' },
    })
    expect(cancel.status).toBe(200)
    const pro = await t.signUp({ role: 'surveyor', email })
    const before = await snapshot(txId)
    await expectError(
      await accept(pro, token),
      410,
      'This move is already cancelled, so the invitation can no longer be used.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })
})

describe('revoking and re-sending', () => {
  it('lets the inviter’s side withdraw a pending invitation; the link stops working at once', async () => {
    const txId = await newDraft()
    const proEmail = uniqueEmail('pro')
    const pro = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer', email: proEmail })
    const first = await inviteWithToken(buyer, txId, proEmail, 'buyer_conveyancer')
    expect((await accept(pro, first.token)).status).toBe(200)

    const email = uniqueEmail('withdrawn')
    const { invitation } = await inviteWithToken(buyer, txId, email, 'surveyor')
    const res = await t.request(`/api/transactions/${txId}/invitations/${invitation.id}`, {
      method: 'DELETE',
      as: pro,
    })
    expect(res.status).toBe(204)
    expect((await listOf(txId)).find((i) => i.id === invitation.id)!.status).toBe('revoked')
    expect((await detailOf(txId)).activity[0]).toMatchObject({
      kind: 'invitation.revoked',
      summary: `withdrew the invitation to ${email}`,
      actor: { full_name: 'Cora Conveyancer' },
    })
    // Withdrawn again: nothing pending to withdraw; re-send: refused.
    await expectError(
      await t.request(`/api/transactions/${txId}/invitations/${invitation.id}`, { method: 'DELETE', as: buyer }),
      404,
      'Could not find a pending invitation to withdraw.',
    )
    await expectError(
      await t.request(`/api/transactions/${txId}/invitations/${invitation.id}/resend`, { method: 'POST', as: buyer }),
      409,
      'This invitation was revoked, so it cannot be re-sent. Invite them again instead.',
    )
    // Inviting the same email again makes a fresh invitation.
    const fresh = await inviteOk(buyer, txId, { email, role: 'surveyor' })
    expect(fresh.id).not.toBe(invitation.id)
    expect(fresh.send_count).toBe(1)
  })

  it('lets the inviter’s side re-send: same invitation, a new link, the old one dead', async () => {
    const txId = await newDraft()
    const proEmail = uniqueEmail('pro2')
    const pro = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer', email: proEmail })
    expect((await accept(pro, (await inviteWithToken(buyer, txId, proEmail, 'buyer_conveyancer')).token)).status).toBe(
      200,
    )
    const email = uniqueEmail('resend')
    const { invitation, token } = await inviteWithToken(buyer, txId, email, 'seller')
    const res = await t.request(`/api/transactions/${txId}/invitations/${invitation.id}/resend`, {
      method: 'POST',
      as: pro,
    })
    expect(res.status).toBe(200)
    expect(Invitation.parse(await res.json())).toMatchObject({ id: invitation.id, send_count: 2, status: 'pending' })
    const mails = await mailTo(email)
    expect(mails).toHaveLength(2)
    // The re-sent email names who sent it.
    expect(mails[0].subject).toBe('Cora Conveyancer invited you to their move at 47 Park Road, AL3 5AF')
    expect(InvitationPreview.parse(await (await preview(token)).json()).status).toBe('superseded')
    expect((await preview(await latestToken(email))).status).toBe(200)
  })
})

describe("the other side cannot withdraw or re-send one's invitations", () => {
  it('refuses the seller withdrawing or re-sending the buyer’s invitation, changing nothing; the buyer can', async () => {
    const txId = await newDraft()
    const sellerEmail = uniqueEmail('seller')
    const { token } = await inviteWithToken(buyer, txId, sellerEmail, 'seller')
    const seller = await t.signUp({ role: 'seller', name: 'Sam Seller', email: sellerEmail })
    expect((await accept(seller, token)).status).toBe(200)
    const conveyancer = await inviteOk(buyer, txId, { email: uniqueEmail('bconv'), role: 'buyer_conveyancer' })
    const own = await inviteOk(seller, txId, { email: uniqueEmail('agent'), role: 'estate_agent' })

    const before = await snapshot(txId)
    const path = `/api/transactions/${txId}/invitations/${conveyancer.id}`
    await expectError(
      await t.request(path, { method: 'DELETE', as: seller }),
      403,
      'Only Bea Buyer or someone on their side of the move can withdraw it.',
    )
    await expectError(
      await t.request(`${path}/resend`, { method: 'POST', as: seller }),
      403,
      'Only Bea Buyer or someone on their side of the move can re-send it.',
    )
    expect(await snapshot(txId)).toEqual(before)
    const listed = (await listOf(txId, seller)).find((i) => i.id === conveyancer.id)!
    expect(listed.invited_by).toEqual({ id: buyer.profileId, full_name: 'Bea Buyer', role: 'buyer' })

    // And the other way round; each side manages its own.
    await expectError(
      await t.request(`/api/transactions/${txId}/invitations/${own.id}`, { method: 'DELETE', as: buyer }),
      403,
      /Only .* or someone on their side/,
    )
    expect((await t.request(path, { method: 'DELETE', as: buyer })).status).toBe(204)
    expect(
      (await t.request(`/api/transactions/${txId}/invitations/${own.id}`, { method: 'DELETE', as: seller })).status,
    ).toBe(204)
  })
})

describe('who may list, invite, re-send and withdraw (ASVS 8.2)', () => {
  const NOT_FOUND = { error: { code: 'not_found', message: 'Could not find this transaction.' } }
  let txId: string
  let invitation: Invitation
  const secretEmail = uniqueEmail('secret-invitee')

  beforeAll(async () => {
    txId = await newDraft()
    invitation = (await inviteWithToken(buyer, txId, secretEmail, 'seller')).invitation
  })

  const CALLS = [
    ['GET invitations', () => ({ path: `/api/transactions/${txId}/invitations`, method: 'GET' })],
    [
      'POST invitations',
      () => ({
        path: `/api/transactions/${txId}/invitations`,
        method: 'POST',
        json: { email: uniqueEmail('intruder'), role: 'surveyor' },
      }),
    ],
    ['POST resend', () => ({ path: `/api/transactions/${txId}/invitations/${invitation.id}/resend`, method: 'POST' })],
    ['DELETE invitation', () => ({ path: `/api/transactions/${txId}/invitations/${invitation.id}`, method: 'DELETE' })],
  ] as const

  // Withdrawing by a participant is covered above; here the invitation stays pending for the other calls.
  it.each(CALLS.filter(([name]) => name !== 'DELETE invitation'))(
    '%s: the participant is allowed',
    async (_name, make) => {
      const { path, method, ...rest } = make() as { path: string; method: string; json?: unknown }
      const res = await t.request(path, { method, as: buyer, json: rest.json })
      expect([200, 201]).toContain(res.status)
    },
  )

  it.each(CALLS.flatMap(([name, make]) => [[name, 'outsider', make] as const, [name, 'anonymous', make] as const]))(
    '%s: the %s gets 404 (signed out: 401) and nothing changes',
    async (_name, who, make) => {
      const { path, method, ...rest } = make() as { path: string; method: string; json?: unknown }
      const before = await snapshot(txId)
      const res = await t.request(path, { method, as: who === 'outsider' ? outsider : null, json: rest.json })
      expect(res.status).toBe(who === 'outsider' ? 404 : 401)
      const text = await res.text()
      expect(withoutRequestId(JSON.parse(text))).toEqual(
        who === 'outsider' ? NOT_FOUND : { error: { code: 'unauthenticated', message: 'Sign in to continue.' } },
      )
      expect(text).not.toContain(secretEmail)
      expect(await snapshot(txId)).toEqual(before)
    },
  )

  it('an invitation id replayed under the outsider’s own transaction is not found, and nothing changes', async () => {
    const own = await newDraft(outsider)
    const before = await snapshot(txId)
    await expectError(
      await t.request(`/api/transactions/${own}/invitations/${invitation.id}/resend`, { method: 'POST', as: outsider }),
      404,
    )
    await expectError(
      await t.request(`/api/transactions/${own}/invitations/${invitation.id}`, { method: 'DELETE', as: outsider }),
      404,
    )
    expect(await snapshot(txId)).toEqual(before)
  })
})

describe('the local outbox without SMTP', () => {
  it('prints each email it keeps to the log once, with the link', async () => {
    const lines: string[] = []
    const log: Logger = {
      debug: () => {},
      info: (m) => lines.push(m),
      warn: (m, e) => lines.push(`WARN ${m} ${String(e)}`),
      error: (m, e) => lines.push(`ERROR ${m} ${String(e)}`),
      child: () => log,
    }
    const service = createMailService({ config: t.config, database: t.database, log })
    expect(service.deliver).toBe(false)
    const to = uniqueEmail('logged')
    await t.database.db.transaction((tx) =>
      enqueueMail(
        tx,
        { to, subject: 'You are invited', text: `Accept: ${TEST_PUBLIC_URL}/invite/abc`, kind: 'test' },
        { deliver: false },
      ),
    )
    service.kick()
    await vi.waitFor(() => expect(lines.filter((l) => l.includes(to))).toHaveLength(1))
    const [line] = lines.filter((l) => l.includes(to))
    expect(line).toContain('Subject: You are invited')
    expect(line).toContain(`Accept: ${TEST_PUBLIC_URL}/invite/abc`)
    expect(line).toContain('/dev/mail')
    // Kicked again: not printed twice.
    service.kick()
    service.kick()
    await new Promise((r) => setTimeout(r, 200))
    expect(lines.filter((l) => l.includes(to))).toHaveLength(1)
    expect(lines.filter((l) => l.startsWith('WARN') || l.startsWith('ERROR'))).toEqual([])
    await service.close()
  })
})

/** Raw message body decoded from quoted-printable or base64, enough to find a link in it. */
function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  const body = raw.slice(split + 4)
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16)))
  }
  return body
}

describe('delivery through a real SMTP server', () => {
  let capture: SmtpCapture
  let smtp: TestApp
  let inviter: TestUser

  beforeAll(async () => {
    capture = await startSmtpCapture()
    smtp = await createTestApp({ config: { SMTP_URL: capture.url } })
    inviter = await smtp.signUp({ role: 'buyer', name: 'Bea Buyer' })
  })
  afterAll(async () => {
    await smtp?.close()
    await capture?.close()
  })

  async function smtpDraft() {
    const res = await smtp.request('/api/transactions', {
      as: inviter,
      json: {
        address_line_1: '47 Park Road',
        town: 'Harpenden',
        postcode: 'AL3 5AF',
        role: 'buyer',
        agreed_price: 450000,
        tenure: 'freehold',
      },
    })
    return ((await res.json()) as { id: string }).id
  }

  it('sends the invitation email with its working link and marks the outbox row sent', async () => {
    expect(smtp.mail.deliver).toBe(true)
    const txId = await smtpDraft()
    const email = uniqueEmail('smtp-seller')
    const res = await smtp.request(`/api/transactions/${txId}/invitations`, {
      as: inviter,
      json: { email, role: 'seller' },
    })
    expect(res.status).toBe(201)
    await smtp.mail.worker!.drain()

    const messages = capture.received.filter((m) => m.to.includes(email))
    expect(messages).toHaveLength(1)
    expect(messages[0].from).toBe('no-reply@homeward.local')
    expect(messages[0].raw).toMatch(/^Subject: Bea Buyer invited you to their move at 47 Park Road, AL3 5AF/m)
    const text = decodeBody(messages[0].raw)
    const token = text.match(LINK)?.[1]
    expect(token).toBeDefined()

    const rows = await smtp.database.query<{ status: string; attempts: number; sent_at: Date | null }>(
      'select status, attempts, sent_at from mail_outbox where to_address = $1',
      [email],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 })
    expect(rows[0].sent_at).not.toBeNull()

    // The emailed link is the one that works.
    expect((await smtp.request(`/api/invitations/${token}`)).status).toBe(200)
    const seller = await smtp.signUp({ role: 'seller', email })
    expect((await smtp.request(`/api/invitations/${token}/accept`, { method: 'POST', as: seller })).status).toBe(200)
  })

  it('sends each email exactly once when two workers drain the same outbox', async () => {
    const txId = await smtpDraft()
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`once-${i}`))
    // Queue the rows as a stopped server would have left them: pending, not yet claimed.
    for (const email of emails) {
      await smtp.database.query(
        `insert into mail_outbox (to_address, subject, text_body, kind, transaction_id, status) values ($1, 'Hello', 'Body', 'test', $2, 'pending')`,
        [email, txId],
      )
    }
    const log = createLogger('silent')
    const transports = [0, 1].map(() => smtpTransport(capture.url, 'Homeward <no-reply@homeward.local>'))
    const workers = transports.map((transport) => createMailWorker({ database: smtp.database, transport, log }))
    try {
      await Promise.all([...workers.map((w) => w.drain()), smtp.mail.worker!.drain()])
    } finally {
      transports.forEach((tr) => tr.close())
    }
    for (const email of emails) expect(capture.received.filter((m) => m.to.includes(email))).toHaveLength(1)
    const [row] = await smtp.database.query<{ n: string }>(
      `select count(*)::text as n from mail_outbox where to_address = any($1) and status = 'sent' and attempts = 1`,
      [emails],
    )
    expect(row.n).toBe('5')
  })

  it('keeps an email pending with the error and a later retry time when the SMTP server is down', async () => {
    const dead = await createTestApp({ config: { SMTP_URL: 'smtp://127.0.0.1:1' } })
    try {
      const who = await dead.signUp({ role: 'buyer', name: 'Bea Buyer' })
      const created = await dead.request('/api/transactions', {
        as: who,
        json: {
          address_line_1: '1 Down Street',
          town: 'Harpenden',
          postcode: 'AL3 5AF',
          role: 'buyer',
          agreed_price: 1000,
          tenure: 'freehold',
        },
      })
      const { id } = (await created.json()) as { id: string }
      const email = uniqueEmail('undelivered')
      const res = await dead.request(`/api/transactions/${id}/invitations`, {
        as: who,
        json: { email, role: 'seller' },
      })
      // The invitation stands even though the mail could not go yet.
      expect(res.status).toBe(201)
      await dead.mail.worker!.drain()
      const [row] = await dead.database.query<{
        status: string
        attempts: number
        last_error: string | null
        later: boolean
      }>(
        `select status, attempts, last_error, next_attempt_at > now() as later from mail_outbox where to_address = $1`,
        [email],
      )
      expect(row).toMatchObject({ status: 'pending', attempts: 1, later: true })
      expect(row.last_error).toBeTruthy()
    } finally {
      await dead.close()
    }
  })
})
