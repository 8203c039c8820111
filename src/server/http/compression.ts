/**
 * Response compression: gzip for JSON, HTML and other text when the client's Accept-Encoding allows
 * it; everything else, and every response nobody asked to compress, is written as the handler made
 * it. Hono's own `compress` middleware cost every response (about 130 microseconds, 12% of the
 * dashboard's throughput) even without gzip: it set `Vary` through `c.header()` after the handler,
 * which rebuilds the finished response around a web stream, so @hono/node-server could no longer
 * write the string body directly. Here `Vary` is set on the response's own headers in place, and
 * JSON and HTML, which are always whole strings in memory, are gzipped in one call (on the zlib
 * thread pool past GZIP_SYNC_MAX_BYTES, so a large body does not hold the event loop); only a body
 * of unknown size (a static text file) goes through a CompressionStream.
 */
import { promisify } from 'node:util'
import { gzip, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

/** Bodies up to this size are gzipped on the event loop (a few hundred microseconds at most). */
export const GZIP_SYNC_MAX_BYTES = 16 * 1024

/** A static text file up to this size (Content-Length) is read whole and gzipped in one call. */
const BUFFER_MAX_BYTES = 1024 * 1024

const gzipAsync = promisify(gzip)

/**
 * Content types worth compressing: text, JavaScript, JSON and SVG. Never `text/event-stream`: a
 * compressor buffers, so Server-Sent Events would arrive late or never.
 */
export function isCompressible(contentType: string): boolean {
  if (/^\s*text\/event-stream\b/i.test(contentType)) return false
  return /^\s*(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/i.test(contentType)
}

/** Whether an Accept-Encoding header accepts `coding` (listed, or `*`, and not with q=0). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    const allowed = !q || Number(q.slice(2)) > 0
    if (name === coding) return allowed
    if (name === '*') wildcard = allowed
  }
  return wildcard
}

/** Bodies the handlers build as whole strings: c.json(), jsonText() and c.html(). */
const IN_MEMORY = /^\s*(?:application\/json|text\/html)\b/i
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/** Answers built already encoded, with their Vary (jsonAnswer): compressResponses leaves them as they are. */
const settled = new WeakSet<Response>()

/** The Content-Type of every JSON answer. */
export const JSON_UTF8 = 'application/json; charset=utf-8'

/**
 * A JSON answer whose text is already built (jsonText in http/router.ts), encoded as
 * compressResponses would encode it, with its headers as one plain object: gzip when
 * `acceptEncoding` accepts it, `Vary: Accept-Encoding` always. Written by @hono/node-server straight
 * from that object, with no undici `Headers` and no second pass through the middleware (about 20
 * microseconds of a transaction detail's CPU, and its garbage). `own` adds the route's headers
 * (e.g. Cache-Control). Undefined when the middleware must decide instead: a body past
 * GZIP_SYNC_MAX_BYTES to gzip (gzipped off the event loop), `own` naming Vary, Content-Encoding or a
 * no-transform Cache-Control.
 */
export function jsonAnswer(
  text: string,
  status: number,
  acceptEncoding: string | undefined,
  own?: Readonly<Record<string, string>>,
): Response | undefined {
  if (own) {
    for (const name in own) {
      const lower = name.toLowerCase()
      if (lower === 'vary' || lower === 'content-encoding' || lower === 'content-type') return undefined
      if (lower === 'cache-control' && NO_TRANSFORM.test(own[name])) return undefined
    }
  }
  const headers: Record<string, string> = { 'Content-Type': JSON_UTF8, ...own, Vary: 'Accept-Encoding' }
  let body: BodyInit = text
  if (acceptsEncoding(acceptEncoding, 'gzip')) {
    if (Buffer.byteLength(text) > GZIP_SYNC_MAX_BYTES) return undefined
    const zipped = gzipSync(text)
    body = new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength)
    // No Content-Length: @hono/node-server sets it from the body, and an answer that replaces this one
    // through c.res would inherit it (Hono carries the replaced answer's headers over).
    headers['Content-Encoding'] = 'gzip'
  }
  const res = new Response(body, { status, headers })
  settled.add(res)
  return res
}

/** The compression middleware; mount it before the routes (app.ts). */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // Read through the response's own headers: c.header() would rebuild a finished response.
    const res = c.res
    if (settled.has(res)) return
    const headers = res.headers
    const type = headers.get('Content-Type')
    if (
      !type ||
      !isCompressible(type) ||
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return
    const vary = headers.get('Vary')
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    if (!acceptsEncoding(c.req.header('Accept-Encoding'), 'gzip')) return

    const out = new Headers(headers)
    out.set('Content-Encoding', 'gzip')
    const etag = out.get('ETag')
    if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`)
    let body: BodyInit
    const length = Number(headers.get('Content-Length') ?? NaN)
    if (IN_MEMORY.test(type) || length <= BUFFER_MAX_BYTES) {
      const raw = new Uint8Array(await res.arrayBuffer())
      const zipped = raw.byteLength > GZIP_SYNC_MAX_BYTES ? await gzipAsync(raw) : gzipSync(raw)
      body = new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength)
      out.set('Content-Length', String(body.byteLength))
    } else {
      if (!res.body) return
      body = res.body.pipeThrough(new CompressionStream('gzip'))
      out.delete('Content-Length')
    }
    // Unset first: assigning over a finished response would copy it into a web stream again.
    c.res = undefined
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: out })
  }
}
