/**
 * Chat: the General thread and topic threads, posting with mentions and attachments,
 * history pages, unread counts, editing and deleting within 15 minutes, and the bad input of the
 * issue (empty, whitespace, over 10,000 characters, mentions of non-participants, someone else's
 * message, too late). Only people on the move can read or post; others get 404 and no data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatMessage, MessagePage, ThreadListResponse } from '#shared/contracts/chat.ts'
import { NotificationListResponse } from '#shared/contracts/notifications.ts'
import { createTransaction } from '#server/test/factories.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'

let t: TestApp
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let outsider: TestUser
let txId: string
let generalId: string

beforeAll(async () => {
  t = await createTestApp()
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  outsider = await t.signUp({ role: 'buyer', name: 'Olly Outsider' })
  const inserted = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
  })
  txId = inserted.transactionId
  generalId = (await threads(buyer)).threads[0].id
})
afterAll(async () => {
  await t?.close()
})

async function threads(as: TestUser) {
  const res = await t.request(`/api/transactions/${txId}/threads`, { as })
  expect(res.status).toBe(200)
  return ThreadListResponse.parse(await res.json())
}

function post(as: TestUser | null, body: Record<string, unknown>, threadId = generalId, tx = txId) {
  return t.request(`/api/transactions/${tx}/threads/${threadId}/messages`, { as, json: body })
}

async function page(as: TestUser, query = '', threadId = generalId) {
  const res = await t.request(`/api/transactions/${txId}/threads/${threadId}/messages${query}`, { as })
  expect(res.status).toBe(200)
  return MessagePage.parse(await res.json())
}

describe('threads', () => {
  it('every transaction has one General thread from the start', async () => {
    const list = await threads(seller)
    expect(list.threads).toHaveLength(1)
    expect(list.threads[0]).toMatchObject({ title: 'General', topic: 'general', message_count: 0, unread_count: 0 })
  })

  it('starts a thread about a stage with its first message, listed after General', async () => {
    const detail = (await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json()) as {
      timeline_stages: { id: string; stage_name: string }[]
    }
    const searches = detail.timeline_stages.find((s) => s.stage_name.startsWith('Searches'))!
    const res = await t.request(`/api/transactions/${txId}/threads`, {
      as: conveyancer,
      json: {
        title: 'Local authority search delay',
        topic: 'stage',
        topic_ref: searches.id,
        body_md: 'The council is slow.',
      },
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { thread: { id: string; topic_ref: string }; message: unknown }
    expect(body.thread.topic_ref).toBe(searches.id)
    expect(ChatMessage.parse(body.message).body_md).toBe('The council is slow.')
    const list = await threads(buyer)
    expect(list.threads.map((th) => th.title)).toEqual(['General', 'Local authority search delay'])
    expect(list.threads[1].unread_count).toBe(1)
  })

  it('refuses a stage of another transaction and a thread titled General', async () => {
    const other = await createTransaction(t.database, { buyerProfileId: outsider.profileId })
    const otherStage = await t.database.query<{ id: string }>(
      'select id from timeline_stages where transaction_id = $1 limit 1',
      [other.transactionId],
    )
    const foreign = await t.request(`/api/transactions/${txId}/threads`, {
      as: buyer,
      json: { title: 'Sneaky', topic: 'stage', topic_ref: otherStage[0].id, body_md: 'hi' },
    })
    expect(foreign.status).toBe(400)
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(/not on this move/)
    const general = await t.request(`/api/transactions/${txId}/threads`, {
      as: buyer,
      json: { title: 'general', topic: 'other', body_md: 'hi' },
    })
    expect(general.status).toBe(400)
  })
})

describe('messages', () => {
  it('posts Markdown with a mention; the mentioned person gets a notification and an email in the outbox', async () => {
    const res = await post(buyer, { body_md: 'Hi @Cora Conveyancer, any **news**?', mentions: [conveyancer.profileId] })
    expect(res.status).toBe(201)
    const message = ChatMessage.parse(await res.json())
    expect(message.author?.full_name).toBe('Bea Buyer')
    expect(message.mentions).toEqual([{ id: conveyancer.profileId, full_name: 'Cora Conveyancer' }])

    const bell = await t.request('/api/notifications', { as: conveyancer })
    const list = NotificationListResponse.parse(await bell.json())
    expect(list.unread_count).toBeGreaterThanOrEqual(1)
    expect(list.notifications[0]).toMatchObject({ kind: 'mention', title: 'Bea Buyer mentioned you in General' })
    expect(list.notifications[0].link).toBe(`/app/transactions/${txId}?tab=chat&thread=${generalId}`)
    const mail = await t.database.query<{ to_address: string; subject: string }>(
      `select to_address, subject from mail_outbox where kind = 'notification.mention' and to_address = $1`,
      [conveyancer.email],
    )
    expect(mail).toEqual([{ to_address: conveyancer.email, subject: 'Bea Buyer mentioned you in General' }])
  })

  it('counts unread messages per reader, and marking read clears them', async () => {
    const before = await threads(conveyancer)
    expect(before.threads[0].unread_count).toBe(1)
    expect(before.unread_total).toBeGreaterThanOrEqual(1)
    expect((await threads(buyer)).threads[0].unread_count).toBe(0) // own messages are never unread
    const read = await t.request(`/api/transactions/${txId}/threads/${generalId}/read`, {
      as: conveyancer,
      method: 'POST',
    })
    expect(read.status).toBe(204)
    expect((await threads(conveyancer)).threads[0].unread_count).toBe(0)
    // Reading the thread also reads the mention that pointed to it.
    const bell = NotificationListResponse.parse(
      await (await t.request('/api/notifications', { as: conveyancer })).json(),
    )
    expect(bell.notifications.filter((n) => n.kind === 'mention' && !n.read_at)).toEqual([])
  })

  it('attaches a document of this transaction, never one of another', async () => {
    const [doc] = await t.database.query<{ id: string }>(
      `insert into documents (transaction_id, filename, folder, version, content_type, size_bytes, audience)
       values ($1, 'TA6.pdf', 'Property', 1, 'application/pdf', 1234, 'everyone') returning id`,
      [txId],
    )
    const ok = await post(seller, { body_md: 'TA6 attached', attachment_ids: [doc.id] })
    expect(ok.status).toBe(201)
    expect(ChatMessage.parse(await ok.json()).attachments).toMatchObject([{ id: doc.id, filename: 'TA6.pdf' }])

    const other = await createTransaction(t.database, { buyerProfileId: outsider.profileId })
    const [foreign] = await t.database.query<{ id: string }>(
      `insert into documents (transaction_id, filename, folder, version, audience) values ($1, 'secret.pdf', 'Identity', 1, 'everyone') returning id`,
      [other.transactionId],
    )
    const refused = await post(seller, { body_md: 'look', attachment_ids: [foreign.id] })
    expect(refused.status).toBe(400)
  })

  it('loads history a page at a time, oldest first within a page', async () => {
    for (let i = 1; i <= 5; i++) expect((await post(seller, { body_md: `page message ${i}` })).status).toBe(201)
    const newest = await page(buyer, '?limit=3')
    expect(newest.messages.map((m) => m.body_md)).toEqual(['page message 3', 'page message 4', 'page message 5'])
    expect(newest.has_more).toBe(true)
    const older = await page(buyer, `?limit=3&before=${newest.messages[0].id}`)
    expect(older.messages.map((m) => m.body_md)).toEqual(['TA6 attached', 'page message 1', 'page message 2'])
    const all = await page(buyer, '?limit=100')
    expect(all.has_more).toBe(false)
  })

  it.each([
    ['empty', ''],
    ['only whitespace', '   \n\t '],
    ['over 10,000 characters', 'x'.repeat(10_001)],
  ])('refuses a message that is %s, writing nothing', async (_label, body_md) => {
    const before = (await threads(buyer)).threads[0].message_count
    const res = await post(buyer, { body_md })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } }
    expect(Object.keys(body.error.fields)).toContain('body_md')
    expect((await threads(buyer)).threads[0].message_count).toBe(before)
  })

  it('accepts exactly 10,000 characters', async () => {
    expect((await post(buyer, { body_md: 'y'.repeat(10_000) })).status).toBe(201)
  })

  it('refuses a mention of someone not on the move', async () => {
    const res = await post(buyer, { body_md: 'Hey @Olly', mentions: [outsider.profileId] })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /only mention people on this move/,
    )
  })
})

describe('editing and deleting', () => {
  it('lets the author edit and delete within 15 minutes; the message keeps its place', async () => {
    const posted = ChatMessage.parse(await (await post(seller, { body_md: 'Completion on Fridya' })).json())
    const edit = await t.request(`/api/transactions/${txId}/messages/${posted.id}`, {
      as: seller,
      method: 'PATCH',
      json: { body_md: 'Completion on Friday' },
    })
    expect(edit.status).toBe(200)
    const edited = ChatMessage.parse(await edit.json())
    expect(edited.body_md).toBe('Completion on Friday')
    expect(edited.edited_at).not.toBeNull()

    const del = await t.request(`/api/transactions/${txId}/messages/${posted.id}`, { as: seller, method: 'DELETE' })
    expect(del.status).toBe(200)
    const deleted = ChatMessage.parse(await del.json())
    expect(deleted).toMatchObject({ body_md: '', mentions: [], attachments: [] })
    expect(deleted.deleted_at).not.toBeNull()
    const [row] = await t.database.query<{ body_md: string }>('select body_md from messages where id = $1', [posted.id])
    expect(row.body_md).toBe('')
  })

  it("refuses editing someone else's message (403) and after 15 minutes (409)", async () => {
    const posted = ChatMessage.parse(await (await post(buyer, { body_md: 'mine' })).json())
    const theirs = await t.request(`/api/transactions/${txId}/messages/${posted.id}`, {
      as: seller,
      method: 'PATCH',
      json: { body_md: 'hijacked' },
    })
    expect(theirs.status).toBe(403)
    await t.database.query(`update messages set created_at = now() - interval '16 minutes' where id = $1`, [posted.id])
    const late = await t.request(`/api/transactions/${txId}/messages/${posted.id}`, {
      as: buyer,
      method: 'PATCH',
      json: { body_md: 'too late' },
    })
    expect(late.status).toBe(409)
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/within 15 minutes/)
    const lateDelete = await t.request(`/api/transactions/${txId}/messages/${posted.id}`, {
      as: buyer,
      method: 'DELETE',
    })
    expect(lateDelete.status).toBe(409)
    const [row] = await t.database.query<{ body_md: string }>('select body_md from messages where id = $1', [posted.id])
    expect(row.body_md).toBe('mine')
  })
})

describe('access', () => {
  it.each([
    ['an outsider', () => outsider],
    ['anonymous', () => null],
  ])('%s gets 404 (signed out: 401) with no data from every chat endpoint', async (_label, who) => {
    const as = who()
    const msg = ChatMessage.parse(await (await post(buyer, { body_md: 'private' })).json())
    const calls: [string, { method?: string; json?: unknown }][] = [
      [`/api/transactions/${txId}/threads`, {}],
      [`/api/transactions/${txId}/threads`, { json: { title: 'x', topic: 'other', body_md: 'x' } }],
      [`/api/transactions/${txId}/threads/${generalId}/messages`, {}],
      [`/api/transactions/${txId}/threads/${generalId}/messages`, { json: { body_md: 'x' } }],
      [`/api/transactions/${txId}/threads/${generalId}/read`, { method: 'POST' }],
      [`/api/transactions/${txId}/messages/${msg.id}`, { method: 'PATCH', json: { body_md: 'x' } }],
      [`/api/transactions/${txId}/messages/${msg.id}`, { method: 'DELETE' }],
      [`/api/transactions/${txId}/events`, {}],
      [`/api/transactions/${txId}/update-requests`, {}],
    ]
    for (const [path, init] of calls) {
      const res = await t.request(path, { ...init, as })
      const text = await res.text()
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(as ? 404 : 401)
      expect(text).not.toContain('private')
      expect(text).not.toContain('General')
    }
  })

  it('a thread of another transaction is 404 even for someone on both', async () => {
    const other = await createTransaction(t.database, { buyerProfileId: buyer.profileId })
    const res = await post(buyer, { body_md: 'cross' }, generalId, other.transactionId)
    expect(res.status).toBe(404)
  })
})
