/**
 * Enquiries by email (decision 054) through the API: a buyer's conveyancer raises enquiries on a
 * matter whose seller's conveyancer is a firm not on Homeward; the firm gets them by email with a
 * link that opens exactly the enquiries waiting when it was sent (not another matter's, not a later
 * batch's, not after a newer link, not after it expires or the firm joins), answers with files
 * (filed for the clients and conveyancers, decision 051) as "not on Homeward", within the link's
 * rate limit; replies and further enquiries on Homeward carry files too; and the seller's
 * conveyancer logs enquiries received by email or letter with the original attached.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { EnquiryLinkView, EnquiryList } from '#shared/contracts/enquiries.ts'
import type { DocumentVersion } from '#shared/contracts/documents.ts'
import { ENQUIRY_LINK_READ } from '#server/core/limits.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { createTransaction } from '#server/test/factories.ts'
import { HELD_UPLOAD_MAX_AGE_DAYS, sweepHeldLinkUploads } from './sweep-held-uploads'
import { makePdf } from '#server/test/test-files.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser
let estateAgent: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Sol Solicitor' })
  estateAgent = await t.signUp({ role: 'agent', name: 'Ed Agent' })
})

const base = (txId: string) => `/api/transactions/${txId}`
const origin = { origin: 'http://localhost:3000' }

/** A matter whose seller's conveyancer is Smith & Co, recorded off Homeward (unless `firm` is false). */
async function offPlatformMatter(opts: { firm?: boolean; email?: string } = {}) {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
      { profileId: estateAgent.profileId, role: 'estate_agent' },
    ],
  })
  const email = opts.email ?? `jane-${transactionId.slice(0, 8)}@smith.example`
  if (opts.firm !== false) {
    await t.database.query(
      `insert into off_platform_parties (transaction_id, role, firm_name, person_name, email, recorded_by)
       values ($1, 'seller_conveyancer', 'Smith & Co', 'Jane Smith', $2, $3)`,
      [transactionId, email, buyerConveyancer.profileId],
    )
  }
  return { txId: transactionId, email }
}

async function raise(txId: string, bodies: string[]) {
  const res = await t.request(`${base(txId)}/enquiries`, {
    as: buyerConveyancer,
    json: { enquiries: bodies.map((body) => ({ category: 'title', body })) },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { ids: string[] }).ids
}

async function mailsTo(email: string) {
  return t.database.query<{ subject: string; text_body: string; kind: string }>(
    `select subject, text_body, kind from mail_outbox where to_address = $1 order by created_at`,
    [email],
  )
}

/** The token of the newest reply link emailed to `email`. */
async function tokenFor(email: string): Promise<string> {
  const mails = await mailsTo(email)
  const text = mails.at(-1)?.text_body ?? ''
  const match = text.match(/\/enquiries\/reply\/([\w-]+)/)
  expect(match, `a reply link in the email to ${email}`).not.toBeNull()
  return match![1]
}

const view = (token: string) => t.request(`/api/enquiry-links/${token}`)
const linkReply = (token: string, enquiryId: string, body: string, uploadIds: string[] = []) =>
  t.request(`/api/enquiry-links/${token}/enquiries/${enquiryId}/replies`, {
    json: { body, upload_ids: uploadIds },
  })
const linkUpload = (token: string, file: Buffer, filename: string) =>
  t.app.request(`/api/enquiry-links/${token}/uploads?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...origin },
    body: new Uint8Array(file),
  })

async function list(txId: string, as: TestUser) {
  const res = await t.request(`${base(txId)}/enquiries`, { as })
  expect(res.status).toBe(200)
  return EnquiryList.parse(await res.json())
}

describe('sending enquiries to a firm not on Homeward', () => {
  it('emails a readable list with a reply link, and says so: "Sent by email to Smith & Co (not on Homeward)"', async () => {
    const { txId, email } = await offPlatformMatter()
    const before = await list(txId, buyerConveyancer)
    expect(before.recipient).toEqual({ kind: 'email', firm_name: 'Smith & Co', email })
    await raise(txId, ['Please supply official copies.', 'Is there a restrictive covenant?'])
    const [mail] = await mailsTo(email)
    expect(mail.subject).toContain('2 wait for your reply')
    expect(mail.text_body).toContain('Enquiry 1 (Title)\nPlease supply official copies.')
    expect(mail.text_body).toContain('Enquiry 2 (Title)\nIs there a restrictive covenant?')
    expect(mail.text_body).toMatch(/Homeward reference HW-[0-9A-F]{8}/)
    // Only the hash is stored.
    const token = await tokenFor(email)
    const stored = await t.database.query<{ token_hash: string }>(
      'select token_hash from enquiry_reply_links where transaction_id = $1',
      [txId],
    )
    expect(stored).toHaveLength(1)
    expect(stored[0].token_hash).not.toContain(token)
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
    const after = await list(txId, buyerConveyancer)
    expect(after.email_link).toMatchObject({ email, live: true })
    // Everyone else on the move learns nothing about the firm from the enquiries.
    expect((await list(txId, buyer)).recipient).toBeNull()
  })

  it('tells no one, truthfully, when no seller’s conveyancer is recorded; sending later emails the waiting ones', async () => {
    const { txId, email } = await offPlatformMatter({ firm: false })
    expect((await list(txId, buyerConveyancer)).recipient).toEqual({ kind: 'nobody' })
    await raise(txId, ['Is the property in a conservation area?'])
    expect(await mailsTo(email)).toHaveLength(0)
    const refused = await t.request(`${base(txId)}/enquiries/email`, { as: buyerConveyancer, method: 'POST' })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Nobody is told yet/)
    await t.database.query(
      `insert into off_platform_parties (transaction_id, role, firm_name, email) values ($1, 'seller_conveyancer', 'Late LLP', $2)`,
      [txId, email],
    )
    const sent = await t.request(`${base(txId)}/enquiries/email`, { as: buyerConveyancer, method: 'POST' })
    expect(sent.status).toBe(201)
    expect(await sent.json()).toMatchObject({ email, firm_name: 'Late LLP', enquiries: 1 })
    expect((await mailsTo(email))[0].text_body).toContain('Is the property in a conservation area?')
    // Only the buyer's conveyancer sends.
    const bySeller = await t.request(`${base(txId)}/enquiries/email`, { as: seller, method: 'POST' })
    expect(bySeller.status).toBe(403)
  })
})

describe('the reply link', () => {
  it('opens exactly its enquiries: not another matter’s, not a later batch’s, not after a newer link', async () => {
    const a = await offPlatformMatter()
    const b = await offPlatformMatter()
    const [a1] = await raise(a.txId, ['A: first batch enquiry'])
    const [b1] = await raise(b.txId, ['B: another matter'])
    const tokenA1 = await tokenFor(a.email)

    const opened = EnquiryLinkView.parse(await (await view(tokenA1)).json())
    expect(opened.state).toBe('open')
    expect(opened.firm_name).toBe('Smith & Co')
    expect(opened.raised_by?.name).toBe('Cora Conveyancer')
    expect(opened.enquiries.map((e) => e.body)).toEqual(['A: first batch enquiry'])
    // Another matter's enquiry: not through this link.
    expect((await linkReply(tokenA1, b1, 'Sneaky')).status).toBe(404)

    // A second batch on matter A: a fresh email whose link opens both waiting ones; the first link stops.
    const [a2] = await raise(a.txId, ['A: second batch enquiry'])
    const tokenA2 = await tokenFor(a.email)
    expect(tokenA2).not.toBe(tokenA1)
    const old = EnquiryLinkView.parse(await (await view(tokenA1)).json())
    expect(old).toMatchObject({ state: 'revoked', revoked_reason: 'superseded', enquiries: [] })
    const stale = await linkReply(tokenA1, a2, 'Through the old link')
    expect(stale.status).toBe(410)
    expect(((await stale.json()) as { error: { message: string } }).error.message).toContain('latest email')
    const fresh = EnquiryLinkView.parse(await (await view(tokenA2)).json())
    expect(fresh.enquiries.map((e) => e.id)).toEqual([a1, a2])
    // The answered batch is not in a later link: answer both, raise a third, the new link lists only it.
    expect((await linkReply(tokenA2, a1, 'Answer one')).status).toBe(201)
    expect((await linkReply(tokenA2, a2, 'Answer two')).status).toBe(201)
    const answered = EnquiryLinkView.parse(await (await view(tokenA2)).json())
    expect(answered.state).toBe('answered')
    expect(answered.enquiries.map((e) => [e.awaiting_reply, e.thread.map((m) => m.author)])).toEqual([
      [false, ['Jane Smith, Smith & Co (not on Homeward)']],
      [false, ['Jane Smith, Smith & Co (not on Homeward)']],
    ])
    const [a3] = await raise(a.txId, ['A: third batch'])
    const tokenA3 = await tokenFor(a.email)
    const third = EnquiryLinkView.parse(await (await view(tokenA3)).json())
    expect(third.enquiries.map((e) => e.id)).toEqual([a3])
    expect((await linkReply(tokenA3, a1, 'Answer one again')).status).toBe(404)
    // An unknown token: 404, nothing said about any matter.
    expect((await view('x'.repeat(43))).status).toBe(404)
  })

  it('answers as the recorded firm "not on Homeward" with a file for the clients and conveyancers; the buyer’s conveyancer is told', async () => {
    const { txId, email } = await offPlatformMatter()
    const [id] = await raise(txId, ['Please supply the completion certificate for the extension.'])
    const token = await tokenFor(email)
    const up = await linkUpload(token, await makePdf('Completion certificate'), 'Completion certificate.pdf')
    expect(up.status, await up.clone().text()).toBe(201)
    const upload = (await up.json()) as { id: string; filename: string }
    // Nothing is on the move before the reply is sent.
    const docsBefore = await t.database.query('select id from documents where transaction_id = $1', [txId])
    expect(docsBefore).toHaveLength(0)
    const res = await linkReply(token, id, 'Certificate attached.', [upload.id])
    expect(res.status, await res.clone().text()).toBe(201)
    // The upload is spent: it cannot be sent twice.
    const [id2] = await raise(txId, ['Another'])
    const token2 = await tokenFor(email)
    expect((await linkReply(token2, id2, 'Again', [upload.id])).status).toBe(422)

    const [doc] = await t.database.query<{ folder: string; audience: string; uploaded_by: string | null }>(
      'select folder, audience, uploaded_by from documents where transaction_id = $1',
      [txId],
    )
    expect(doc).toEqual({ folder: 'Contracts', audience: 'clients_and_conveyancers', uploaded_by: null })

    const asRaiser = await list(txId, buyerConveyancer)
    const enquiry = asRaiser.enquiries.find((e) => e.id === id)!
    expect(enquiry.status).toBe('answered')
    expect(enquiry.clock?.state).toBe('met')
    expect(enquiry.replies[0]).toMatchObject({
      kind: 'reply',
      author: null,
      author_off_platform: 'Jane Smith, Smith & Co',
      body: 'Certificate attached.',
    })
    expect(enquiry.replies[0].documents.map((d) => d.filename)).toEqual(['Completion certificate.pdf'])
    // The estate agent is outside that audience: the document is not listed to them, nor openable.
    const docId = enquiry.replies[0].documents[0].id
    expect((await t.request(`${base(txId)}/documents/${docId}`, { as: estateAgent })).status).toBe(404)
    const asBuyer = await t.request(`${base(txId)}/documents/${docId}`, { as: buyer })
    expect(asBuyer.status, await asBuyer.clone().text()).toBe(200)

    const [note] = await t.database.query<{ title: string }>(
      `select title from notifications where profile_id = $1 and transaction_id = $2 and title like 'Enquiry 1 is answered%'`,
      [buyerConveyancer.profileId, txId],
    )
    expect(note.title).toBe('Enquiry 1 is answered by Jane Smith, Smith & Co (not on Homeward)')
    // Answered twice: 409.
    expect((await linkReply(token2, id, 'Twice')).status).toBe(404)
    // The buyer's conveyancer marks it satisfied as with any reply.
    const sat = await t.request(`${base(txId)}/enquiries/${id}/status`, {
      as: buyerConveyancer,
      json: { version: enquiry.version, status: 'satisfied' },
    })
    expect(sat.status).toBe(200)
  })

  it('stops when it expires, and when the firm joins Homeward', async () => {
    const { txId, email } = await offPlatformMatter()
    const [id] = await raise(txId, ['Expiring enquiry'])
    const token = await tokenFor(email)
    await t.database.query(
      `update enquiry_reply_links set expires_at = now() - interval '1 minute' where transaction_id = $1`,
      [txId],
    )
    const expired = EnquiryLinkView.parse(await (await view(token)).json())
    expect(expired).toMatchObject({ state: 'expired', enquiries: [] })
    const refused = await linkReply(token, id, 'Too late')
    expect(refused.status).toBe(410)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('has expired')
    expect((await linkUpload(token, await makePdf(), 'late.pdf')).status).toBe(410)

    await t.request(`${base(txId)}/enquiries/email`, { as: buyerConveyancer, method: 'POST' })
    const token2 = await tokenFor(email)
    expect(EnquiryLinkView.parse(await (await view(token2)).json()).state).toBe('open')
    // The firm joins: its record is closed and a seller's conveyancer is on the move.
    await t.database.query(`update off_platform_parties set joined_at = now() where transaction_id = $1`, [txId])
    const joined = EnquiryLinkView.parse(await (await view(token2)).json())
    expect(joined).toMatchObject({ state: 'revoked', revoked_reason: 'joined' })
    expect((await linkReply(token2, id, 'After joining')).status).toBe(410)
  })

  it('removes held files that can no longer be sent (link revoked or expired, or held too long), never a sent one', async () => {
    const storage = storageFor(t.config)
    const upload = async (token: string, name: string) => {
      const res = await linkUpload(token, await makePdf(name), `${name}.pdf`)
      expect(res.status, await res.clone().text()).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    const keyOf = async (id: string) =>
      (
        await t.database.query<{ storage_key: string }>(
          'select storage_key from enquiry_reply_link_uploads where id = $1',
          [id],
        )
      )[0]?.storage_key
    const { txId, email } = await offPlatformMatter()
    const [id] = await raise(txId, ['Held files'])
    const first = await tokenFor(email)
    const onRevoked = await upload(first, 'superseded')
    const revokedKey = await keyOf(onRevoked)
    await t.request(`${base(txId)}/enquiries/email`, { as: buyerConveyancer, method: 'POST' }) // revokes `first`
    const live = await tokenFor(email)
    const fresh = await upload(live, 'fresh')
    const stale = await upload(live, 'stale')
    const staleKey = await keyOf(stale)
    await t.database.query(
      `update enquiry_reply_link_uploads set created_at = now() - make_interval(days => $2) where id = $1`,
      [stale, HELD_UPLOAD_MAX_AGE_DAYS + 1],
    )
    const sent = await upload(live, 'sent')
    const sentKey = (await keyOf(sent))!
    expect((await linkReply(live, id, 'With one file', [sent])).status).toBe(201)

    const swept = await sweepHeldLinkUploads({ database: t.database, storage, now: new Date() })
    expect(swept.held).toBeGreaterThanOrEqual(2)
    const left = await t.database.query<{ id: string }>(
      'select id from enquiry_reply_link_uploads where id = any($1::uuid[])',
      [[onRevoked, fresh, stale, sent]],
    )
    expect(left.map((r) => r.id).sort()).toEqual([fresh, sent].sort())
    expect(await storage.exists(revokedKey!)).toBe(false)
    expect(await storage.exists(staleKey!)).toBe(false)
    // The sent file is a document of the move now, and stays.
    expect(await storage.exists(sentKey)).toBe(true)
    // The fresh one is still held for its reply, with its file.
    expect(await storage.exists((await keyOf(fresh))!)).toBe(true)
  })

  it('is rate limited per link: 429 with Retry-After once its reads run out', async () => {
    const { txId, email } = await offPlatformMatter()
    await raise(txId, ['Rate limited enquiry'])
    const token = await tokenFor(email)
    const max = ENQUIRY_LINK_READ.rules[0].max
    // Spend all but one of the window's reads directly, then the page's own reads hit the ceiling.
    const [link] = await t.database.query<{ id: string }>(
      'select id from enquiry_reply_links where transaction_id = $1',
      [txId],
    )
    const { consumeLimit } = await import('#server/auth/rate-limits.ts')
    for (let i = 0; i < max - 1; i++)
      await consumeLimit(t.database.db, `${ENQUIRY_LINK_READ.name}|${link.id}|600`, ENQUIRY_LINK_READ.rules[0])
    expect((await view(token)).status).toBe(200)
    const limited = await view(token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('attachments on Homeward and logged enquiries', () => {
  async function onPlatformMatter() {
    const { transactionId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
        { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer' },
        { profileId: estateAgent.profileId, role: 'estate_agent' },
      ],
    })
    return transactionId
  }

  async function upload(txId: string, as: TestUser, filename: string, audience?: string) {
    const qs = new URLSearchParams({ folder: 'Contracts', filename, ...(audience ? { audience } : {}) })
    const res = await t.app.request(`${base(txId)}/documents?${qs}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: as.cookie, ...origin },
      body: new Uint8Array(await makePdf(filename)),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as DocumentVersion
  }

  it('a reply and a further enquiry carry files, listed to those who may read them', async () => {
    const txId = await onPlatformMatter()
    const [id] = await raise(txId, ['Any building regulations approval?'])
    expect((await list(txId, buyerConveyancer)).recipient).toEqual({ kind: 'on_homeward', name: 'Sol Solicitor' })
    const cert = await upload(txId, sellerConveyancer, 'Building regs certificate.pdf', 'clients_and_conveyancers')
    const note = await upload(txId, sellerConveyancer, 'Our file note.pdf', 'seller_firm')
    // A file the buyer's conveyancer could not open is refused, not attached in vain.
    const refused = await t.request(`${base(txId)}/enquiries/${id}/replies`, {
      as: sellerConveyancer,
      json: { version: 1, body: 'See attached', document_ids: [note.id] },
    })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('could not open it')
    const ok = await t.request(`${base(txId)}/enquiries/${id}/replies`, {
      as: sellerConveyancer,
      json: { version: 1, body: 'Certificate attached', document_ids: [cert.id] },
    })
    expect(ok.status, await ok.clone().text()).toBe(201)
    const plan = await upload(txId, buyerConveyancer, 'Marked plan.pdf', 'clients_and_conveyancers')
    const further = await t.request(`${base(txId)}/enquiries/${id}/status`, {
      as: buyerConveyancer,
      json: {
        version: 2,
        status: 'further_enquiry',
        body: 'Does it cover the area on the plan?',
        document_ids: [plan.id],
      },
    })
    expect(further.status, await further.clone().text()).toBe(200)
    const thread = (await list(txId, sellerConveyancer)).enquiries[0].replies
    expect(thread.map((r) => [r.kind, r.documents.map((d) => d.filename)])).toEqual([
      ['reply', ['Building regs certificate.pdf']],
      ['further_enquiry', ['Marked plan.pdf']],
    ])
    // A file whose audience is later narrowed away from the buyer's conveyancer drops out of their thread.
    await t.database.query(`update documents set audience = 'seller_firm' where id = $1`, [cert.id])
    expect((await list(txId, buyerConveyancer)).enquiries[0].replies[0].documents).toEqual([])
    expect((await list(txId, sellerConveyancer)).enquiries[0].replies[0].documents).toHaveLength(1)
  })

  it('the seller’s conveyancer logs enquiries received by email, with the original attached', async () => {
    const txId = await onPlatformMatter()
    const original = await upload(txId, sellerConveyancer, 'Enquiries email 3 Dec.pdf')
    const logged = await t.request(`${base(txId)}/enquiries/logged`, {
      as: sellerConveyancer,
      json: {
        received_on: '2026-12-03',
        received_via: 'email',
        from: 'Tom Brown, Brown Legal',
        original_document_id: original.id,
        enquiries: [
          { category: 'title', body: 'Who owns the boundary fence?' },
          { category: 'searches', body: 'Please confirm the drainage search is clear.' },
        ],
      },
    })
    expect(logged.status, await logged.clone().text()).toBe(201)
    const { enquiries } = await list(txId, sellerConveyancer)
    expect(enquiries.map((e) => [e.number, e.status, e.body, e.received])).toEqual([
      [
        1,
        'open',
        'Who owns the boundary fence?',
        {
          on: '2026-12-03',
          via: 'email',
          from: 'Tom Brown, Brown Legal',
          logged_by: { id: sellerConveyancer.profileId, full_name: 'Sol Solicitor' },
        },
      ],
      [2, 'open', 'Please confirm the drainage search is clear.', expect.objectContaining({ via: 'email' })],
    ])
    expect(enquiries[0].documents.map((d) => d.id)).toEqual([original.id])
    expect(enquiries[0].clock?.state).toBe('running')
    // Then they live as usual: the seller's conveyancer answers one.
    const r = await t.request(`${base(txId)}/enquiries/${enquiries[0].id}/replies`, {
      as: sellerConveyancer,
      json: { version: enquiries[0].version, body: 'The fence is ours.' },
    })
    expect(r.status).toBe(201)
    const trail = await t.database.query<{ kind: string; summary: string }>(
      `select kind, summary from activity_events where transaction_id = $1 and kind = 'enquiry.logged' order by seq`,
      [txId],
    )
    expect(trail.map((x) => x.summary)).toEqual([
      'logged enquiry 1 (Title), received by email on 03 Dec 2026',
      'logged enquiry 2 (Searches), received by email on 03 Dec 2026',
    ])
    // Only the seller's conveyancer logs; a date in the future is refused.
    const byBuyerSide = await t.request(`${base(txId)}/enquiries/logged`, {
      as: buyerConveyancer,
      json: {
        received_on: '2026-12-03',
        received_via: 'letter',
        original_document_id: original.id,
        enquiries: [{ category: 'title', body: 'x' }],
      },
    })
    expect(byBuyerSide.status).toBe(403)
    const future = await t.request(`${base(txId)}/enquiries/logged`, {
      as: sellerConveyancer,
      json: {
        received_on: '2099-01-01',
        received_via: 'letter',
        original_document_id: original.id,
        enquiries: [{ category: 'title', body: 'x' }],
      },
    })
    expect(future.status).toBe(422)
  })
})

describe('the client’s answer (decision 055) and a firm not on Homeward', () => {
  it('a draft further enquiry never reaches the firm; sent on, it is emailed as the conveyancer wrote it', async () => {
    const { txId, email } = await offPlatformMatter()
    const [id] = await raise(txId, ['Was the loft conversion signed off?'])
    const token = await tokenFor(email)
    expect((await linkReply(token, id, 'Yes, in 2019; the certificate is lost.')).status).toBe(201)

    // The buyer's conveyancer asks the buyer, who answers: a draft further enquiry for their conveyancer.
    const before = (await list(txId, buyerConveyancer)).enquiries[0]
    const asked = await t.request(`${base(txId)}/enquiries/${id}/client-task`, {
      as: buyerConveyancer,
      json: { version: before.version },
    })
    expect(asked.status, await asked.clone().text()).toBe(201)
    const { task_id: taskId } = (await asked.json()) as { task_id: string }
    const answered = await t.request(`${base(txId)}/enquiry-tasks/${taskId}/answer`, {
      as: buyer,
      json: { body: 'My own worry: ask whether they have building regs indemnity. SECRET-DRAFT', document_ids: [] },
    })
    expect(answered.status, await answered.clone().text()).toBe(201)
    const { draft_id: draftId } = (await answered.json()) as { draft_id: string }

    // The firm's page and the email list hold no draft; "Email them again" has nothing waiting to send.
    const page = EnquiryLinkView.parse(await (await view(token)).json())
    expect(JSON.stringify(page)).not.toContain('SECRET-DRAFT')
    expect(page.enquiries[0].thread.map((m) => m.kind)).toEqual(['reply'])
    const again = await t.request(`${base(txId)}/enquiries/email`, { as: buyerConveyancer, method: 'POST' })
    expect(again.status).toBe(422)
    const mailsBefore = await mailsTo(email)
    expect(mailsBefore.map((m) => m.text_body).join('\n')).not.toContain('SECRET-DRAFT')

    // Sent on as edited: the same path as a typed further enquiry, so the firm is emailed a fresh link.
    const current = (await list(txId, buyerConveyancer)).enquiries[0]
    const sent = await t.request(`${base(txId)}/enquiries/${id}/drafts/${draftId}/send`, {
      as: buyerConveyancer,
      json: {
        version: current.version,
        body: 'Please confirm a building regulations indemnity policy will be provided.',
      },
    })
    expect(sent.status, await sent.clone().text()).toBe(200)
    const mails = await mailsTo(email)
    expect(mails.length).toBe(mailsBefore.length + 1)
    expect(mails.at(-1)!.text_body).toContain(
      'Further enquiry: Please confirm a building regulations indemnity policy will be provided.',
    )
    expect(mails.at(-1)!.text_body).not.toContain('SECRET-DRAFT')
    const fresh = EnquiryLinkView.parse(await (await view(await tokenFor(email))).json())
    expect(fresh.enquiries[0].thread.map((m) => m.kind)).toEqual(['reply', 'further_enquiry'])
    expect(JSON.stringify(fresh)).not.toContain('SECRET-DRAFT')
  })
})
