/**
 * The support conversation: a signed-in person writes to support, the message is
 * stored and emailed to the support address through the outbox; the team's reply arrives through
 * the inbound webhook (bearer token) and shows in that person's thread only; limits and bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { SUPPORT_MESSAGES_PER_HOUR, SupportMessage, SupportThread } from '#shared/contracts/support.ts'
import { createTestApp, type TestUser, useTestApp } from '#server/test/test-app.ts'

const TOKEN = 'inbound-token-for-tests-0123456789'
const t = useTestApp({ config: { SUPPORT_INBOUND_TOKEN: TOKEN, SUPPORT_EMAIL: 'help@homeward.example' } })
let amy: TestUser
let ben: TestUser

beforeAll(async () => {
  amy = await t.signUp({ role: 'buyer', name: 'Amy Asker' })
  ben = await t.signUp({ role: 'seller', name: 'Ben Other' })
})

const thread = async (as: TestUser) =>
  SupportThread.parse(await (await t.request('/api/support/messages', { as })).json())

describe('support chat', () => {
  it('stores a message and emails it to the support address, naming the person', async () => {
    expect((await thread(amy)).messages).toEqual([])
    const res = await t.request('/api/support/messages', { as: amy, json: { body: '  How do I invite my broker?  ' } })
    expect(res.status).toBe(201)
    const sent = SupportMessage.parse(await res.json())
    expect(sent).toMatchObject({ author: 'member', body: 'How do I invite my broker?' })
    const mine = await thread(amy)
    expect(mine.support_email).toBe('help@homeward.example')
    expect(mine.messages.map((m) => m.body)).toEqual(['How do I invite my broker?'])
    expect((await thread(ben)).messages).toEqual([])
    const mails = await t.database.query<{ subject: string; text_body: string }>(
      "select subject, text_body from mail_outbox where to_address = 'help@homeward.example' and kind = 'support.message'",
    )
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('Support chat: Amy Asker')
    expect(mails[0].text_body).toContain(amy.email)
    expect(mails[0].text_body).toContain('How do I invite my broker?')
  })

  it("adds the team's reply from the inbound webhook to that person's thread only", async () => {
    const reply = (headers: Record<string, string>, json: unknown) =>
      t.request('/api/support/inbound', { json, headers })
    const body = { to: amy.email.toUpperCase(), body: 'Open your move, then People, then Invite by email.' }
    expect((await reply({}, body)).status).toBe(401)
    expect((await reply({ authorization: 'Bearer wrong-token-wrong-token-000' }, body)).status).toBe(401)
    expect((await reply({ authorization: `Bearer ${TOKEN}` }, { ...body, to: 'nobody@e2e.example' })).status).toBe(404)
    const ok = await reply({ authorization: `Bearer ${TOKEN}` }, body)
    expect(ok.status).toBe(201)
    const mine = await thread(amy)
    expect(mine.messages.map((m) => [m.author, m.body])).toEqual([
      ['member', 'How do I invite my broker?'],
      ['support', 'Open your move, then People, then Invite by email.'],
    ])
    expect((await thread(ben)).messages).toEqual([])
  })

  it('has no inbound route without a configured token', async () => {
    const bare = await createTestApp()
    try {
      const res = await bare.request('/api/support/inbound', {
        json: { to: 'a@b.example', body: 'x' },
        headers: { authorization: 'Bearer anything' },
      })
      expect(res.status).toBe(404)
    } finally {
      await bare.close()
    }
  })

  it('refuses empty, too long and signed-out messages, and strips control characters', async () => {
    expect((await t.request('/api/support/messages', { as: ben, json: { body: '   ' } })).status).toBe(400)
    expect((await t.request('/api/support/messages', { as: ben, json: { body: 'x'.repeat(4001) } })).status).toBe(400)
    expect((await t.request('/api/support/messages', { json: { body: 'hello' } })).status).toBe(401)
    expect((await t.request('/api/support/messages')).status).toBe(401)
    // A NUL is refused at the edge; other control characters become spaces (displayText, as profile names).
    expect((await t.request('/api/support/messages', { as: ben, json: { body: 'one\u0000two' } })).status).toBe(400)
    const res = await t.request('/api/support/messages', { as: ben, json: { body: 'one\u0007two\u001b\nthree' } })
    expect(res.status).toBe(201)
    expect(SupportMessage.parse(await res.json()).body).toBe('one two \nthree')
  })

  it(`accepts ${SUPPORT_MESSAGES_PER_HOUR} messages an hour, then answers 429 with Retry-After`, async () => {
    const carl = await t.signUp({ role: 'buyer', name: 'Carl Chatty' })
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      expect((await t.request('/api/support/messages', { as: carl, json: { body: `message ${i}` } })).status).toBe(201)
    }
    const refused = await t.request('/api/support/messages', { as: carl, json: { body: 'one more' } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Try again in \d+ minutes/)
    expect((await thread(carl)).messages).toHaveLength(SUPPORT_MESSAGES_PER_HOUR)
  })
})
