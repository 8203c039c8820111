/** The security headers of every response: Content-Security-Policy, HSTS behind https, framing, referrer. */
import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config'

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
