/**
 * The December battery's L8 reproductions through the app on a real database: an API token's name,
 * a webhook endpoint's description and a chat message carrying ESC, BEL, U+202E and an OSC-8
 * hyperlink sequence are stored clean (the profile-name rule, shared/domain/plain-text.ts: controls
 * become spaces, bidi controls are dropped; chat keeps its line breaks), and what comes back and
 * what is in the table hold none of them. Rows stored before are cleaned by the data migration
 * *_clean-display-strings.sql, whose SQL rule gives the same text as singleLine and multiLine.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiTokenList, WebhookEndpointList, WebhookSecret } from '#shared/contracts/api-access.ts'
import { ChatMessage, ThreadListResponse } from '#shared/contracts/chat.ts'
import { multiLine, singleLine } from '#shared/domain/plain-text.ts'
import { createTransaction } from '#server/test/factories.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'

const ESC = '\u001b'
const BEL = '\u0007'
const RLO = '\u202e'
const OSC8 = `${ESC}]8;;https://evil.example/${ESC}\\click here${ESC}]8;;${ESC}\\`
/** Any C0 control but tab and line feed, DEL, C1, or a bidi embedding, override or isolate. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

let t: TestApp
let bea: TestUser
let txId: string

beforeAll(async () => {
  t = await createTestApp()
  bea = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  txId = (await createTransaction(t.database, { buyerProfileId: bea.profileId })).transactionId
})
afterAll(async () => {
  await t?.close()
})

async function body(res: Response, status: number): Promise<unknown> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text)
}

describe('display strings are stored clean (battery L8)', () => {
  it('an API token name: POST /api/api-tokens {"name":"tok\\u001b[31mred\\u202e ..."}', async () => {
    await body(
      await t.request('/api/api-tokens', {
        as: bea,
        json: { name: `tok${ESC}[31mred${RLO}${BEL} ${OSC8}`, scopes: ['transactions:read'], expires_in_days: 30 },
      }),
      201,
    )
    const list = ApiTokenList.parse(await body(await t.request('/api/api-tokens', { as: bea }), 200))
    const name = list.tokens.map((k) => k.name).find((n) => n.startsWith('tok'))
    expect(name).toBe('tok [31mred ]8;;https://evil.example/ \\click here ]8;; \\')
    const rows = await t.database.query<{ name: string }>(`select name from api_tokens where profile_id = $1`, [
      bea.profileId,
    ])
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.name).not.toMatch(UNSAFE)
  })

  it('a webhook endpoint description (and its URL): "a\\u001b[31mred\\u0007"', async () => {
    const created = WebhookSecret.parse(
      await body(
        await t.request('/api/webhook-endpoints', {
          as: bea,
          json: {
            url: `http://127.0.0.1:9/hook${RLO}`,
            description: `a${ESC}[31mred${BEL} ${OSC8}`,
            event_types: ['task.completed'],
          },
        }),
        201,
      ),
    )
    expect(created.endpoint.description).toBe('a [31mred ]8;;https://evil.example/ \\click here ]8;; \\')
    expect(created.endpoint.url).toBe('http://127.0.0.1:9/hook')
    const list = WebhookEndpointList.parse(await body(await t.request('/api/webhook-endpoints', { as: bea }), 200))
    expect(list.endpoints.find((e) => e.id === created.endpoint.id)?.description).toBe(created.endpoint.description)
    const [row] = await t.database.query<{ url: string; description: string }>(
      `select url, description from webhook_endpoints where id = $1`,
      [created.endpoint.id],
    )
    expect(row.description).not.toMatch(UNSAFE)
    expect(row.url).not.toMatch(UNSAFE)
  })

  it('a chat message with an OSC-8 sequence and U+202E, posted and edited, keeps its lines', async () => {
    const threads = ThreadListResponse.parse(
      await body(await t.request(`/api/transactions/${txId}/threads`, { as: bea }), 200),
    )
    const general = threads.threads[0]!.id
    const posted = ChatMessage.parse(
      await body(
        await t.request(`/api/transactions/${txId}/threads/${general}/messages`, {
          as: bea,
          json: { body_md: `See ${OSC8}\r\n\tthe ${RLO}fdp.exe${BEL}` },
        }),
        201,
      ),
    )
    expect(posted.body_md).toBe('See  ]8;;https://evil.example/ \\click here ]8;; \\\n\tthe fdp.exe ')
    const edited = ChatMessage.parse(
      await body(
        await t.request(`/api/transactions/${txId}/messages/${posted.id}`, {
          as: bea,
          method: 'PATCH',
          json: { body_md: `Edited${ESC}[2J${RLO}` },
        }),
        200,
      ),
    )
    expect(edited.body_md).toBe('Edited [2J')
    const rows = await t.database.query<{ body_md: string }>(`select body_md from messages where transaction_id = $1`, [
      txId,
    ])
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.body_md).not.toMatch(UNSAFE)
  })

  it('a new thread: its title on one line, its first message cleaned', async () => {
    const res = await t.request(`/api/transactions/${txId}/threads`, {
      as: bea,
      json: { topic: 'other', title: `Fees${ESC}[31m${RLO}`, body_md: `Hello${BEL}` },
    })
    const created = JSON.stringify(await body(res, 201))
    expect(created).toContain('"title":"Fees [31m"')
    expect(created).not.toMatch(UNSAFE)
  })

  it('a message of only bidi controls is refused as empty (400 naming the field)', async () => {
    const threads = ThreadListResponse.parse(
      await body(await t.request(`/api/transactions/${txId}/threads`, { as: bea }), 200),
    )
    const res = await t.request(`/api/transactions/${txId}/threads/${threads.threads[0]!.id}/messages`, {
      as: bea,
      json: { body_md: `${RLO}${RLO}` },
    })
    const err = (await body(res, 400)) as { error: { fields?: Record<string, string[]> } }
    expect(err.error.fields?.body_md).toEqual(['Write a message: it cannot be empty'])
  })
})

describe('the data migration cleans rows stored before (battery L8)', () => {
  const dir = new URL('../db/migrations/', import.meta.url)
  const file = readdirSync(dir).find((f) => f.endsWith('_clean-display-strings.sql'))!
  const statements = readFileSync(new URL(file, dir), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean)
  const creates = statements.filter((s) => s.includes('CREATE FUNCTION'))
  const drops = statements.filter((s) => s.startsWith('DROP FUNCTION'))
  const samples = [
    `tok${ESC}[31mred${RLO}${BEL}  ${OSC8}`,
    `  one\r\ntwo\rthree\u2028four\ttab  `,
    `x\u0085y\u009bz\u007f \u2066iso\u2069 \ufeffbom \u206aold\ufff9ann\ufffb`,
    `Zoë O’Brien-Smith می\u200cخواهم \u200fx\u200e`,
  ]

  it('gives the same text as singleLine and multiLine', async () => {
    for (const s of creates) await t.database.query(s)
    try {
      for (const sample of samples) {
        const [row] = await t.database.query<{ one: string; many: string }>(
          'select homeward_clean_single_line($1) as one, homeward_clean_multi_line($1) as many',
          [sample],
        )
        expect(row, JSON.stringify(sample)).toEqual({ one: singleLine(sample), many: multiLine(sample) })
      }
    } finally {
      for (const s of drops) await t.database.query(s)
    }
  })

  it('cleans a token name, a webhook description and a chat message stored raw, and leaves clean rows be', async () => {
    const dirty = `old${ESC}[31m${RLO}name${BEL}\r\nline`
    await t.database.query(`update api_tokens set name = $1 where profile_id = $2`, [dirty, bea.profileId])
    await t.database.query(`update webhook_endpoints set description = $1 where profile_id = $2`, [
      dirty,
      bea.profileId,
    ])
    const [message] = await t.database.query<{ id: string }>(
      `update messages set body_md = $1 where id = (select id from messages where transaction_id = $2 limit 1) returning id`,
      [dirty, txId],
    )
    const [clean] = await t.database.query<{ id: string; body_md: string }>(
      `select id, body_md from messages where transaction_id = $1 and id <> $2 limit 1`,
      [txId, message!.id],
    )
    // The whole migration, as it runs on a database migrated before it.
    for (const s of statements) await t.database.query(s)
    const tokens = await t.database.query<{ name: string }>(`select name from api_tokens where profile_id = $1`, [
      bea.profileId,
    ])
    expect(tokens.map((r) => r.name)).toContain(singleLine(dirty))
    expect(tokens.map((r) => r.name)).toContain('old [31mname line')
    const hooks = await t.database.query<{ description: string }>(
      `select description from webhook_endpoints where profile_id = $1`,
      [bea.profileId],
    )
    expect(hooks.map((r) => r.description)).toContain('old [31mname line')
    const [after] = await t.database.query<{ body_md: string }>(`select body_md from messages where id = $1`, [
      message!.id,
    ])
    expect(after!.body_md).toBe('old [31mname \nline')
    if (clean) {
      const [same] = await t.database.query<{ body_md: string }>(`select body_md from messages where id = $1`, [
        clean.id,
      ])
      expect(same!.body_md).toBe(clean.body_md)
    }
  })
})
