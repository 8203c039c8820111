/**
 * The response compression of app.ts: JSON and text are gzipped when the client asks, and
 * Server-Sent Events (text/event-stream) never are, since a compressor would hold
 * events back. Exercised on the exported middleware in a bare Hono app with an SSE route.
 */
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressResponses, isCompressible } from './app'
import { GZIP_SYNC_MAX_BYTES } from './http/compression'

const bigJson = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, address: `${i} Park Road, Harpenden` })) }

function appWithRoutes() {
  const app = new Hono()
  app.use('*', compressResponses())
  app.get('/api/big', (c) => c.json(bigJson))
  app.get('/api/transactions/tx-1/events', (c) =>
    streamSSE(c, async (stream) => {
      for (let i = 0; i < 50; i++) await stream.writeSSE({ event: 'update', data: JSON.stringify(bigJson.items[i]) })
    }),
  )
  app.get('/api/notifications/stream', (c) =>
    c.body('data: '.padEnd(4096, 'x') + '\n\n', 200, { 'Content-Type': 'text/event-stream; charset=utf-8' }),
  )
  return app
}

describe('compressResponses', () => {
  it('gzips JSON over 1 KB when the client accepts gzip', async () => {
    const res = await appWithRoutes().request('/api/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(bigJson)
  })

  it('leaves JSON alone when the client does not ask for gzip', async () => {
    const app = appWithRoutes()
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br' }] as Record<
      string,
      string
    >[]) {
      const res = await app.request('/api/big', { headers })
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(await res.json()).toEqual(bigJson)
    }
  })

  it.each(['/api/transactions/tx-1/events', '/api/notifications/stream'])(
    'never compresses the event stream at %s',
    async (path) => {
      const res = await appWithRoutes().request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
      expect(res.headers.get('content-encoding')).toBeNull()
      const text = await res.text()
      expect(text).toMatch(/^(event: update\n)?data: /)
    },
  )
})

describe('isCompressible', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['text/css', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['text/event-stream; charset=utf-8', false],
    ['TEXT/EVENT-STREAM', false],
    ['application/pdf', false],
    ['image/png', false],
    ['application/octet-stream', false],
  ])('%s -> %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected)
  })
})

describe('compressResponses: nothing to pay when nobody asks', () => {
  /** An app that records the response its handler made, as the compression middleware sees it. */
  function recording() {
    const made: Response[] = []
    const app = new Hono()
    app.use('*', compressResponses())
    app.use('*', async (c, next) => {
      await next()
      made.push(c.res)
    })
    app.get('/api/text', (c) => c.body(JSON.stringify(bigJson), 200, { 'Content-Type': 'application/json' }))
    app.get('/api/pdf', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'application/pdf' }))
    return { app, made }
  }

  it('hands on the very response the handler made, with Vary added in place', async () => {
    const { app, made } = recording()
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0' }] as Record<
      string,
      string
    >[]) {
      const res = await app.request('/api/text', { headers })
      expect(res).toBe(made.at(-1))
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(await res.json()).toEqual(bigJson)
    }
  })

  it('leaves a body that is not text alone, without Vary', async () => {
    const { app, made } = recording()
    const res = await app.request('/api/pdf', { headers: { 'accept-encoding': 'gzip' } })
    expect(res).toBe(made.at(-1))
    expect(res.headers.get('vary')).toBeNull()
    expect(res.headers.get('content-encoding')).toBeNull()
  })
})

describe('compressResponses: gzip in one call', () => {
  const app = new Hono()
  app.use('*', compressResponses())
  const small = { items: bigJson.items.slice(0, 60) }
  const large = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, note: `entry ${i} of the large body` })) }
  app.get('/api/small', (c) => c.json(small))
  app.get('/api/large', (c) => c.json(large))
  app.get('/page', (c) => c.html('<!doctype html><div id="root"></div>'))

  it.each([
    ['/api/small', small],
    ['/api/large', large],
  ])('%s decodes to the same JSON, with its gzipped Content-Length', async (path, expected) => {
    const res = await app.request(path, { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length)
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(expected)
  })

  it('the large body is over the on-loop limit, the small one under it', () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(GZIP_SYNC_MAX_BYTES)
    expect(JSON.stringify(small).length).toBeLessThan(GZIP_SYNC_MAX_BYTES)
  })

  it('gzips HTML for `Accept-Encoding: *`, and nothing for HEAD', async () => {
    const res = await app.request('/page', { headers: { 'accept-encoding': '*' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<div id="root">')
    const head = await app.request('/page', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } })
    expect(head.headers.get('content-encoding')).toBeNull()
  })
})
