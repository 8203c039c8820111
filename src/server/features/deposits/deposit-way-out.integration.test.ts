/**
 * A deposit always has a way out (issue 38 item 2; decision 062), through the API on a real database:
 * - a buyer invites their conveyancer by email; the conveyancer, an admin of a firm, accepts and the
 *   move becomes a matter of that firm (core/firm-link.ts), so a colleague sees it and the two of
 *   them release the deposit; the buyer is told (bell and email, 'deposit_update') when it is set,
 *   received and released, and not by email once they switch that kind off;
 * - a conveyancer with no firm accepts: nothing is linked, and the deposit page says why a release is
 *   unavailable and who can fix it; once they have a firm they link the move later
 *   (POST /transactions/{txId}/matter), which answers each refusal with what to do;
 * - a firm with one admin or fee earner is told it needs a second.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DepositResponse } from '#shared/contracts/deposits.ts'
import { TransactionMatterResponse } from '#shared/contracts/firms.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { SANDBOX_ACCOUNT_NAME } from '#server/providers/client-money/sandbox-provider.ts'
import { createTransaction } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

const LINK = new RegExp(`${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]{43})`)
const PAYEE = { account_name: 'Whitfield and Co Client Account', sort_code: '20-00-00', account_number: '55779911' }
const url = (txId: string, suffix = '') => `/api/transactions/${txId}/deposit${suffix}`
const matterUrl = (txId: string) => `/api/transactions/${txId}/matter`

let buyer: TestUser
let seller: TestUser
let priya: TestUser
let daniel: TestUser
let solo: TestUser
let grace: TestUser

async function newFirm(name: string, members: [TestUser, string][]): Promise<string> {
  const [firm] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ($1, 'law') returning id`,
    [name],
  )
  for (const [who, role] of members) {
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role, joined_at) values ($1, $2, $3, now() - interval '1 day')`,
      [firm.id, who.profileId, role],
    )
  }
  return firm.id
}

/** The buyer invites `who` by email as their conveyancer; `who` accepts through the emailed link. */
async function inviteAndAccept(txId: string, who: TestUser) {
  await json(
    await t.request(`/api/transactions/${txId}/invitations`, {
      as: buyer,
      json: { email: who.email, role: 'buyer_conveyancer' },
    }),
    201,
  )
  const [mail] = await t.database.query<{ text_body: string }>(
    `select text_body from mail_outbox where to_address = $1 and transaction_id = $2 order by created_at desc limit 1`,
    [who.email, txId],
  )
  const token = LINK.exec(mail?.text_body ?? '')?.[1]
  expect(token, 'the invitation email has its link').toBeTruthy()
  await json(await t.request(`/api/invitations/${token}/accept`, { method: 'POST', as: who }), 200)
}

async function newMove() {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    agreedPricePence: 450_000_00,
  })
  return transactionId
}

const read = async (txId: string, as: TestUser) =>
  DepositResponse.parse(await json(await t.request(url(txId), { as }), 200))

async function depositNotices(txId: string) {
  return t.database.query<{ title: string; body: string; link: string }>(
    `select title, body, link from notifications where transaction_id = $1 and profile_id = $2 and kind = 'deposit_update'
     order by created_at, id`,
    [txId, buyer.profileId],
  )
}

async function depositEmails(txId: string) {
  return t.database.query<{ subject: string }>(
    `select subject from mail_outbox where transaction_id = $1 and to_address = $2 and kind = 'notification.deposit_update'
     order by created_at`,
    [txId, buyer.email],
  )
}

async function taskStatus(txId: string, title: string) {
  const [row] = await t.database.query<{ status: string; completed_by: string | null }>(
    `select k.status, k.completed_by from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.title = $2`,
    [txId, title],
  )
  return row
}

async function payIn(txId: string) {
  await json(
    await t.request(url(txId, '/payee-check'), { as: buyer, json: { account_name: SANDBOX_ACCOUNT_NAME } }),
    200,
  )
  await json(await t.request(url(txId, '/sandbox-transfer'), { as: buyer, json: {} }), 202)
  await t.sandboxWebhooks.flush()
}

beforeAll(async () => {
  ;[buyer, seller, priya, daniel, solo, grace] = await Promise.all([
    t.signUp({ name: 'Fiona Firsttime' }),
    t.signUp({ name: 'Sam Seller', role: 'seller' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Daniel Mercer', role: 'conveyancer' }),
    t.signUp({ name: 'Sol Solo', role: 'conveyancer' }),
    t.signUp({ name: 'Grace Okafor', role: 'conveyancer' }),
  ])
  await newFirm('Shah Mercer Property Lawyers', [
    [priya, 'admin'],
    [daniel, 'fee_earner'],
    [grace, 'assistant'],
  ])
})

describe('an email invitation accepted by a conveyancer in a firm', () => {
  it('links the move to the firm; two of its people release the deposit; the buyer is told at each step', async () => {
    const txId = await newMove()
    // Before anyone is on the buyer's side, the colleague cannot see the move.
    expect((await t.request(url(txId), { as: daniel })).status).toBe(404)
    await inviteAndAccept(txId, priya)
    const [matter] = await t.database.query<{ side: string; fee_earner_id: string; client_name: string }>(
      `select m.side, m.fee_earner_id, m.client_name from matters m join organizations o on o.id = m.organization_id
       where m.transaction_id = $1 and o.name = 'Shah Mercer Property Lawyers'`,
      [txId],
    )
    expect(matter).toEqual({ side: 'buyer', fee_earner_id: priya.profileId, client_name: 'Fiona Firsttime' })
    const [linked] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'matter.linked'`,
      [txId],
    )
    expect(linked.summary).toBe("linked the move to Shah Mercer Property Lawyers, the buyer's conveyancer's firm")

    const set = DepositResponse.parse(
      await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 45_000_00 } }), 200),
    )
    expect(set.provider).toMatchObject({ partner_name: 'Sandbox Escrow Ltd' })
    expect(set.provider.regulation).toMatch(/not authorised by the Financial Conduct Authority/)
    // Two admins or fee earners are at the firm: nothing to explain.
    expect(set.release_help).toBeNull()
    expect(set.can_approve).toBe(true)
    expect((await depositNotices(txId)).map((n) => n.title)).toEqual(['Your deposit of £45,000.00 is ready to pay'])

    await payIn(txId)
    const held = await read(txId, buyer)
    expect(held.deposit!.status).toBe('held')
    expect(held.release_help).toBeNull()
    // The step the deposit finishes is ticked, by the buyer who paid it.
    expect(await taskStatus(txId, TASK_TITLES.depositTransferred)).toEqual({
      status: 'completed',
      completed_by: buyer.profileId,
    })

    // The move completes (a release at completion needs it recorded: decision 061); dates set directly.
    await t.database.query(
      `update transactions set status = 'completed', exchange_date = current_date - 7,
         completion_date = current_date - 1 where id = $1`,
      [txId],
    )
    // The colleague sees the move through the firm's matter and is the second pair of eyes.
    const release = await json<DepositResponse>(
      await t.request(url(txId, '/releases'), {
        as: priya,
        json: { kind: 'release', stage: 'completion', amount_pence: 45_000_00, payee: PAYEE },
      }),
      201,
    )
    const pending = release.deposit!.releases.find((r) => r.status === 'pending')!
    const paid = DepositResponse.parse(
      await json(await t.request(url(txId, `/releases/${pending.id}/approve`), { as: daniel, method: 'POST' }), 200),
    )
    expect(paid.deposit!.status).toBe('released')
    const notices = await depositNotices(txId)
    expect(notices.map((n) => n.title)).toEqual([
      'Your deposit of £45,000.00 is ready to pay',
      'Your deposit of £45,000.00 has arrived and is held',
      "Your deposit of £45,000.00 was released to the seller's conveyancer",
    ])
    expect(notices[2].body).toBe(
      "Sandbox Escrow Ltd paid it at completion, approved by two people at your conveyancer's firm.",
    )
    expect(notices.every((n) => n.link === `/app/transactions/${txId}/deposit`)).toBe(true)
    expect((await depositEmails(txId)).map((m) => m.subject)).toHaveLength(3)
    // A release leaves the step ticked.
    expect((await taskStatus(txId, TASK_TITLES.depositTransferred)).status).toBe('completed')
  })

  it('sends no deposit email once the buyer switches that kind off, but still tells them in the app', async () => {
    const settings = await json<{ email: Record<string, boolean>; digest: boolean }>(
      await t.request('/api/notifications/settings', { as: buyer }),
      200,
    )
    await json(
      await t.request('/api/notifications/settings', {
        as: buyer,
        method: 'PUT',
        json: { email: { ...settings.email, deposit_update: false }, digest: false },
      }),
      200,
    )
    const txId = await newMove()
    await inviteAndAccept(txId, priya)
    await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 45_000_00 } }), 200)
    expect(await depositNotices(txId)).toHaveLength(1)
    expect(await depositEmails(txId)).toHaveLength(0)
    await json(await t.request('/api/notifications/settings', { as: buyer, method: 'PUT', json: settings }), 200)
  })

  it('a refund unticks the deposit step and tells the buyer', async () => {
    const txId = await newMove()
    await inviteAndAccept(txId, priya)
    await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 10_000_00 } }), 200)
    await payIn(txId)
    const asked = await json<DepositResponse>(
      await t.request(url(txId, '/releases'), { as: daniel, json: { kind: 'refund', amount_pence: 10_000_00 } }),
      201,
    )
    const pending = asked.deposit!.releases.find((r) => r.status === 'pending')!
    await json(await t.request(url(txId, `/releases/${pending.id}/approve`), { as: priya, method: 'POST' }), 200)
    expect((await taskStatus(txId, TASK_TITLES.depositTransferred)).status).toBe('not_completed')
    expect((await depositNotices(txId)).at(-1)?.title).toBe('Your deposit of £10,000.00 was refunded to you')
  })
})

describe('a conveyancer who is not in a firm yet', () => {
  it('links nothing on accepting; the page says why and who can fix it; linking later works once they have a firm', async () => {
    const txId = await newMove()
    await inviteAndAccept(txId, solo)
    expect(await t.database.query(`select 1 from matters where transaction_id = $1`, [txId])).toEqual([])
    await json(await t.request(url(txId), { as: solo, method: 'PUT', json: { amount_pence: 45_000_00 } }), 200)

    const firmView = await read(txId, solo)
    expect(firmView.can_approve).toBe(false)
    expect(firmView.release_help).toEqual({
      reason:
        "A release needs two people at the buyer's conveyancer's firm on Homeward, and this move is not linked to a firm.",
      fix: 'You are not in a firm on Homeward. Create your firm or join one on the Firm page, then link this move to it.',
      can_link_firm: false,
      firm_name: null,
    })
    const buyerView = await read(txId, buyer)
    expect(buyerView.release_help?.reason).toMatch(/^Nobody can release your deposit yet/)
    expect(buyerView.release_help?.fix).toMatch(/^Sol Solo, your conveyancer, can fix this/)
    // Linking without a firm says what to do.
    const noFirm = await t.request(matterUrl(txId), { as: solo, method: 'POST' })
    expect(noFirm.status).toBe(422)
    expect(((await noFirm.json()) as { error: { message: string } }).error.message).toMatch(/Create your firm/)

    // Alone in a new firm: the link is offered, and once made the firm needs a second person.
    await newFirm('Solo Conveyancing', [[solo, 'admin']])
    const offered = await read(txId, solo)
    expect(offered.release_help).toMatchObject({ can_link_firm: true, firm_name: 'Solo Conveyancing' })
    // Only the side's conveyancer links: the buyer is refused, an outsider gets the standard 404.
    expect((await t.request(matterUrl(txId), { as: buyer, method: 'POST' })).status).toBe(403)
    expect((await t.request(matterUrl(txId), { as: daniel, method: 'POST' })).status).toBe(404)
    const linked = TransactionMatterResponse.parse(
      await json(await t.request(matterUrl(txId), { as: solo, method: 'POST' }), 200),
    )
    expect(linked.matter).toMatchObject({ side: 'buyer', fee_earner: { full_name: 'Sol Solo' }, viewer_role: 'admin' })
    // Linking again changes nothing.
    await json(await t.request(matterUrl(txId), { as: solo, method: 'POST' }), 200)
    expect(await t.database.query(`select 1 from matters where transaction_id = $1`, [txId])).toHaveLength(1)
    const afterLink = await read(txId, solo)
    expect(afterLink.release_help).toMatchObject({
      reason:
        "A release needs two people at the buyer's conveyancer's firm on Homeward, and Solo Conveyancing has only one admin or fee earner on Homeward.",
      can_link_firm: false,
    })
    expect((await read(txId, buyer)).release_help?.fix).toMatch(/^Ask your conveyancer: an admin of Solo Conveyancing/)
  })

  it("refuses a link when the side is already another firm's matter, and an assistant's link", async () => {
    const txId = await newMove()
    await inviteAndAccept(txId, priya)
    // Grace (an assistant at the same firm) is invited too, to the seller's side by the seller.
    const other = await newMove()
    await json(
      await t.request(`/api/transactions/${other}/invitations`, {
        as: seller,
        json: { email: grace.email, role: 'seller_conveyancer' },
      }),
      201,
    )
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and transaction_id = $2 order by created_at desc limit 1`,
      [grace.email, other],
    )
    await json(
      await t.request(`/api/invitations/${LINK.exec(mail.text_body)![1]}/accept`, { method: 'POST', as: grace }),
      200,
    )
    // An assistant cannot hold a matter: nothing was linked on accepting, and linking says who can.
    expect(await t.database.query(`select 1 from matters where transaction_id = $1`, [other])).toEqual([])
    const refused = await t.request(matterUrl(other), { as: grace, method: 'POST' })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'An assistant cannot hold a matter. Ask an admin or a fee earner of Shah Mercer Property Lawyers to link this move.',
    )
    // Another firm's conveyancer added to a side that is already a matter is told so.
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'buyer_conveyancer')`,
      [txId, solo.profileId],
    )
    const taken = await t.request(matterUrl(txId), { as: solo, method: 'POST' })
    expect(taken.status).toBe(409)
    expect(((await taken.json()) as { error: { message: string } }).error.message).toMatch(
      /already a matter of Shah Mercer Property Lawyers/,
    )
  })
})
