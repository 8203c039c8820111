/**
 * The giftor (decision 037) through the API: the buyer records a gift and the giftor is emailed an
 * invitation; accepting gives them their gift page and nothing of the move (404 on its routes); they
 * verify their identity in the sandbox, answer the declaration's questions and sign the generated
 * gifted-deposit declaration, which is filed for the buyer and their conveyancer only (the seller's side
 * never sees it); the gift's flag clears and the buyer's conveyancer sees it evidenced. Bad input: a
 * second acceptance, the wrong person signing, signing before the identity is verified, another
 * version's hash, an expired invitation (re-sent by the buyer), a giftor who is on the move.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FundsPicture, GiftorGift } from '#shared/contracts/funds.ts'
import { DocumentListResponse } from '#shared/contracts/documents.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { JPEG_BASE64, passportMrzLine } from '#server/test/test-identity.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let sellerConveyancer: TestUser
let txId: string

const funds = (tx: string) => `/api/transactions/${tx}/funds`
const LINK = /\/invite\/([A-Za-z0-9_-]{43})/

async function picture(as: TestUser, tx = txId): Promise<FundsPicture> {
  const res = await t.request(funds(tx), { as })
  expect(res.status, await res.clone().text()).toBe(200)
  return FundsPicture.parse(await res.json())
}

/** The latest invitation link emailed to `email` (the outbox). */
async function emailedToken(email: string): Promise<{ token: string; subject: string; text: string }> {
  const [mail] = await t.database.query<{ text_body: string; subject: string }>(
    'select text_body, subject from mail_outbox where to_address = $1 order by created_at desc, id desc limit 1',
    [email.toLowerCase()],
  )
  return { token: LINK.exec(mail.text_body)![1], subject: mail.subject, text: mail.text_body }
}

async function addGift(email: string, tx = txId, amount = 20_000_00) {
  const res = await t.request(`${funds(tx)}/gifts`, {
    as: buyer,
    json: { giftor_name: 'Gina Giftor', giftor_email: email, relationship: 'Mother', amount_pence: amount },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return FundsPicture.parse(await res.json())
}

async function verifyIdentity(user: TestUser, surname = 'Giftor') {
  const image = { content_type: 'image/jpeg', data_base64: JPEG_BASE64 }
  const start = await t.request('/api/me/identity-check', { as: user, method: 'POST' })
  const { id } = (await start.json()) as { id: string }
  const step = (name: string, json: unknown) =>
    t.request(`/api/me/identity-check/${id}/${name}`, { as: user, method: 'PUT', json })
  expect(
    (
      await step('document', {
        document_type: 'passport',
        surname,
        given_names: 'Gina',
        mrz_line: passportMrzLine(),
        image,
      })
    ).status,
  ).toBe(200)
  expect((await step('selfie', { image })).status).toBe(200)
  expect((await step('address', { line1: '3 Gift Lane', town: 'Harpenden', postcode: 'AL5 2JX' })).status).toBe(200)
  expect((await t.request(`/api/me/identity-check/${id}/submit`, { as: user, method: 'POST' })).status).toBe(200)
  await t.sandboxWebhooks.flush()
}

const gift = (id: string) => `/api/gifts/${id}`
const declare = (
  as: TestUser,
  id: string,
  json: unknown = { source_of_money: 'My savings at Nationwide', giftor_will_live: false },
) => t.request(`${gift(id)}/declaration`, { as, method: 'PUT', json })
const sign = (as: TestUser, id: string, sha: string) =>
  t.request(`${gift(id)}/sign`, {
    as,
    json: { consent: true, method: 'typed', typed_name: 'Gina Giftor', document_sha256: sha },
  })

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Seth Sellerside' })
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

describe('the giftor', () => {
  let giftor: TestUser
  let giftId: string

  it('is invited by email when the buyer records a gift, and appears as invited', async () => {
    giftor = await t.signUp({ role: 'buyer', name: 'Gina Giftor', verified: false })
    const p = await addGift(giftor.email)
    expect(p.gifts).toEqual([
      expect.objectContaining({
        giftor_name: 'Gina Giftor',
        progress: 'invited',
        identity: 'not_started',
        declaration: 'not_signed',
      }),
    ])
    expect(p.issues.map((i) => i.kind)).toContain('gift_unsigned')
    giftId = p.gifts[0].id
    const mail = await emailedToken(giftor.email)
    expect(mail.subject).toContain('£20,000')
    expect(mail.text).toContain('You will see only your gift')
    // The giftor's invitation is not one of the move's People invitations (the seller's side sees those).
    const list = await t.request(`/api/transactions/${txId}/invitations`, { as: seller })
    expect(await list.text()).not.toContain(giftor.email.toLowerCase())
    // Before accepting, the gift page is not theirs.
    expect((await t.request(gift(giftId), { as: giftor })).status).toBe(404)
  })

  it('accepts once; a second acceptance by the giftor opens the same gift (decision 069)', async () => {
    const { token } = await emailedToken(giftor.email)
    const preview = await t.request(`/api/invitations/${token}`)
    expect(((await preview.json()) as { role: string }).role).toBe('giftor')
    const [a, b] = await Promise.all([
      t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' }),
      t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(await a.json()).toEqual({ transaction_id: txId, gift_id: giftId })
    expect(await b.json()).toEqual({ transaction_id: txId, gift_id: giftId })
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from transaction_participants where transaction_id = $1 and user_id = $2',
      [txId, giftor.profileId],
    )
    expect(row.n).toBe(0)
    expect((await picture(buyer)).gifts[0].progress).toBe('accepted')
  })

  it('sees their gift page and nothing of the move (404 on its routes)', async () => {
    const res = await t.request(gift(giftId), { as: giftor })
    expect(res.status).toBe(200)
    const g = GiftorGift.parse(await res.json())
    expect(g).toMatchObject({
      amount_pence: 20_000_00,
      buyer_names: ['Bea Buyer'],
      property_address: '12 Gift Street, Harpenden, AL5 2JX',
      identity: 'not_started',
      declaration: { status: 'not_prepared' },
    })
    for (const path of ['', '/funds', '/documents', '/activity', '/invitations', '/threads', '/verification'])
      expect((await t.request(`/api/transactions/${txId}${path}`, { as: giftor })).status, path).toBe(404)
    const dash = await t.request('/api/transactions', { as: giftor })
    expect(await dash.text()).not.toContain('12 Gift Street')
    // Nobody else opens the gift page, the buyer included.
    for (const who of [buyer, seller, conveyancer])
      expect((await t.request(gift(giftId), { as: who })).status).toBe(404)
  })

  it('cannot sign before preparing, nor before the identity is verified', async () => {
    const early = await sign(giftor, giftId, 'a'.repeat(64))
    expect(early.status).toBe(422)
    const bad = await declare(giftor, giftId, { source_of_money: '', giftor_will_live: 'no' })
    expect(bad.status).toBe(400)
    const res = await declare(giftor, giftId)
    expect(res.status, await res.clone().text()).toBe(200)
    const g = GiftorGift.parse(await res.json())
    expect(g.declaration).toMatchObject({ status: 'awaiting_signature', source_of_money: 'My savings at Nationwide' })
    const pdf = await t.request(`${gift(giftId)}/declaration.pdf`, { as: giftor })
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const refused = await sign(giftor, giftId, g.declaration.document_sha256!)
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('Verify your identity first')
  })

  it('the declaration is filed for the buyer and their conveyancer, never the seller side', async () => {
    const names = async (who: TestUser) => {
      const res = await t.request(`/api/transactions/${txId}/documents`, { as: who })
      expect(res.status).toBe(200)
      return DocumentListResponse.parse(await res.json()).documents.map((d) => d.filename)
    }
    expect(await names(buyer)).toContain('Gifted deposit declaration - Gina Giftor.pdf')
    expect(await names(conveyancer)).toContain('Gifted deposit declaration - Gina Giftor.pdf')
    expect(await names(seller)).not.toContain('Gifted deposit declaration - Gina Giftor.pdf')
    expect(await names(sellerConveyancer)).not.toContain('Gifted deposit declaration - Gina Giftor.pdf')
    const [doc] = await t.database.query<{ id: string }>('select document_id as id from funding_gifts where id = $1', [
      giftId,
    ])
    expect((await t.request(`/api/transactions/${txId}/documents/${doc.id}`, { as: seller })).status).toBe(404)
    expect((await t.request(`/api/transactions/${txId}/documents/${doc.id}`, { as: conveyancer })).status).toBe(200)
    // Nor does the move's audit trail, which everyone on it reads, name the file.
    const detail = await t.request(`/api/transactions/${txId}`, { as: seller })
    expect(await detail.text()).not.toContain('Gifted deposit declaration')
    const reqs = await t.request(`/api/transactions/${txId}/signature-requests`, { as: sellerConveyancer })
    expect(await reqs.text()).not.toContain(giftor.profileId)
  })

  it('cannot be linked by id where the seller side could show it: a chat attachment is refused to them (400)', async () => {
    const [doc] = await t.database.query<{ id: string }>('select document_id as id from funding_gifts where id = $1', [
      giftId,
    ])
    const threads = await t.request(`/api/transactions/${txId}/threads`, { as: seller })
    const { threads: list } = (await threads.json()) as { threads: { id: string }[] }
    const post = (as: TestUser) =>
      t.request(`/api/transactions/${txId}/threads/${list[0].id}/messages`, {
        as,
        json: { body_md: 'See the declaration', attachment_ids: [doc.id] },
      })
    const refused = await post(seller)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('attach documents of this move only')
    // The buyer's conveyancer, who may see it, still can.
    expect((await post(conveyancer)).status).toBe(201)
  })

  it('signs once verified: someone else cannot, another version cannot; then the gift is evidenced', async () => {
    await verifyIdentity(giftor)
    const g = GiftorGift.parse(await (await t.request(gift(giftId), { as: giftor })).json())
    expect(g.identity).toBe('verified')
    expect(g.progress).toBe('identity_verified')
    expect((await picture(conveyancer)).gifts[0].progress).toBe('identity_verified')
    // The buyer cannot sign for the giftor: the gift is not theirs (404), nor through the move's signing.
    expect((await sign(buyer, giftId, g.declaration.document_sha256!)).status).toBe(404)
    const [req] = await t.database.query<{ id: string }>(
      'select signature_request_id as id from funding_gifts where id = $1',
      [giftId],
    )
    const viaMove = await t.request(`/api/transactions/${txId}/signature-requests/${req.id}/sign`, {
      as: buyer,
      json: { consent: true, method: 'typed', typed_name: 'Bea Buyer', document_sha256: g.declaration.document_sha256 },
    })
    expect(viaMove.status).toBe(403)
    expect((await sign(giftor, giftId, 'b'.repeat(64))).status).toBe(409)
    const res = await sign(giftor, giftId, g.declaration.document_sha256!)
    expect(res.status, await res.clone().text()).toBe(200)
    const signed = GiftorGift.parse(await res.json())
    expect(signed.declaration.status).toBe('signed')
    expect(signed.progress).toBe('evidenced')
    // Once signed: no second signature, no new answers.
    expect((await sign(giftor, giftId, g.declaration.document_sha256!)).status).toBe(409)
    expect((await declare(giftor, giftId)).status).toBe(409)

    const p = await picture(conveyancer)
    expect(p.gifts[0]).toMatchObject({ progress: 'evidenced', declaration: 'signed', identity: 'verified' })
    expect(p.gifts[0].declaration_document_id).toBeTruthy()
    expect(p.issues.map((i) => i.kind)).not.toContain('gift_unsigned')
    // The signed PDF (the next version) keeps its audience: the conveyancer opens it, the seller cannot.
    const id = p.gifts[0].declaration_document_id!
    const opened = await t.request(`/api/transactions/${txId}/documents/${id}`, { as: conveyancer })
    expect(((await opened.json()) as { signed_at: string | null }).signed_at).not.toBeNull()
    expect((await t.request(`/api/transactions/${txId}/documents/${id}`, { as: seller })).status).toBe(404)
    expect((await t.request(`/api/transactions/${txId}/documents/${id}/url`, { as: seller })).status).toBe(404)
    const [note] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from notifications where profile_id = $1 and title like '%signed the gifted-deposit declaration%'`,
      [buyer.profileId],
    )
    expect(note.n).toBe(1)
    const after = await t.request(`/api/transactions/${txId}`, { as: seller })
    expect(await after.text()).not.toContain('Gifted deposit declaration')
  })
})

describe('bad input', () => {
  it('an expired invitation is refused (410); the buyer re-sends it and the new link works', async () => {
    const giftor = await t.signUp({ role: 'buyer', name: 'Gus Giftor' })
    const p = await addGift(giftor.email)
    const id = p.gifts.find((g) => g.giftor_email === giftor.email.toLowerCase())!.id
    const { token } = await emailedToken(giftor.email)
    await t.database.query(`update invitations set expires_at = now() - interval '1 day' where gift_id = $1`, [id])
    expect((await picture(buyer)).gifts.find((g) => g.id === id)!.progress).toBe('invitation_expired')
    const late = await t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' })
    expect(late.status).toBe(410)
    expect(await late.text()).toContain('expired')
    // Only the buyer re-sends: their conveyancer 403, the seller 404.
    expect((await t.request(`${funds(txId)}/gifts/${id}/invitation`, { as: conveyancer, method: 'POST' })).status).toBe(
      403,
    )
    expect((await t.request(`${funds(txId)}/gifts/${id}/invitation`, { as: seller, method: 'POST' })).status).toBe(404)
    const resent = await t.request(`${funds(txId)}/gifts/${id}/invitation`, { as: buyer, method: 'POST' })
    expect(resent.status).toBe(200)
    const fresh = await emailedToken(giftor.email)
    expect(fresh.token).not.toBe(token)
    expect((await t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' })).status).toBe(410)
    expect((await t.request(`/api/invitations/${fresh.token}/accept`, { as: giftor, method: 'POST' })).status).toBe(200)
    // Accepted: nothing left to re-send.
    expect((await t.request(`${funds(txId)}/gifts/${id}/invitation`, { as: buyer, method: 'POST' })).status).toBe(409)
  })

  it('someone else signed in cannot accept the giftor’s link (403)', async () => {
    const giftor = await t.signUp({ role: 'buyer', name: 'Gail Giftor' })
    const other = await t.signUp({ role: 'buyer', name: 'Otto Other' })
    await addGift(giftor.email)
    const { token } = await emailedToken(giftor.email)
    expect((await t.request(`/api/invitations/${token}/accept`, { as: other, method: 'POST' })).status).toBe(403)
  })

  it('a giftor cannot be someone on the move (422), and the seller cannot add gifts (404)', async () => {
    const res = await t.request(`${funds(txId)}/gifts`, {
      as: buyer,
      json: { giftor_name: 'Sam', giftor_email: seller.email, relationship: 'Seller', amount_pence: 100_00 },
    })
    expect(res.status).toBe(422)
    const bySeller = await t.request(`${funds(txId)}/gifts`, {
      as: seller,
      json: { giftor_name: 'X', giftor_email: 'x@homeward.test', relationship: 'Friend', amount_pence: 100_00 },
    })
    expect(bySeller.status).toBe(404)
  })

  it('a gift of a completed move can no longer be declared (409)', async () => {
    const giftor = await t.signUp({ role: 'buyer', name: 'Gwen Giftor' })
    const move = (
      await createTransaction(t.database, {
        buyerProfileId: buyer.profileId,
        sellerProfileId: seller.profileId,
        agreedPricePence: 200_000_00,
      })
    ).transactionId
    const p = await addGift(giftor.email, move, 1_000_00)
    const { token } = await emailedToken(giftor.email)
    expect((await t.request(`/api/invitations/${token}/accept`, { as: giftor, method: 'POST' })).status).toBe(200)
    await t.database.query(`update transactions set status = 'completed' where id = $1`, [move])
    expect((await declare(giftor, p.gifts[0].id)).status).toBe(409)
  })
})
