/**
 * The local outbox, for development and tests: GET /api/dev/mail as JSON and GET /dev/mail as a page.
 * With no SMTP_URL, this is where Homeward's email goes, reset links and sign-in codes included, so it
 * is served only when DEV_MAIL=true (never by default, refused with NODE_ENV=production: config.ts) and
 * only to a request from this machine: a loopback socket peer, no proxy headers, and a loopback host
 * name (a DNS-rebound page has its own). Anything else gets the same 404 as when it is off.
 */
import { BlockList, isIP } from 'node:net'
import { Hono, type Context } from 'hono'
import { errorBody } from '#server/http/errors.ts'
import type { AppDeps, AppEnv } from '#server/http/router.ts'

interface OutboxRow {
  id: string
  to: string
  subject: string
  text: string
  status: string
  created_at: string
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether an address is loopback: 127.0.0.0/8, ::1, or ::ffff:127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const family = isIP(plain)
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether a Host header names this machine: localhost, 127.x or [::1], any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  return isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''))
}

/** The request came from this machine, straight to us (see the module comment). */
export function isLocalRequest(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  if (!isLoopbackAddress(env?.incoming?.socket?.remoteAddress)) return false
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false
  return isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)
}

export function devMailRoutes({ database, config }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/dev/*', async (c, next) => {
    if (config.DEV_MAIL && isLocalRequest(c)) return next()
    return c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}.`), 404)
  })
  app.use('/dev/*', async (c, next) => {
    if (config.DEV_MAIL && isLocalRequest(c)) return next()
    return c.text('Not found', 404)
  })
  const latest = () =>
    database.query<OutboxRow>(
      `select id, to_address as "to", subject, text_body as text, status, created_at from mail_outbox order by created_at desc, id limit 200`,
    )
  app.get('/api/dev/mail', async (c) => c.json({ messages: await latest() }))
  app.get('/dev/mail', async (c) => {
    const rows = await latest()
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>To:</strong> ${escapeHtml(m.to)} · ${escapeHtml(
            new Date(m.created_at).toLocaleString('en-GB', { timeZone: 'Europe/London' }),
          )} · ${escapeHtml(m.status)}</p><pre>${escapeHtml(m.text).replace(
            /(https?:\/\/[^\s<]+)/g,
            '<a href="$1" rel="noopener">$1</a>',
          )}</pre></article>`,
      )
      .join('')
    return c.html(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local outbox · Homeward</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Local outbox</h1><p>A local development outbox (DEV_MAIL=true), shown only on this computer. No SMTP server is configured (SMTP_URL), so Homeward keeps its email here. Newest first.</p>${
        items || '<p>No email yet.</p>'
      }</body></html>`,
    )
  })
  return app
}
