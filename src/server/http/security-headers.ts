/** The security headers of every response: Content-Security-Policy, HSTS behind https, framing, referrer. */
import { Hono, type MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config'
import { applyHeaders, presetHeaders, type HeaderList } from './preset-headers'

/**
 * secureHeaders for Homeward. Scripts only from our own origin (and WebAssembly compiled from them); with `scriptNonce`, also the inline
 * script carrying that one response's nonce (a server-rendered page's router data, written by React
 * Router's StaticRouterProvider): a fresh random nonce per response, read from
 * `c.get('secureHeadersNonce')`. A header the route set itself is kept (a file download's sandbox
 * CSP, documents/file-links.ts).
 */
export function securityHeaders(config: Pick<Config, 'secure'>, { scriptNonce = false } = {}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets WebAssembly compile (the passport MRZ's OCR engine, decision 064); it
      // allows no JavaScript eval.
      scriptSrc: scriptNonce ? ["'self'", "'wasm-unsafe-eval'", NONCE] : ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: config.secure ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    overwrite: false,
  })
}

/**
 * The headers `securityHeaders(config)` (no nonce) puts on an answer that has none of its own, as
 * [lower-case name, value] pairs: read once from Hono's middleware itself, so the list cannot drift
 * from it.
 */
export async function securityHeaderList(config: Pick<Config, 'secure'>): Promise<HeaderList> {
  const probe = new Hono().use(securityHeaders(config)).get('/', (c) => c.body(null, 204))
  const res = await probe.request('/')
  return [...res.headers].filter(([name]) => name !== 'content-type')
}

/**
 * The app's security headers for every answer (mount first, on '*'): the same headers as
 * `securityHeaders(config)`, prepared once at start and set where the answer is written
 * (http/preset-headers.ts), so that no answer's headers are rebuilt to add them. A header the route
 * set itself is kept (a page's nonce CSP, a file download's sandbox CSP). Hono's middleware also
 * removes an X-Powered-By header; nothing here sets one and Node adds none, so only the in-process
 * path (no outgoing response) still removes it.
 */
export function appSecurityHeaders(config: Pick<Config, 'secure'>): MiddlewareHandler {
  const ready = securityHeaderList(config)
  let list: HeaderList | undefined
  void ready.then((l) => (list = l))
  const onAnswer: MiddlewareHandler = async (c, next) => {
    const headers = list ?? (await ready)
    if (presetHeaders(c, headers)) return next()
    await next()
    applyHeaders(c, headers)
    c.res.headers.delete('X-Powered-By')
  }
  // Once the list is ready and the answer goes to Node, nothing is left to do after it: no promise of its own.
  return (c, next) => (list && presetHeaders(c, list) ? next() : onAnswer(c, next))
}
