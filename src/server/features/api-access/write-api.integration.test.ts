/**
 * The write API for case-management systems (issue 37 item 9): with the scopes matters:write,
 * cases:read, documents:write, enquiries:write and tasks:write a token opens a matter (one by one or
 * from a CSV), reads the cases board, uploads a document with its audience, raises and answers
 * enquiries and ticks and unticks a task; without the scope each answers 403 naming it; another
 * firm's key gets the standard 404 (or sees none of it on the board); and each write queues its
 * webhook event (matter.opened, document.uploaded, enquiry.raised, enquiry.answered, task.completed,
 * task.reopened) for the endpoints whose owner may see it, and for no other.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedApiToken, WebhookSecret } from '#shared/contracts/api-access.ts'
import { DocumentVersion } from '#shared/contracts/documents.ts'
import { BoardResponse, OpenMatterResponse } from '#shared/contracts/firms.ts'
import { ImportMattersResponse, MATTER_IMPORT_COLUMNS } from '#shared/contracts/matter-import.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { createTransaction } from '#server/test/factories.ts'
import { makePdf } from '#server/test/test-files.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { requestWithToken } from '#server/test/token-request.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

function withToken(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  return requestWithToken(t.app, path, token, init)
}

/** An upload as a case-management system sends it: the raw bytes, a Bearer token, no cookie. */
function uploadWithToken(txId: string, token: string, query: string, bytes: Buffer) {
  return Promise.resolve(
    t.app.request(`/api/transactions/${txId}/documents?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(bytes),
    }),
  )
}

const WRITE_SCOPES = ['matters:write', 'cases:read', 'documents:write', 'enquiries:write', 'tasks:write']

async function makeFirm(admin: TestUser, name: string): Promise<string> {
  const res = await t.request('/api/firm', {
    as: admin,
    json: { name, town: 'St Albans', postcode_district: 'AL1', contact_email: `hello-${randomUUID()}@firm.test` },
  })
  return (await json<{ firm: { id: string } }>(res, 201)).firm.id
}

async function makeToken(as: TestUser, scopes: string[], firmId?: string): Promise<string> {
  const res = await t.request('/api/api-tokens', {
    as,
    json: { name: 'Case management', scopes, expires_in_days: 30, ...(firmId ? { firm_id: firmId } : {}) },
  })
  return CreatedApiToken.parse(await json(res, 201)).secret
}

/** A firm's webhook endpoint subscribed to every event type of the write API. */
async function firmEndpoint(as: TestUser, firmId: string, path: string): Promise<string> {
  const res = await t.request('/api/webhook-endpoints', {
    as,
    json: {
      url: `http://127.0.0.1:9/${path}`,
      firm_id: firmId,
      event_types: [
        'matter.opened',
        'document.uploaded',
        'enquiry.raised',
        'enquiry.answered',
        'task.completed',
        'task.reopened',
      ],
    },
  })
  return WebhookSecret.parse(await json(res, 201)).endpoint.id
}

/** The event types queued for an endpoint about a move, with their bodies' data. */
async function deliveries(endpointId: string, txId: string) {
  const rows = await t.database.query<{ event_type: string; body: string }>(
    `select event_type, body from webhook_deliveries where endpoint_id = $1 and transaction_id = $2 order by created_at`,
    [endpointId, txId],
  )
  return rows.map((r) => ({ type: r.event_type, data: (JSON.parse(r.body) as { data: Record<string, unknown> }).data }))
}

const MATTER = {
  address_line_1: '12 Clarence Road',
  town: 'St Albans',
  postcode: 'AL1 4NG',
  agreed_price: 425000,
  tenure: 'freehold',
  side: 'buyer',
  client_name: 'Helen Brooks',
}

let buyerAdmin: TestUser
let buyerFirm: string
let sellerFirm: string
let otherFirm: string
let buyerKey: string
let sellerToken: string
let otherKey: string
let readOnlyToken: string
let buyerHook: string
let sellerHook: string
let otherHook: string
let sharedTx: string

beforeAll(async () => {
  const [b, s, o, client, seller] = await Promise.all([
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Sam Carter', role: 'conveyancer' }),
    t.signUp({ name: 'Otto Other', role: 'conveyancer' }),
    t.signUp({ name: 'Cara Client' }),
    t.signUp({ name: 'Sol Seller', role: 'seller' }),
  ])
  buyerAdmin = b
  ;[buyerFirm, sellerFirm, otherFirm] = await Promise.all([
    makeFirm(b, 'Shah Mercer'),
    makeFirm(s, 'Carter Law'),
    makeFirm(o, 'Other & Co'),
  ])
  ;[buyerKey, sellerToken, otherKey, readOnlyToken] = await Promise.all([
    makeToken(b, WRITE_SCOPES, buyerFirm),
    makeToken(s, ['enquiries:write', 'enquiries:read']),
    makeToken(o, WRITE_SCOPES, otherFirm),
    makeToken(b, ['transactions:read', 'documents:read', 'enquiries:read']),
  ])
  ;[buyerHook, sellerHook, otherHook] = await Promise.all([
    firmEndpoint(b, buyerFirm, 'shah'),
    firmEndpoint(s, sellerFirm, 'carter'),
    firmEndpoint(o, otherFirm, 'other'),
  ])
  // A move both firms act on: Shah Mercer for the buyer, Carter Law for the seller.
  sharedTx = (
    await createTransaction(t.database, {
      status: 'active',
      buyerProfileId: client.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: b.profileId, role: 'buyer_conveyancer', invitedBy: client.profileId },
        { profileId: s.profileId, role: 'seller_conveyancer', invitedBy: seller.profileId },
      ],
    })
  ).transactionId
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name)
     values ($1, $3, 'buyer', $4, 'Cara Client'), ($2, $3, 'seller', $5, 'Sol Seller')`,
    [buyerFirm, sellerFirm, sharedTx, b.profileId, s.profileId],
  )
})

describe('opening a matter with a token', () => {
  it('opens it with matters:write, as the key maker, and queues matter.opened for its firm only', async () => {
    const reference = `SMP/${randomUUID().slice(0, 8)}`
    const opened = OpenMatterResponse.parse(
      await json(
        await withToken('/api/matters', buyerKey, {
          json: { ...MATTER, client_email: `helen-${randomUUID()}@example.test`, reference },
        }),
        201,
      ),
    )
    const [row] = await t.database.query<{ organization_id: string; fee_earner_id: string; reference: string }>(
      `select organization_id, fee_earner_id, reference from matters where id = $1`,
      [opened.matter_id],
    )
    expect(row).toEqual({ organization_id: buyerFirm, fee_earner_id: buyerAdmin.profileId, reference })
    const events = await deliveries(buyerHook, opened.transaction_id)
    expect(events.map((e) => e.type)).toEqual(['matter.opened'])
    expect(events[0].data.matterId).toBe(opened.matter_id)
    expect(await deliveries(otherHook, opened.transaction_id)).toEqual([])
    expect(await deliveries(sellerHook, opened.transaction_id)).toEqual([])

    // The same reference again is refused, saying so.
    const again = await json<{ error: { message: string } }>(
      await withToken('/api/matters', buyerKey, {
        json: { ...MATTER, client_email: `x-${randomUUID()}@example.test`, reference: reference.toLowerCase() },
      }),
      409,
    )
    expect(again.error.message).toContain(`already has a matter with the reference ${reference.toLowerCase()}`)
  })

  it('refuses a token without matters:write with a 403 naming the scope, and creates nothing', async () => {
    const before = await t.database.query(`select id from matters where organization_id = $1`, [buyerFirm])
    const res = await json<{ error: { message: string } }>(
      await withToken('/api/matters', readOnlyToken, { json: { ...MATTER, client_email: 'nobody@example.test' } }),
      403,
    )
    expect(res.error.message).toContain('matters:write')
    const after = await t.database.query(`select id from matters where organization_id = $1`, [buyerFirm])
    expect(after.length).toBe(before.length)
  })
})

describe('reading the cases board with a token', () => {
  it("lists the key's firm's matters with cases:read, never another firm's", async () => {
    const mine = BoardResponse.parse(await json(await withToken('/api/cases', buyerKey), 200))
    expect(mine.rows.map((r) => r.transaction_id)).toContain(sharedTx)
    expect(mine.viewer_role).toBe('admin')
    const theirs = BoardResponse.parse(await json(await withToken('/api/cases', otherKey), 200))
    expect(theirs.rows.map((r) => r.transaction_id)).not.toContain(sharedTx)
    const refused = await json<{ error: { message: string } }>(await withToken('/api/cases', readOnlyToken), 403)
    expect(refused.error.message).toContain('cases:read')
  })
})

describe('uploading a document with a token', () => {
  it('files it with the audience asked for, and tells only the endpoints in that audience', async () => {
    const pdf = await makePdf('Mortgage offer')
    const doc = DocumentVersion.parse(
      await json(
        await uploadWithToken(
          sharedTx,
          buyerKey,
          'folder=Mortgage&filename=Offer%20letter.pdf&audience=buyer_and_conveyancer',
          pdf,
        ),
        201,
      ),
    )
    expect(doc.audience).toBe('buyer_and_conveyancer')
    expect(doc.uploaded_by?.id).toBe(buyerAdmin.profileId)
    const mine = (await deliveries(buyerHook, sharedTx)).filter((e) => e.type === 'document.uploaded')
    expect(mine.map((e) => e.data.documentId)).toContain(doc.id)
    // The seller's firm may not see the buyer's mortgage offer: its endpoint hears nothing of it.
    const sellers = (await deliveries(sellerHook, sharedTx)).filter((e) => e.type === 'document.uploaded')
    expect(sellers.map((e) => e.data.documentId)).not.toContain(doc.id)
  })

  it('refuses an audience that leaves out the uploader, another firm, and a token without the scope', async () => {
    const pdf = await makePdf('Note')
    const narrow = await json<{ error: { message: string } }>(
      await uploadWithToken(sharedTx, buyerKey, 'folder=Property&filename=Note.pdf&audience=seller_firm', pdf),
      422,
    )
    expect(narrow.error.message).toContain('choose an audience that includes you')
    await json(await uploadWithToken(sharedTx, otherKey, 'folder=Property&filename=Note.pdf', pdf), 404)
    const refused = await json<{ error: { message: string } }>(
      await uploadWithToken(sharedTx, readOnlyToken, 'folder=Property&filename=Note.pdf', pdf),
      403,
    )
    expect(refused.error.message).toContain('documents:write')
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from documents where transaction_id = $1 and filename = 'Note.pdf'`,
      [sharedTx],
    )
    expect(count.n).toBe(0)
  })
})

describe('raising and answering enquiries with tokens', () => {
  it("raises with the buyer's firm key, answers with the seller's conveyancer's token, and both firms hear of it", async () => {
    const raised = await json<{ ids: string[] }>(
      await withToken(`/api/transactions/${sharedTx}/enquiries`, buyerKey, {
        json: { enquiries: [{ category: 'title', body: 'Please supply the loft completion certificate.' }] },
      }),
      201,
    )
    expect(raised.ids).toHaveLength(1)
    const [enquiry] = await t.database.query<{ version: number }>(`select version from enquiries where id = $1`, [
      raised.ids[0],
    ])
    const answered = await json<{ version: number }>(
      await withToken(`/api/transactions/${sharedTx}/enquiries/${raised.ids[0]}/replies`, sellerToken, {
        json: { version: enquiry.version, body: 'Attached: Loft completion certificate.pdf' },
      }),
      201,
    )
    expect(answered.version).toBeGreaterThan(enquiry.version)
    const [status] = await t.database.query<{ status: string }>(`select status from enquiries where id = $1`, [
      raised.ids[0],
    ])
    expect(status.status).toBe('answered')
    for (const hook of [buyerHook, sellerHook]) {
      const types = (await deliveries(hook, sharedTx)).map((e) => e.type)
      expect(types).toContain('enquiry.raised')
      expect(types).toContain('enquiry.answered')
    }
    expect(await deliveries(otherHook, sharedTx)).toEqual([])
  })

  it("applies the UI's rules: the seller's side cannot raise, another firm gets 404, no scope is 403", async () => {
    const body = { enquiries: [{ category: 'title', body: 'Who owns the boundary wall?' }] }
    const wrongSide = await json<{ error: { message: string } }>(
      await withToken(`/api/transactions/${sharedTx}/enquiries`, sellerToken, { json: body }),
      403,
    )
    expect(wrongSide.error.message).toContain("Only the buyer's conveyancer")
    await json(await withToken(`/api/transactions/${sharedTx}/enquiries`, otherKey, { json: body }), 404)
    const refused = await json<{ error: { message: string } }>(
      await withToken(`/api/transactions/${sharedTx}/enquiries`, readOnlyToken, { json: body }),
      403,
    )
    expect(refused.error.message).toContain('enquiries:write')
  })
})

describe('updating a task with a token', () => {
  it('ticks and unticks through the one tick path, queuing task.completed then task.reopened', async () => {
    const [task] = await t.database.query<{ id: string; version: number }>(
      `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
       where s.transaction_id = $1 and k.owner_side = 'buyer_conveyancer' and k.status = 'not_completed'
         and k.title <> all($2) order by s.sort_index, k.sort_index limit 1`,
      [sharedTx, Object.values(CDD_TASK_TITLES)],
    )
    const path = `/api/transactions/${sharedTx}/tasks/${task.id}`
    await json(
      await withToken(path, buyerKey, { method: 'PATCH', json: { status: 'completed', version: task.version } }),
      200,
    )
    await json(
      await withToken(path, buyerKey, {
        method: 'PATCH',
        json: { status: 'not_completed', version: task.version + 1 },
      }),
      200,
    )
    const events = (await deliveries(buyerHook, sharedTx)).filter((e) => e.data.taskId === task.id).map((e) => e.type)
    expect(events).toEqual(['task.completed', 'task.reopened'])
    expect((await deliveries(otherHook, sharedTx)).length).toBe(0)
    await json(
      await withToken(path, otherKey, { method: 'PATCH', json: { status: 'completed', version: task.version + 2 } }),
      404,
    )
  })
})

describe('importing matters from a CSV', () => {
  const header = MATTER_IMPORT_COLUMNS.map((c) => c.key).join(',')
  const line = (i: number, batch: string, postcode = 'AL1 4NG') =>
    `${batch}-${i},${i} Import Street,,St Albans,${postcode},"£${(300000 + i * 1000).toLocaleString('en-GB')}",freehold,${i % 2 ? 'buyer' : 'seller'},Client ${i},client-${batch}-${i}@example.test,,`

  it('creates 49 matters of a 50-row file and reports the bad row by its number', async () => {
    const batch = randomUUID().slice(0, 8)
    const rows = Array.from({ length: 50 }, (_, i) => line(i + 1, batch, i === 16 ? 'NOT A POSTCODE' : 'AL1 4NG'))
    const csv = [header, ...rows].join('\r\n')
    const result = ImportMattersResponse.parse(
      await json(await withToken('/api/matters/import', buyerKey, { json: { csv } }), 200),
    )
    expect(result.created).toBe(49)
    expect(result.errors).toBe(1)
    const bad = result.rows.filter((r) => r.status === 'error')
    // The 17th matter is on spreadsheet row 18 (the headings are row 1).
    expect(bad).toEqual([
      expect.objectContaining({
        row: 18,
        reference: `${batch}-17`,
        errors: ['Postcode: Enter a valid UK postcode, like SW1A 1AA'],
      }),
    ])
    const stored = await t.database.query<{ reference: string; side: string }>(
      `select reference, side from matters where organization_id = $1 and reference like $2 order by reference`,
      [buyerFirm, `${batch}-%`],
    )
    expect(stored.length).toBe(49)
    expect(stored.map((r) => r.reference)).not.toContain(`${batch}-17`)
    // Each created row is a whole matter: its move has the timeline and the client is invited.
    const [whole] = await t.database.query<{ stages: number; invitations: number }>(
      `select (select count(*)::int from timeline_stages s where s.transaction_id = m.transaction_id) as stages,
              (select count(*)::int from invitations i where i.transaction_id = m.transaction_id) as invitations
       from matters m where m.organization_id = $1 and m.reference = $2`,
      [buyerFirm, `${batch}-1`],
    )
    expect(whole.stages).toBeGreaterThan(0)
    expect(whole.invitations).toBe(1)
    // Importing the same file again creates nothing: every reference is taken.
    const again = ImportMattersResponse.parse(
      await json(await withToken('/api/matters/import', buyerKey, { json: { csv } }), 200),
    )
    expect(again.created).toBe(0)
    expect(again.rows[0].errors[0]).toContain('already has a matter with the reference')
  })

  it('checks without creating on a dry run, and refuses a file without a required column or over the limit', async () => {
    const batch = randomUUID().slice(0, 8)
    const csv = [header, line(1, batch), line(2, batch)].join('\n')
    const dry = ImportMattersResponse.parse(
      await json(await withToken('/api/matters/import', buyerKey, { json: { csv, dry_run: true } }), 200),
    )
    expect(dry.rows.map((r) => r.status)).toEqual(['valid', 'valid'])
    const none = await t.database.query(`select id from matters where reference like $1`, [`${batch}-%`])
    expect(none.length).toBe(0)
    const missing = await json<{ error: { message: string } }>(
      await withToken('/api/matters/import', buyerKey, { json: { csv: 'address_line_1,town\n1 A Road,Bath' } }),
      422,
    )
    expect(missing.error.message).toContain('lacks the columns postcode')
    const tooMany = [header, ...Array.from({ length: 501 }, (_, i) => line(i, batch))].join('\n')
    const big = await json<{ error: { message: string } }>(
      await withToken('/api/matters/import', buyerKey, { json: { csv: tooMany, dry_run: true } }),
      422,
    )
    expect(big.error.message).toContain('at most 500')
    const refused = await json<{ error: { message: string } }>(
      await withToken('/api/matters/import', readOnlyToken, { json: { csv } }),
      403,
    )
    expect(refused.error.message).toContain('matters:write')
  })

  it('refuses someone in no firm, as opening a matter does, before reading the file', async () => {
    const loner = await t.signUp({ name: 'Lone Conveyancer', role: 'conveyancer' })
    const res = await json<{ error: { message: string } }>(
      await t.request('/api/matters/import', { as: loner, json: { csv: 'not,a,template' } }),
      403,
    )
    expect(res.error.message).toBe('Create your firm or join one before you open a matter.')
  })
})
