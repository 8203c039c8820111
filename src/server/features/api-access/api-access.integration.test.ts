/**
 * The open API through the app on a real database: a token with the scope reads a transaction, one
 * without gets 403 naming the scope, a revoked, expired or unknown token 401, session-only endpoints
 * refuse tokens (403) and cookie sessions keep working; firm keys for admins only; audit entries.
 * Webhooks to a real HTTP server on a random port: signed deliveries verified with the same
 * `standardwebhooks` library, a retry after a 500, a timeout counted as a failed attempt, the
 * delivery log, redelivery, and no events of transactions the endpoint's owner cannot see.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiTokenList,
  CreatedApiToken,
  WebhookDeliveryList,
  WebhookEndpointList,
  WebhookSecret,
} from '#shared/contracts/api-access.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { createLogger } from '#server/logger.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { requestWithToken } from '#server/test/token-request.ts'
import { makePdf } from '#server/test/test-files.ts'
import { createOutboundClient } from '#server/platform/outbound/outbound-client.ts'
import { createWebhookWorker, type WebhookWorker } from './webhook-worker'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

let buyer: TestUser
let seller: TestUser
let outsider: TestUser
let txId: string
let worker: WebhookWorker

/** A request authenticated by an API token only (test/token-request.ts). */
function withToken(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  return requestWithToken(t.app, path, token, init)
}

async function createToken(as: TestUser, input: Record<string, unknown>) {
  return CreatedApiToken.parse(
    await json(await t.request('/api/api-tokens', { as, json: { expires_in_days: 30, ...input } }), 201),
  )
}

/** A task the buyer ticks by hand (not one that ticks itself from an approved CDD record). */
async function buyerTask(id: string) {
  const [task] = await t.database.query<{ id: string; version: number }>(
    `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.owner_side = 'buyer_side' and k.status = 'not_completed' and k.title <> all($2)
     order by s.sort_index, k.sort_index limit 1`,
    [id, Object.values(CDD_TASK_TITLES)],
  )
  return task
}

// A receiver: a real HTTP server on a random port; `answers` says how to answer the next requests.
interface Received {
  headers: IncomingMessage['headers']
  body: string
}
let receiver: Server
let receiverUrl: string
const received: Received[] = []
const answers: Array<'ok' | 'fail' | 'hang'> = []

beforeAll(async () => {
  ;[buyer, seller, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia Buyer' }),
    t.signUp({ name: 'Sam Seller', role: 'seller' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
  txId = (await createTransaction(t.database, { buyerProfileId: buyer.profileId, sellerProfileId: seller.profileId }))
    .transactionId
  worker = createWebhookWorker({
    database: t.appDatabase,
    log: createLogger('silent'),
    outbound: createOutboundClient({ allowLoopback: true }),
    timeoutMs: 400,
  })
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      const answer = answers.shift() ?? 'ok'
      if (answer === 'hang') return setTimeout(() => res.end('late'), 2_000)
      res.statusCode = answer === 'fail' ? 500 : 204
      res.end(answer === 'fail' ? 'receiver is down' : undefined)
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
})

afterAll(async () => {
  await worker?.stop()
  receiver?.closeAllConnections()
  await new Promise((resolve) => receiver?.close(resolve))
})

describe('API tokens', () => {
  it('reads a transaction with transactions:read, and the secret is stored only as its hash', async () => {
    const created = await createToken(buyer, { name: 'Case system', scopes: ['transactions:read'] })
    expect(created.secret).toMatch(/^hw_pat_[A-Za-z0-9_-]{43}$/)
    expect(created.token.prefix).toBe(created.secret.slice(0, 13))
    const stored = await t.database.query<{ token_hash: string }>(`select token_hash from api_tokens where id = $1`, [
      created.token.id,
    ])
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(created.secret)

    const detail = TransactionDetail.parse(
      await json(await withToken(`/api/transactions/${txId}`, created.secret), 200),
    )
    expect(detail.id).toBe(txId)
    // The list shows when it was last used; never the secret.
    const list = ApiTokenList.parse(await json(await t.request('/api/api-tokens', { as: buyer }), 200))
    const mine = list.tokens.find((k) => k.id === created.token.id)!
    expect(mine.last_used_at).not.toBeNull()
    expect(JSON.stringify(list)).not.toContain(created.secret)
  })

  it('acts as its person: a transaction they cannot see is the same 404', async () => {
    const created = await createToken(outsider, { name: 'Nosy', scopes: ['transactions:read'] })
    await json(await withToken(`/api/transactions/${txId}`, created.secret), 404)
  })

  it('refuses a token without the scope with 403 naming the missing scope', async () => {
    const created = await createToken(buyer, { name: 'Docs only', scopes: ['documents:read'] })
    const body = await json<{ error: { message: string } }>(
      await withToken(`/api/transactions/${txId}`, created.secret),
      403,
    )
    expect(body.error.message).toContain('transactions:read')
    const task = await buyerTask(txId)
    const tick = await json<{ error: { message: string } }>(
      await withToken(`/api/transactions/${txId}/tasks/${task.id}`, created.secret, {
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      403,
    )
    expect(tick.error.message).toContain('tasks:write')
    // Documents: the scope it holds works.
    await json(await withToken(`/api/transactions/${txId}/documents`, created.secret), 200)
  })

  it('ticks a task with tasks:write, without an Origin header (no CSRF check for a token)', async () => {
    const created = await createToken(buyer, { name: 'Ticker', scopes: ['tasks:write'] })
    const task = await buyerTask(txId)
    await json(
      await withToken(`/api/transactions/${txId}/tasks/${task.id}`, created.secret, {
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      200,
    )
  })

  it('answers 401 to a revoked, an expired and an unknown token', async () => {
    const created = await createToken(buyer, { name: 'Short lived', scopes: ['transactions:read'] })
    await json(await withToken(`/api/transactions/${txId}`, created.secret), 200)
    await json(await t.request(`/api/api-tokens/${created.token.id}`, { as: buyer, method: 'DELETE' }), 204)
    const revoked = await json<{ error: { code: string } }>(
      await withToken(`/api/transactions/${txId}`, created.secret),
      401,
    )
    expect(revoked.error.code).toBe('unauthenticated')

    const expiring = await createToken(buyer, { name: 'Expired', scopes: ['transactions:read'] })
    await t.database.query(`update api_tokens set expires_at = now() - interval '1 second' where id = $1`, [
      expiring.token.id,
    ])
    await json(await withToken(`/api/transactions/${txId}`, expiring.secret), 401)
    await json(await withToken(`/api/transactions/${txId}`, `hw_pat_${'x'.repeat(43)}`), 401)
    await json(await t.app.request(`/api/transactions/${txId}`, { headers: { authorization: 'Bearer' } }), 401)
  })

  it('records creation and revocation in the security events, without the secret', async () => {
    const created = await createToken(buyer, { name: 'Audited', scopes: ['enquiries:read'] })
    await json(await t.request(`/api/api-tokens/${created.token.id}`, { as: buyer, method: 'DELETE' }), 204)
    const events = await t.database.query<{ kind: string; detail: Record<string, unknown> }>(
      `select kind, detail from security_events where detail->>'token_id' = $1 order by created_at`,
      [created.token.id],
    )
    expect(events.map((e) => e.kind)).toEqual(['api_token.created', 'api_token.revoked'])
    expect(JSON.stringify(events)).not.toContain(created.secret)
  })

  it('keeps session-only endpoints closed to tokens, whatever their scopes', async () => {
    const created = await createToken(buyer, {
      name: 'Everything',
      scopes: [
        'transactions:read',
        'tasks:write',
        'documents:read',
        'enquiries:read',
        'webhooks:read',
        'webhooks:write',
      ],
    })
    for (const [method, path] of [
      ['GET', '/api/account/sessions'],
      ['GET', '/api/api-tokens'],
      ['GET', '/api/account/two-factor'],
      ['GET', '/api/me'],
    ] as const) {
      const res = await withToken(path, created.secret, { method })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    // A token cannot make a token.
    const make = await withToken('/api/api-tokens', created.secret, {
      json: { name: 'Child', scopes: ['transactions:read'], expires_in_days: null },
    })
    expect(make.status).toBe(403)
    // The cookie session is unchanged.
    await json(await t.request('/api/account/sessions', { as: buyer }), 200)
    await json(await t.request(`/api/transactions/${txId}`, { as: buyer }), 200)
  })

  it('validates the form: a scope, a name and a known scope', async () => {
    const res = await t.request('/api/api-tokens', {
      as: buyer,
      json: { name: '', scopes: ['transactions:delete'], expires_in_days: 30 },
    })
    const body = await json<{ error: { fields: Record<string, string[]> } }>(res, 400)
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['name']))
  })

  it('gives firm API keys to firm admins only', async () => {
    const admin = await t.signUp({ name: 'Hana Head', role: 'conveyancer' })
    const firm = await json<{ firm: { id: string } }>(
      await t.request('/api/firm', {
        as: admin,
        json: { name: 'Head & Co', town: 'St Albans', postcode_district: 'AL1', contact_email: 'hello@head.test' },
      }),
      201,
    )
    const key = await createToken(admin, {
      name: 'Case management',
      scopes: ['transactions:read'],
      firm_id: firm.firm.id,
    })
    expect(key.secret).toMatch(/^hw_key_/)
    expect(key.token.kind).toBe('firm')
    const list = ApiTokenList.parse(
      await json(await t.request(`/api/api-tokens?firm_id=${firm.firm.id}`, { as: admin }), 200),
    )
    expect(list.firm_name).toBe('Head & Co')
    expect(list.tokens.map((k) => k.id)).toEqual([key.token.id])
    // Someone outside the firm: the standard 404, for the list and for making one.
    await json(await t.request(`/api/api-tokens?firm_id=${firm.firm.id}`, { as: outsider }), 404)
    await json(
      await t.request('/api/api-tokens', {
        as: outsider,
        json: { name: 'Mine now', scopes: ['transactions:read'], expires_in_days: 7, firm_id: firm.firm.id },
      }),
      404,
    )
    await json(await t.request(`/api/api-tokens/${key.token.id}`, { as: outsider, method: 'DELETE' }), 404)
    // The key works (as its admin) and its creation is on the firm's activity.
    await json(await withToken('/api/transactions', key.secret), 200)
    const events = await t.database.query<{ kind: string }>(
      `select kind from security_events where detail->>'organization_id' = $1 and kind like 'firm.api_key%'`,
      [firm.firm.id],
    )
    expect(events.map((e) => e.kind)).toEqual(['firm.api_key_created'])
  })
})

describe('webhooks', () => {
  let endpointId: string
  let secret: string

  /** Ticks the buyer's next hand-ticked task through the API (a task.completed event). */
  async function tickATask(as = buyer) {
    // A move of its own each time, so that there is always a task to tick.
    const id = (
      await createTransaction(t.database, { buyerProfileId: buyer.profileId, sellerProfileId: seller.profileId })
    ).transactionId
    const task = await buyerTask(id)
    await json(
      await t.request(`/api/transactions/${id}/tasks/${task.id}`, {
        as,
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      200,
    )
    return { taskId: task.id, txId: id }
  }

  async function deliveries() {
    return WebhookDeliveryList.parse(
      await json(await t.request(`/api/webhook-endpoints/${endpointId}/deliveries`, { as: buyer }), 200),
    ).deliveries
  }

  /** Makes every pending delivery due now (the backoff schedule itself is unit tested). */
  const makeDue = () =>
    t.database.query(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`)

  it('registers an endpoint: https or localhost only, secret shown once and sealed at rest', async () => {
    const refused = await t.request('/api/webhook-endpoints', {
      as: buyer,
      json: { url: 'http://example.com/hooks', event_types: ['task.completed'] },
    })
    expect(refused.status).toBe(400)
    const created = WebhookSecret.parse(
      await json(
        await t.request('/api/webhook-endpoints', {
          as: buyer,
          json: { url: receiverUrl, description: 'Case system', event_types: ['task.completed', 'document.uploaded'] },
        }),
        201,
      ),
    )
    endpointId = created.endpoint.id
    secret = created.secret
    expect(secret).toMatch(/^whsec_/)
    const [row] = await t.database.query<{ secret_sealed: string }>(
      `select secret_sealed from webhook_endpoints where id = $1`,
      [endpointId],
    )
    expect(row.secret_sealed).not.toContain(secret.slice(6))
    const list = WebhookEndpointList.parse(await json(await t.request('/api/webhook-endpoints', { as: buyer }), 200))
    expect(JSON.stringify(list)).not.toContain(secret)
  })

  it('delivers a signed task.completed event, queued in the same transaction as the tick', async () => {
    received.length = 0
    const { taskId, txId: moveId } = await tickATask()
    const queued = await deliveries()
    expect(queued[0]).toMatchObject({
      event_type: 'task.completed',
      status: 'pending',
      attempts: 0,
      transaction_id: moveId,
    })
    expect(await worker.drain()).toBe(1)
    expect(received).toHaveLength(1)
    const payload = new Webhook(secret).verify(received[0].body, {
      'webhook-id': String(received[0].headers['webhook-id']),
      'webhook-timestamp': String(received[0].headers['webhook-timestamp']),
      'webhook-signature': String(received[0].headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> }
    expect(payload.type).toBe('task.completed')
    expect(payload.data).toMatchObject({ transaction_id: moveId, taskId })
    // Signed with another secret it does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(received[0].body, {
        'webhook-id': String(received[0].headers['webhook-id']),
        'webhook-timestamp': String(received[0].headers['webhook-timestamp']),
        'webhook-signature': String(received[0].headers['webhook-signature']),
      }),
    ).toThrow()
    const [log] = await deliveries()
    expect(log).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 204, next_attempt_at: null })
    expect(log.last_duration_ms).toBeGreaterThanOrEqual(0)
  })

  it('retries after a 500 with backoff, with the same webhook-id, and delivers', async () => {
    received.length = 0
    answers.push('fail')
    await tickATask()
    await worker.drain()
    let [log] = await deliveries()
    expect(log).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 })
    // The status only: never the receiver's answer text (the December battery's H1).
    expect(log.last_error).toBe('HTTP 500')
    // The next try waits 30 seconds: not sent by a drain now.
    const wait = new Date(log.next_attempt_at!).getTime() - Date.now()
    expect(wait).toBeGreaterThan(20_000)
    expect(wait).toBeLessThan(40_000)
    expect(await worker.drain()).toBe(0)
    await makeDue()
    await worker.drain()
    ;[log] = await deliveries()
    expect(log).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 204 })
    expect(received).toHaveLength(2)
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id'])
  })

  it('counts a receiver that does not answer in time as a failed attempt, and retries it', async () => {
    received.length = 0
    answers.push('hang')
    await tickATask()
    await worker.drain()
    let [log] = await deliveries()
    expect(log).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null })
    expect(log.last_error).toBe('Timed out')
    await makeDue()
    await worker.drain()
    ;[log] = await deliveries()
    expect(log).toMatchObject({ status: 'succeeded', attempts: 2 })
  })

  it('sends a test event and redelivers a delivery as a new one with the same event id', async () => {
    received.length = 0
    const test = await json<{ id: string; event_type: string }>(
      await t.request(`/api/webhook-endpoints/${endpointId}/test`, { as: buyer, method: 'POST' }),
      202,
    )
    expect(test.event_type).toBe('webhook.test')
    await worker.drain()
    const again = await json<{ id: string; event_id: string; status: string }>(
      await t.request(`/api/webhook-endpoints/${endpointId}/deliveries/${test.id}/redeliver`, {
        as: buyer,
        method: 'POST',
      }),
      202,
    )
    expect(again.status).toBe('pending')
    await worker.drain()
    expect(received).toHaveLength(2)
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id'])
    expect(received[1].body).toBe(received[0].body)
    const log = await deliveries()
    expect(log.filter((d) => d.event_id === again.event_id)).toHaveLength(2)
    // Another person cannot read the log or redeliver.
    await json(await t.request(`/api/webhook-endpoints/${endpointId}/deliveries`, { as: outsider }), 404)
    await json(
      await t.request(`/api/webhook-endpoints/${endpointId}/deliveries/${test.id}/redeliver`, {
        as: outsider,
        method: 'POST',
      }),
      404,
    )
  })

  it("queues nothing for a transaction the endpoint's owner cannot see, or an event it did not choose", async () => {
    const outsiderHook = WebhookSecret.parse(
      await json(
        await t.request('/api/webhook-endpoints', {
          as: outsider,
          json: { url: receiverUrl, event_types: ['task.completed'] },
        }),
        201,
      ),
    )
    const sellerHook = WebhookSecret.parse(
      await json(
        await t.request('/api/webhook-endpoints', {
          as: seller,
          json: { url: receiverUrl, event_types: ['enquiry.raised'] },
        }),
        201,
      ),
    )
    await tickATask()
    const counts = await t.database.query<{ endpoint_id: string; n: number }>(
      `select endpoint_id, count(*)::int as n from webhook_deliveries where endpoint_id = any($1) group by endpoint_id`,
      [[outsiderHook.endpoint.id, sellerHook.endpoint.id, endpointId]],
    )
    expect(counts.find((c) => c.endpoint_id === outsiderHook.endpoint.id)).toBeUndefined()
    expect(counts.find((c) => c.endpoint_id === sellerHook.endpoint.id)).toBeUndefined()
    expect(counts.find((c) => c.endpoint_id === endpointId)?.n).toBeGreaterThan(0)
    await worker.drain()
  })

  it('sends document.uploaded and transaction.status_changed from their use cases, as chosen', async () => {
    const hook = WebhookSecret.parse(
      await json(
        await t.request('/api/webhook-endpoints', {
          as: buyer,
          json: { url: receiverUrl, event_types: ['document.uploaded', 'transaction.status_changed'] },
        }),
        201,
      ),
    )
    const moveId = (
      await createTransaction(t.database, { buyerProfileId: buyer.profileId, sellerProfileId: seller.profileId })
    ).transactionId
    const uploaded = await t.app.request(`/api/transactions/${moveId}/documents?folder=Property&filename=TA6.pdf`, {
      method: 'POST',
      headers: {
        cookie: buyer.cookie,
        origin: new URL(t.config.publicUrl).origin,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(await makePdf()),
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const detail = TransactionDetail.parse(
      await json(await t.request(`/api/transactions/${moveId}`, { as: buyer }), 200),
    )
    await json(
      await t.request(`/api/transactions/${moveId}/status`, {
        as: buyer,
        json: { action: 'cancel', version: detail.version, reason: 'The survey found subsidence.' },
      }),
      200,
    )
    const rows = await t.database.query<{ event_type: string; body: string }>(
      `select event_type, body from webhook_deliveries where endpoint_id = $1 order by created_at`,
      [hook.endpoint.id],
    )
    expect(rows.map((r) => r.event_type)).toEqual(['document.uploaded', 'transaction.status_changed'])
    expect(JSON.parse(rows[1].body)).toMatchObject({
      type: 'transaction.status_changed',
      data: { transaction_id: moveId, from: 'active', to: 'cancelled' },
    })
    // No names or text in the body: ids and codes only (the reason stays in Homeward).
    expect(rows[1].body).not.toContain('subsidence')
    await json(await t.request(`/api/webhook-endpoints/${hook.endpoint.id}`, { as: buyer, method: 'DELETE' }), 204)
  })

  it('manages endpoints with a webhooks token; webhooks:read alone cannot change them', async () => {
    const reader = await createToken(buyer, { name: 'Reader', scopes: ['webhooks:read'] })
    const list = WebhookEndpointList.parse(await json(await withToken('/api/webhook-endpoints', reader.secret), 200))
    expect(list.endpoints.map((e) => e.id)).toContain(endpointId)
    const refused = await json<{ error: { message: string } }>(
      await withToken(`/api/webhook-endpoints/${endpointId}/secret`, reader.secret, { method: 'POST' }),
      403,
    )
    expect(refused.error.message).toContain('webhooks:write')
    const writer = await createToken(buyer, { name: 'Writer', scopes: ['webhooks:write'] })
    const rotated = WebhookSecret.parse(
      await json(
        await withToken(`/api/webhook-endpoints/${endpointId}/secret`, writer.secret, { method: 'POST' }),
        200,
      ),
    )
    expect(rotated.secret).not.toBe(secret)
    // Deliveries from now on are signed with the new secret.
    received.length = 0
    await json(await t.request(`/api/webhook-endpoints/${endpointId}/test`, { as: buyer, method: 'POST' }), 202)
    await worker.drain()
    expect(() =>
      new Webhook(rotated.secret).verify(received[0].body, {
        'webhook-id': String(received[0].headers['webhook-id']),
        'webhook-timestamp': String(received[0].headers['webhook-timestamp']),
        'webhook-signature': String(received[0].headers['webhook-signature']),
      }),
    ).not.toThrow()
    // Removing it removes its log.
    await json(await withToken(`/api/webhook-endpoints/${endpointId}`, writer.secret, { method: 'DELETE' }), 204)
    const left = await t.database.query(`select 1 from webhook_deliveries where endpoint_id = $1`, [endpointId])
    expect(left).toHaveLength(0)
  })
})
