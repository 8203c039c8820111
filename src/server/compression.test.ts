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
