/**
 * The edge of the sandbox partners' own pages under /sandbox/* (the sandbox bank's consent page,
 * features/funds/sandbox-bank-page.ts; the sandbox checkout and 3-D Secure pages,
 * features/billing/sandbox-checkout-page.ts). They take plain HTML form posts from this site, with no
 * session, so before any of them reads a body:
 * - a body over SANDBOX_FORM_MAX_BYTES is refused with 413 (a declared Content-Length at once, a
 *   chunked body as it arrives: hono's bodyLimit, as /api has with its 1 MB);
 * - a state-changing request from another site is refused with 403 by the rule /api applies
 *   (auth/same-origin.ts csrfVerdict: the Origin header, else fetch metadata and the Referer).
 * Which pages are mounted at all is app.ts's choice: only those whose provider is the sandbox.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { csrfVerdict, type OriginPolicy } from '#server/auth/same-origin.ts'

/** Largest form body a sandbox page takes: 8 KB (its forms send a session id, a card number, a choice). */
export const SANDBOX_FORM_MAX_BYTES = 8 * 1024

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title} · Sandbox</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem"><h1>${title}</h1><p>${text}</p></body></html>`

/** The guard for /sandbox/*: body limit first, then the same-origin rule for state-changing requests. */
export function sandboxPagesGuard(policy: OriginPolicy): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: SANDBOX_FORM_MAX_BYTES,
    onError: (c) =>
      c.html(
        page('Too large', 'This form sent more than a sandbox page takes (8 KB). Start again from Homeward.'),
        413,
      ),
  })
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next()
    const verdict = csrfVerdict(policy, c.req.url, (name) => c.req.header(name))
    if (verdict !== 'allow')
      return c.html(
        page('Refused', 'This form was not sent from a Homeward page, so it was refused. Start again from Homeward.'),
        403,
      )
    return limit(c, next)
  }
}

/** What /sandbox/* answers where no sandbox page is mounted (its provider is real): 404, body unread. */
export const sandboxPageNotFound: MiddlewareHandler = async (c) =>
  c.html(page('Not found', 'There is no such sandbox page here.'), 404)
