/**
 * A firm API key sees the firm's matters only (decision 050; security review December L6): a firm
 * admin is personally the buyer of a move the firm is not instructed on. The firm's key gets the
 * standard 404 on that move (detail, a task tick, documents, one document, enquiries) and does not list
 * it, while it still reads and works the firm's matter; it manages only the firm's webhook endpoints
 * and cannot open a personal one for its maker, so no event of the personal move reaches it. The
 * same admin's personal token still sees their own move.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedApiToken, WebhookEndpointList, WebhookSecret } from '#shared/contracts/api-access.ts'
import { DocumentListResponse } from '#shared/contracts/documents.ts'
import { DashboardResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { requestWithToken } from '#server/test/token-request.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

/** A request authenticated by an API token only (test/token-request.ts). */
function withToken(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  return requestWithToken(t.app, path, token, init)
}

const ALL_READS = ['transactions:read', 'tasks:write', 'documents:read', 'enquiries:read', 'webhooks:read']

/** The first open task of `side` on the move that a person ticks by hand. */
async function openTask(txId: string, side: string) {
  const [task] = await t.database.query<{ id: string; version: number }>(
    `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.owner_side = $2 and k.status = 'not_completed' and k.title <> all($3)
     order by s.sort_index, k.sort_index limit 1`,
    [txId, side, Object.values(CDD_TASK_TITLES)],
  )
  return task
}

async function addDocument(txId: string, by: string, filename: string) {
  const [doc] = await t.database.query<{ id: string }>(
    `insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, audience)
     values ($1, $2, 'Property', 1, $3, 'application/pdf', 'everyone') returning id`,
    [txId, filename, by],
  )
  return doc.id
}

let admin: TestUser
let firmId: string
let firmKey: string
let personalToken: string
let matterTx: string
let personalTx: string
let personalDoc: string
let matterDoc: string

beforeAll(async () => {
  const [a, client, seller, otherSeller] = await Promise.all([
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Cara Client' }),
    t.signUp({ name: 'Sol Seller', role: 'seller' }),
    t.signUp({ name: 'Victor Vendor', role: 'seller' }),
  ])
  admin = a
  firmId = (
    await json<{ firm: { id: string } }>(
      await t.request('/api/firm', {
        as: admin,
        json: { name: 'Shah Mercer', town: 'St Albans', postcode_district: 'AL1', contact_email: 'hello@shah.test' },
      }),
      201,
    )
  ).firm.id
  // The firm's matter: it acts for the buyer, the admin its fee earner and the buyer's conveyancer.
  matterTx = (
    await createTransaction(t.database, {
      buyerProfileId: client.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: admin.profileId, role: 'buyer_conveyancer', invitedBy: client.profileId }],
    })
  ).transactionId
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'buyer', $3, 'Cara Client')`,
    [firmId, matterTx, admin.profileId],
  )
  // The admin's own purchase: the firm is not instructed on it.
  personalTx = (
    await createTransaction(t.database, { buyerProfileId: admin.profileId, sellerProfileId: otherSeller.profileId })
  ).transactionId
  personalDoc = await addDocument(personalTx, admin.profileId, 'My mortgage offer.pdf')
  matterDoc = await addDocument(matterTx, client.profileId, 'TA6 Property Information.pdf')
  firmKey = CreatedApiToken.parse(
    await json(
      await t.request('/api/api-tokens', {
        as: admin,
        json: {
          name: 'Case management',
          scopes: [...ALL_READS, 'webhooks:write'],
          expires_in_days: 30,
          firm_id: firmId,
        },
      }),
      201,
    ),
  ).secret
  personalToken = CreatedApiToken.parse(
    await json(
      await t.request('/api/api-tokens', {
        as: admin,
        json: { name: 'My scripts', scopes: ALL_READS, expires_in_days: 30 },
      }),
      201,
    ),
  ).secret
})

describe('a firm API key', () => {
  it('answers 404 on a move its maker joined personally: detail, task, documents, enquiries', async () => {
    await json(await withToken(`/api/transactions/${personalTx}`, firmKey), 404)
    const task = await openTask(personalTx, 'buyer_side')
    await json(
      await withToken(`/api/transactions/${personalTx}/tasks/${task.id}`, firmKey, {
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      404,
    )
    const [unchanged] = await t.database.query<{ status: string }>(`select status from tasks where id = $1`, [task.id])
    expect(unchanged.status).toBe('not_completed')
    await json(await withToken(`/api/transactions/${personalTx}/documents`, firmKey), 404)
    await json(await withToken(`/api/transactions/${personalTx}/documents/${personalDoc}`, firmKey), 404)
    await json(await withToken(`/api/transactions/${personalTx}/documents/${personalDoc}/versions`, firmKey), 404)
    await json(await withToken(`/api/transactions/${personalTx}/enquiries`, firmKey), 404)
  })

  it("lists the firm's matters and not the maker's own move", async () => {
    const list = DashboardResponse.parse(await json(await withToken('/api/transactions', firmKey), 200))
    const ids = list.transactions.map((x) => x.id)
    expect(ids).toContain(matterTx)
    expect(ids).not.toContain(personalTx)
  })

  it("still reads and works the firm's matter, as the firm's conveyancer", async () => {
    const detail = TransactionDetail.parse(await json(await withToken(`/api/transactions/${matterTx}`, firmKey), 200))
    expect(detail.viewer_role).toBe('buyer_conveyancer')
    const docs = DocumentListResponse.parse(
      await json(await withToken(`/api/transactions/${matterTx}/documents`, firmKey), 200),
    )
    expect(docs.documents.map((d) => d.id)).toContain(matterDoc)
    await json(await withToken(`/api/transactions/${matterTx}/documents/${matterDoc}`, firmKey), 200)
    await json(await withToken(`/api/transactions/${matterTx}/enquiries`, firmKey), 200)
    const task = await openTask(matterTx, 'buyer_conveyancer')
    const ticked = TransactionDetail.parse(
      await json(
        await withToken(`/api/transactions/${matterTx}/tasks/${task.id}`, firmKey, {
          method: 'PATCH',
          json: { status: 'completed', version: task.version },
        }),
        200,
      ),
    )
    const done = ticked.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === task.id)
    // The key acts as its maker: the tick is theirs.
    expect(done?.status).toBe('completed')
    expect(done?.completed_by).toBe(admin.profileId)
  })

  it("manages the firm's webhook endpoints only, so no event of the maker's own move reaches it", async () => {
    // The admin's personal endpoint, made in a session: the firm key neither lists nor reaches it.
    const personal = WebhookSecret.parse(
      await json(
        await t.request('/api/webhook-endpoints', {
          as: admin,
          json: { url: 'http://127.0.0.1:9/personal', event_types: ['task.completed'] },
        }),
        201,
      ),
    )
    // Without firm_id the key registers the firm's endpoint, never one of its maker's own.
    const viaKey = WebhookSecret.parse(
      await json(
        await withToken('/api/webhook-endpoints', firmKey, {
          json: { url: 'http://127.0.0.1:9/case-management', event_types: ['task.completed'] },
        }),
        201,
      ),
    )
    const [stored] = await t.database.query<{ organization_id: string | null }>(
      `select organization_id from webhook_endpoints where id = $1`,
      [viaKey.endpoint.id],
    )
    expect(stored.organization_id).toBe(firmId)
    const listed = WebhookEndpointList.parse(await json(await withToken('/api/webhook-endpoints', firmKey), 200))
    expect(listed.endpoints.map((e) => e.id)).toEqual([viaKey.endpoint.id])
    await json(await withToken(`/api/webhook-endpoints/${personal.endpoint.id}/deliveries`, firmKey), 404)
    await json(await withToken(`/api/webhook-endpoints/${personal.endpoint.id}`, firmKey, { method: 'DELETE' }), 404)
    // Another firm's id: the standard 404.
    await json(await withToken(`/api/webhook-endpoints?firm_id=${crypto.randomUUID()}`, firmKey), 404)

    // The admin ticks a task of their own move in a session: nothing is queued for the firm's endpoint.
    const task = await openTask(personalTx, 'buyer_side')
    await json(
      await t.request(`/api/transactions/${personalTx}/tasks/${task.id}`, {
        as: admin,
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      200,
    )
    const queued = await t.database.query<{ endpoint_id: string }>(
      `select endpoint_id from webhook_deliveries where transaction_id = $1`,
      [personalTx],
    )
    expect(queued.map((q) => q.endpoint_id)).toEqual([personal.endpoint.id])
  })
})

describe("the same admin's personal token", () => {
  it('still sees the move they joined personally, and the firm matter', async () => {
    await json(await withToken(`/api/transactions/${personalTx}`, personalToken), 200)
    await json(await withToken(`/api/transactions/${personalTx}/documents/${personalDoc}`, personalToken), 200)
    const list = DashboardResponse.parse(await json(await withToken('/api/transactions', personalToken), 200))
    expect(list.transactions.map((x) => x.id)).toEqual(expect.arrayContaining([personalTx, matterTx]))
  })
})
