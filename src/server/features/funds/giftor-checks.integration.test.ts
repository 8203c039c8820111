/**
 * Giftors as first-class (decision 069) through the API: the giftor's link keeps opening their gift
 * once accepted (for them only), "Your gifts" lists their gifts (GET /gifts), every email to them
 * carries the gift page's address, a giftor signs up without a trade (stored as consumer_giftor);
 * their own bank check through the open-banking provider (POST /gifts/{id}/bank-consents) never
 * joins the buyer's funding picture; verifying their identity starts their sanctions and PEP
 * screening; the buyer's conveyancer reads the checks (GET .../funds/gifts/{id}/checks), the buyer
 * gets 403, the seller's side, the giftor and strangers 404.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FundsPicture, GiftChecks, GiftorGift, MyGifts } from '#shared/contracts/funds.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { JPEG_BASE64, passportMrzLine } from '#server/test/test-identity.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let sellerConveyancer: TestUser
let giftor: TestUser
let stranger: TestUser
let txId: string
let giftId: string
let token: string

const funds = (tx: string) => `/api/transactions/${tx}/funds`
const gift = (id: string) => `/api/gifts/${id}`
const checks = (id: string, tx = txId) => `${funds(tx)}/gifts/${id}/checks`
const LINK = /\/invite\/([A-Za-z0-9_-]{43})/

async function lastMail(email: string): Promise<{ text: string }> {
  const [mail] = await t.database.query<{ text_body: string }>(
    'select text_body from mail_outbox where to_address = $1 order by created_at desc, id desc limit 1',
    [email.toLowerCase()],
  )
  return { text: mail.text_body }
}

async function verifyIdentity(user: TestUser, surname: string, given: string) {
  const image = { content_type: 'image/jpeg', data_base64: JPEG_BASE64 }
  const start = await t.request('/api/me/identity-check', { as: user, method: 'POST' })
  const { id } = (await start.json()) as { id: string }
  const step = (name: string, json: unknown) =>
    t.request(`/api/me/identity-check/${id}/${name}`, { as: user, method: 'PUT', json })
  const doc = { document_type: 'passport', surname, given_names: given, mrz_line: passportMrzLine(), image }
  expect((await step('document', doc)).status).toBe(200)
  expect((await step('selfie', { image })).status).toBe(200)
  expect((await step('address', { line1: '3 Gift Lane', town: 'Harpenden', postcode: 'AL5 2JX' })).status).toBe(200)
  expect((await t.request(`/api/me/identity-check/${id}/submit`, { as: user, method: 'POST' })).status).toBe(200)
  // The identity result, then the screening it started.
  await t.sandboxWebhooks.flush()
  await t.sandboxWebhooks.flush()
}

/** The giftor connects `bankId` at the sandbox bank and the webhook is delivered. */
async function connectGiftorBank(as: TestUser, id: string, bankId: string, decision = 'authorise') {
  const started = await t.request(`${gift(id)}/bank-consents`, { as, json: { bank_id: bankId } })
  expect(started.status, await started.clone().text()).toBe(201)
  const { authorise_url } = (await started.json()) as { authorise_url: string }
  const url = new URL(authorise_url, t.config.publicUrl)
  const answer = await t.app.request(url.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      consent: url.searchParams.get('consent')!,
      return: url.searchParams.get('return')!,
      decision,
    }).toString(),
  })
  expect(answer.status).toBe(303)
  // Back to the gift page, not the move's funds.
  expect(answer.headers.get('location')).toBe(`/app/gifts/${id}`)
  await t.sandboxWebhooks.flush()
}

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Seth Sellerside' })
  stranger = await t.signUp({ role: 'buyer', name: 'Stan Stranger' })
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      agreedPricePence: 300_000_00,
      participants: [
        { profileId: conveyancer.profileId, role: 'buyer_conveyancer' },
        { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer' },
      ],
      property: { addressLines: ['12 Gift Street', 'Harpenden'], postcode: 'AL5 2JX' },
    })
  ).transactionId
})

describe('a giftor who leaves can come back', () => {
  it('signs up from the invitation without a trade: stored as consumer_giftor', async () => {
    const email = `gina.${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Gina Giftor', email, password: 'a-long-Passphrase-9', role: 'giftor', next: '/invite/x' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const [row] = await t.database.query<{ role: string }>(
      `select r.role from user_roles r join profiles p on p.id = r.user_id where p.email = $1`,
      [email],
    )
    expect(row.role).toBe('consumer_giftor')
    giftor = await t.signUp({ role: 'giftor', name: 'Gina Giftor' })
  })

  it('the invitation email carries the gift page address; the link keeps opening the gift for its giftor', async () => {
    const add = await t.request(`${funds(txId)}/gifts`, {
      as: buyer,
      json: { giftor_name: 'Gina Giftor', giftor_email: giftor.email, relationship: 'Mother', amount_pence: 25_000_00 },
    })
    expect(add.status, await add.clone().text()).toBe(201)
    giftId = FundsPicture.parse(await add.json()).gifts[0].id
    const mail = await lastMail(giftor.email)
    token = LINK.exec(mail.text)![1]
    expect(mail.text).toContain(`${t.config.publicUrl}/app/gifts/${giftId}`)
    expect(mail.text).toContain('bring you back to your gift')
    // Before accepting, "Your gifts" is empty.
    expect(MyGifts.parse(await (await t.request('/api/gifts', { as: giftor })).json()).gifts).toEqual([])

    const accept = () => t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' })
    expect(await (await accept()).json()).toEqual({ transaction_id: txId, gift_id: giftId })
    // Signed out and back from the email: the same link opens the gift again (not "already used").
    const again = await accept()
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ transaction_id: txId, gift_id: giftId })
    const preview = (await (await t.request(`/api/invitations/${token}`)).json()) as { status: string; role: string }
    expect(preview).toMatchObject({ status: 'accepted', role: 'giftor' })
    // Anyone else signed in gets 410 and learns nothing; the buyer cannot re-send an accepted one (409).
    const other = await t.request(`/api/invitations/${token}/accept`, { as: stranger, method: 'POST' })
    expect(other.status).toBe(410)
    expect(await other.text()).not.toContain(giftor.email)
    expect((await t.request(`${funds(txId)}/gifts/${giftId}/invitation`, { as: buyer, method: 'POST' })).status).toBe(
      409,
    )
  })

  it('"Your gifts" lists the gift with its next step, for the giftor only', async () => {
    const mine = MyGifts.parse(await (await t.request('/api/gifts', { as: giftor })).json())
    expect(mine.gifts).toEqual([
      {
        id: giftId,
        amount_pence: 25_000_00,
        buyer_names: ['Bea Buyer'],
        property_address: '12 Gift Street, Harpenden, AL5 2JX',
        move_status: expect.any(String),
        progress: 'accepted',
        next_step: 'identity',
      },
    ])
    for (const who of [buyer, seller, conveyancer, stranger])
      expect(MyGifts.parse(await (await t.request('/api/gifts', { as: who })).json()).gifts).toEqual([])
    expect((await t.request('/api/gifts')).status).toBe(401)
  })
})

describe("the giftor's bank check and screening", () => {
  it('only the giftor starts a bank check on their gift (others 404; unknown bank 400)', async () => {
    for (const who of [buyer, conveyancer, seller, stranger])
      expect(
        (await t.request(`${gift(giftId)}/bank-consents`, { as: who, json: { bank_id: 'sandbox-saver' } })).status,
      ).toBe(404)
    const unknown = await t.request(`${gift(giftId)}/bank-consents`, { as: giftor, json: { bank_id: 'nope' } })
    expect(unknown.status).toBe(400)
  })

  it('a refused consent says so; a connected bank shows on the gift and never in the buyer’s picture', async () => {
    await connectGiftorBank(giftor, giftId, 'sandbox-refuse', 'refuse')
    let g = GiftorGift.parse(await (await t.request(gift(giftId), { as: giftor })).json())
    expect(g.bank).toMatchObject({ status: 'refused', bank_name: 'Refusing Bank', provider_label: 'Sandbox' })
    await connectGiftorBank(giftor, giftId, 'sandbox-large-credit')
    g = GiftorGift.parse(await (await t.request(gift(giftId), { as: giftor })).json())
    expect(g.bank).toMatchObject({ status: 'connected', bank_name: 'Windfall Bank' })
    expect(g.bank.checked_at).not.toBeNull()
    expect(g.banks.length).toBeGreaterThan(0)
    const p = FundsPicture.parse(await (await t.request(funds(txId), { as: buyer })).json())
    expect(p.accounts).toEqual([])
    expect(p.consents).toEqual([])
    // The buyer cannot select or explain the giftor's account through the picture's writes.
    const [account] = await t.database.query<{ id: string }>(
      'select a.id from bank_accounts a join bank_consents c on c.id = a.consent_id where c.gift_id = $1',
      [giftId],
    )
    const sel = await t.request(`${funds(txId)}/accounts/${account.id}`, {
      as: buyer,
      method: 'PUT',
      json: { selected: false },
    })
    expect(sel.status).toBe(404)
  })

  it('verifying the giftor’s identity screens them; the conveyancer reads the checks, the buyer 403, others 404', async () => {
    await verifyIdentity(giftor, 'Giftor', 'Gina')
    const res = await t.request(checks(giftId), { as: conveyancer })
    expect(res.status, await res.clone().text()).toBe(200)
    const c = GiftChecks.parse(await res.json())
    expect(c.identity).toMatchObject({ state: 'verified', provider_label: 'Sandbox' })
    expect(c.identity.checked_at).not.toBeNull()
    expect(c.screening).toMatchObject({ state: 'clear', sanctions_match: false, pep: false, matches: [] })
    expect(c.screening.screened_at).not.toBeNull()
    expect(c.bank).toMatchObject({
      status: 'connected',
      bank_name: 'Windfall Bank',
      total_balance_pence: 77_450_00,
      covers_gift: true,
    })
    expect(c.bank.flagged.map((f) => f.amount_pence)).toContain(15_000_00)
    const buyerRes = await t.request(checks(giftId), { as: buyer })
    expect(buyerRes.status).toBe(403)
    for (const who of [seller, sellerConveyancer, giftor, stranger])
      expect((await t.request(checks(giftId), { as: who })).status).toBe(404)
    // A gift of another move under this move's address: 404.
    expect((await t.request(checks('00000000-0000-4000-8000-000000000000'), { as: conveyancer })).status).toBe(404)
    const mine = MyGifts.parse(await (await t.request('/api/gifts', { as: giftor })).json())
    expect(mine.gifts[0].next_step).toBe('declaration')
  })

  it('a giftor named like a sanctions entry is a possible match for the conveyancer', async () => {
    const ivan = await t.signUp({ role: 'giftor', name: 'Ivan Sanctionov' })
    const add = await t.request(`${funds(txId)}/gifts`, {
      as: buyer,
      json: { giftor_name: 'Ivan Sanctionov', giftor_email: ivan.email, relationship: 'Uncle', amount_pence: 5_000_00 },
    })
    const id = FundsPicture.parse(await add.json()).gifts.find((g) => g.giftor_email === ivan.email.toLowerCase())!.id
    const link = LINK.exec((await lastMail(ivan.email)).text)![1]
    expect((await t.request(`/api/invitations/${link}/accept`, { as: ivan, method: 'POST' })).status).toBe(200)
    await verifyIdentity(ivan, 'Sanctionov', 'Ivan')
    const c = GiftChecks.parse(await (await t.request(checks(id), { as: conveyancer })).json())
    expect(c.screening).toMatchObject({ state: 'possible_match', sanctions_match: true })
    expect(c.screening.matches[0]).toMatchObject({ list: 'sanctions' })
    expect(c.bank).toMatchObject({ status: 'not_started', total_balance_pence: null, covers_gift: null })
    // The giftor's own page never shows the screening.
    expect(await (await t.request(gift(id), { as: ivan })).text()).not.toContain('sanctions')
  })
})
