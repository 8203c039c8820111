/**
 * A small stand-in for Stripe's API on a local port, for tests of the Stripe adapter through the
 * official client (STRIPE_API_URL points the client at it). It answers only the calls the adapter
 * makes, with the shapes Stripe documents at the pinned version (the JSON fixtures beside it):
 * POST /v1/customers, POST /v1/checkout/sessions, GET and POST /v1/subscriptions/:id,
 * GET /v1/invoices/:id; anything else, or an unknown id, is Stripe's 404 error body. The test puts
 * the subscriptions and invoices Stripe would hold in `subscriptions` and `invoices`, and reads back
 * every request (`requests`, with its Stripe-Version header and form body).
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

const FIXTURES = new URL('./fixtures/', import.meta.url)

/** A JSON object as Stripe sends it (fields read and changed by tests). */
export type StripeJson = Record<string, unknown> & { id: string }

const Json = z.looseObject({ id: z.string() })

/** A fixture file of this folder, parsed afresh (a test may change it freely). */
export function stripeFixture(name: string): StripeJson {
  return Json.parse(JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')))
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * The object at `keys` inside `value`, itself (not a copy: a test changes it in place); throws when
 * there is none. `at(subscription, 'items', 'data', 0)` is its first item.
 */
export function at(value: unknown, ...keys: (string | number)[]): Record<string, unknown> {
  let v = value
  for (const key of keys) v = isObject(v) ? v[key] : undefined
  if (!isObject(v)) throw new Error(`no object at ${keys.join('.')}`)
  return v
}

/** The object an event fixture carries (`data.object`), in place. */
export function eventObject(event: StripeJson): StripeJson {
  return at(event, 'data', 'object') as StripeJson
}

export interface FakeStripeRequest {
  method: string
  path: string
  stripeVersion: string | undefined
  idempotencyKey: string | undefined
  body: URLSearchParams
}

export interface FakeStripeApi {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string
  subscriptions: Map<string, StripeJson>
  invoices: Map<string, StripeJson>
  requests: FakeStripeRequest[]
  close(): Promise<void>
}

const missing = (what: string, id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    param: 'id',
  },
})

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the stand-in on `port` (0: any free port); `secretKey` is the only key it accepts. */
export async function startFakeStripeApi(secretKey: string, port = 0): Promise<FakeStripeApi> {
  const subscriptions = new Map<string, StripeJson>()
  const invoices = new Map<string, StripeJson>()
  const requests: FakeStripeRequest[] = []
  let next = 0

  function answer(method: string, path: string, body: URLSearchParams): [number, unknown] {
    const [, version, resource, id, sub] = path.split('/')
    if (version !== 'v1') return [404, missing('route', path)]
    if (method === 'POST' && resource === 'customers' && !id) {
      next += 1
      return [
        200,
        {
          id: `cus_test_${next}`,
          object: 'customer',
          name: body.get('name'),
          email: body.get('email'),
          metadata: { homeward_ref: body.get('metadata[homeward_ref]') },
          livemode: false,
        },
      ]
    }
    if (method === 'POST' && resource === 'checkout' && id === 'sessions' && !sub) {
      next += 1
      const sessionId = `cs_test_${next}`
      return [
        200,
        {
          ...eventObject(stripeFixture('event.checkout.session.completed.subscription')),
          id: sessionId,
          mode: body.get('mode'),
          customer: body.get('customer'),
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          invoice: null,
          metadata: { organization_id: body.get('metadata[organization_id]') },
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        },
      ]
    }
    if (resource === 'subscriptions' && id && !sub) {
      const s = subscriptions.get(id)
      if (!s) return [404, missing('subscription', id)]
      if (method === 'POST') {
        const quantity = body.get('items[0][quantity]')
        if (quantity) at(s, 'items', 'data', 0).quantity = Number(quantity)
        const cancel = body.get('cancel_at_period_end')
        if (cancel !== null) s.cancel_at_period_end = cancel === 'true'
      }
      return [200, s]
    }
    if (method === 'GET' && resource === 'invoices' && id && !sub) {
      const i = invoices.get(id)
      return i ? [200, i] : [404, missing('invoice', id)]
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ]
  }

  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const body = new URLSearchParams(req.method === 'GET' ? url.search : text)
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        stripeVersion: req.headers['stripe-version'] as string | undefined,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      })
      const [status, json] =
        req.headers.authorization === `Bearer ${secretKey}`
          ? answer(req.method ?? 'GET', url.pathname, body)
          : [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }]
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${requests.length}` })
      res.end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}`,
    subscriptions,
    invoices,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
