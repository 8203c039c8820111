/**
 * The headers every answer carries are the same whether @hono/node-server writes the answer (the
 * edge's headers preset on Node's outgoing response, jsonText's answers built with one plain header
 * object: http/preset-headers.ts, compression.ts `jsonAnswer`) or the app answers in process
 * (`app.request()`, where they are set on each answer's own headers): the security headers,
 * X-Request-Id, Cache-Control, Vary, Content-Type and Content-Encoding, for reads, errors, public
 * lists with their own Cache-Control, gzip and pages. docs/decisions/076-detail-own-overhead.md.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { securityHeaderList } from './security-headers'

const TX = {
  address_line_1: '3 Any Address Lane',
  town: 'St Albans',
  postcode: 'AL1 4NG',
  role: 'buyer',
  agreed_price: 300000,
  tenure: 'freehold',
} as const

/** Headers that differ by transport, not by the app: connection management and the date. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

let t: TestApp
let user: TestUser
let txId: string
let server: ServerType
let port: number

beforeAll(async () => {
  t = await createTestApp()
  user = await t.signUp()
  const created = await t.request('/api/transactions', { json: TX, as: user })
  expect(created.status).toBe(201)
  txId = ((await created.json()) as { id: string }).id
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
})

/** A request over HTTP to the served app: status, headers (lower-case names) and the raw body. */
function overHttp(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const flat: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) flat[k] = Array.isArray(v) ? v.join(', ') : String(v)
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
  })
}

const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), k.toLowerCase() === 'x-request-id' ? '(id)' : v] as const)
      .filter(([k]) => !TRANSPORT.has(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  )

describe('the same headers over HTTP as in process', () => {
  const cases: [string, string, Record<string, string>, 'user' | null][] = [
    ['a transaction detail', '/api/transactions/{tx}', {}, 'user'],
    ['a transaction detail, gzip accepted', '/api/transactions/{tx}', { 'accept-encoding': 'gzip' }, 'user'],
    ['the dashboard', '/api/transactions', {}, 'user'],
    ['the dashboard, gzip accepted', '/api/transactions', { 'accept-encoding': 'gzip, br' }, 'user'],
    ['a HEAD of the dashboard', '/api/transactions', {}, 'user'],
    ['a detail not found (404)', '/api/transactions/00000000-0000-4000-8000-000000000000', {}, 'user'],
    ['a bad id (400)', '/api/transactions/not-a-uuid', {}, 'user'],
    ['signed out (401)', '/api/transactions/{tx}', {}, null],
    ['no such API route (404)', '/api/no-such-route', {}, 'user'],
    ['a public list with its own Cache-Control', '/api/organizations', {}, null],
    ['the health probe', '/api/health', {}, null],
    ['a page', '/', {}, null],
  ]
  it.each(cases)('%s', async (name, template, extra, who) => {
    const path = template.replace('{tx}', txId)
    const headers: Record<string, string> = { ...extra, ...(who ? { cookie: user.cookie } : {}) }
    const method = name.startsWith('a HEAD') ? 'HEAD' : 'GET'
    const inProcess = await t.request(path, { method, headers })
    const served =
      method === 'HEAD'
        ? await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
            const req = http.request({ host: '127.0.0.1', port, path, headers, method: 'HEAD' }, (res) => {
              const flat: Record<string, string> = {}
              for (const [k, v] of Object.entries(res.headers)) flat[k] = String(v)
              res.resume()
              res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.alloc(0) }))
            })
            req.on('error', reject)
            req.end()
          })
        : await overHttp(path, headers)
    expect(served.status).toBe(inProcess.status)
    const own = Object.fromEntries(inProcess.headers)
    // A page's CSP carries a fresh nonce per answer: compared without it.
    const noNonce = (h: Record<string, string>) => {
      const csp = h['content-security-policy']
      return csp ? { ...h, 'content-security-policy': csp.replace(/'nonce-[^']+'/, "'nonce'") } : h
    }
    expect(noNonce(comparable(served.headers))).toEqual(noNonce(comparable(own)))
    expect(served.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,64}$/)
    if (method === 'GET') {
      const body = served.headers['content-encoding'] === 'gzip' ? gunzipSync(served.body) : served.body
      const ownBody = Buffer.from(await inProcess.arrayBuffer())
      const ownText = inProcess.headers.get('content-encoding') === 'gzip' ? gunzipSync(ownBody) : ownBody
      // The same body too, but for the health probe's latency. Error bodies carry their own request id.
      if (served.headers['content-type']?.startsWith('application/json') && path !== '/api/health') {
        const strip = (b: Buffer) => b.toString('utf8').replace(/"request_id":"[^"]*"/, '"request_id":"(id)"')
        expect(strip(body)).toBe(strip(ownText))
      }
    }
  })

  it('every security header on every answer over HTTP, and a caller’s request id echoed', async () => {
    const list = await securityHeaderList(t.config)
    expect(list.map(([n]) => n)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'x-content-type-options',
      ]),
    )
    for (const path of [`/api/transactions/${txId}`, '/api/no-such-route', '/api/health']) {
      const res = await overHttp(path, { cookie: user.cookie, 'x-request-id': 'trace-abc.123' })
      for (const [name, value] of list) expect(res.headers[name], `${path} ${name}`).toBe(value)
      expect(res.headers['x-request-id']).toBe('trace-abc.123')
    }
    const detail = await overHttp(`/api/transactions/${txId}`, { cookie: user.cookie })
    expect(detail.headers['cache-control']).toBe('no-store')
    expect(detail.headers.vary).toBe('Accept-Encoding')
    expect(detail.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(detail.headers['content-length'])).toBe(detail.body.byteLength)
  })
})
