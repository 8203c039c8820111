/**
 * The local outbox, for development and tests: GET /api/dev/mail as JSON and GET /dev/mail as a page.
 * With no SMTP_URL, this is where Homeward's email goes, reset links and sign-in codes included, so it
 * is served only when DEV_MAIL=true (never by default, refused with NODE_ENV=production: config.ts) and
 * only to a request from this machine: a loopback socket peer, no proxy headers, and a loopback host
 * name (a DNS-rebound page has its own). Anything else gets the same 404 as when it is off.
 */
import { Hono } from 'hono'
import { errorBody } from '#server/http/errors.ts'
import { isLocalRequest } from '#server/http/local-request.ts'
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
  /** The newest 200 emails, or with `to` the newest 200 to that address (case-insensitive). */
  const latest = (to?: string) =>
    to
      ? database.query<OutboxRow>(
          `select id, to_address as "to", subject, text_body as text, status, created_at from mail_outbox
            where lower(to_address) = lower($1) order by created_at desc, id limit 200`,
          [to],
        )
      : database.query<OutboxRow>(
          `select id, to_address as "to", subject, text_body as text, status, created_at from mail_outbox order by created_at desc, id limit 200`,
        )
  app.get('/api/dev/mail', async (c) => c.json({ messages: await latest(c.req.query('to') || undefined) }))
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
