/**
 * The sandbox "bank": the page where a person authorises or refuses an account-information consent
 * made by the sandbox open-banking provider, as a real bank's consent page would be. Served by this
 * app at /sandbox/open-banking/authorise, clearly labelled Sandbox, and only when
 * OPEN_BANKING_PROVIDER=sandbox (404 otherwise). A plain HTML form (no script, so the app's CSP holds).
 * The decision goes back as the provider would send it: a signed webhook, delivered shortly after
 * through the app's own HTTP stack (sandbox-webhooks.ts); the person is sent back to the funds page.
 * The scenario comes from the bank chosen (sandbox-provider.ts): Refusing Bank refuses and Lapsing
 * Bank lets the consent expire whatever the person does.
 */
import { Hono } from 'hono'
import type { AppDeps } from '#server/http/router.ts'
import { SANDBOX_BANK_PATH, sandboxBankOf } from '#server/providers/open-banking/sandbox-provider.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'

/** The webhook endpoint of open banking (routes.ts). */
export const OPEN_BANKING_WEBHOOK_PATH = '/api/webhooks/open-banking'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ENTITIES[ch])

/** Only a path of this app's funds page, or a giftor's gift page (decision 069), may be returned to (no open redirect). */
const safeReturn = (value: string | undefined) =>
  value && /^\/app\/(transactions\/[0-9a-f-]{36}\/funds|gifts\/[0-9a-f-]{36})$/.test(value) ? value : '/app'

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Sandbox bank</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:0 auto;padding:1rem;color:#1a1a1a">
<header><p style="display:inline-block;background:#7a4a00;color:#fff;padding:0.2rem 0.6rem;border-radius:0.3rem;font-weight:600">Sandbox: not a real bank</p></header>
<main>${body}</main></body></html>`
}

/** The page (GET) and the decision (POST, a form). */
export function sandboxBankRoutes(deps: AppDeps, provider: OpenBankingProvider) {
  const app = new Hono()
  app.get(SANDBOX_BANK_PATH, (c) => {
    const consent = c.req.query('consent') ?? ''
    const bank = provider.name === 'sandbox' ? sandboxBankOf(consent) : null
    if (!bank) return c.html(page('Not found', '<h1>No such consent</h1><p>Start again from Homeward.</p>'), 404)
    const ret = safeReturn(c.req.query('return'))
    return c.html(
      page(
        bank.name,
        `<h1>${esc(bank.name)}</h1>
<p>Homeward asks to read, for the next 90 days:</p>
<ul><li>your account names and numbers</li><li>your balances</li><li>your transactions for the last 12 months</li></ul>
<p><strong>Sandbox scenario:</strong> ${esc(bank.scenario ?? '')}</p>
<form method="post" action="${SANDBOX_BANK_PATH}">
<input type="hidden" name="consent" value="${esc(consent)}"><input type="hidden" name="return" value="${esc(ret)}">
<button type="submit" name="decision" value="authorise" style="font-size:1rem;padding:0.6rem 1rem;margin:0.25rem 0.5rem 0.25rem 0;background:#0b5d3b;color:#fff;border:0;border-radius:0.3rem">Allow access</button>
<button type="submit" name="decision" value="refuse" style="font-size:1rem;padding:0.6rem 1rem;margin:0.25rem 0;background:#fff;color:#1a1a1a;border:1px solid #555;border-radius:0.3rem">Refuse</button>
</form>`,
      ),
    )
  })
  app.post(SANDBOX_BANK_PATH, async (c) => {
    const form = await c.req.parseBody()
    const consent = typeof form.consent === 'string' ? form.consent : ''
    const bank = provider.name === 'sandbox' ? sandboxBankOf(consent) : null
    if (!bank) return c.html(page('Not found', '<h1>No such consent</h1><p>Start again from Homeward.</p>'), 404)
    const refused = form.decision !== 'authorise'
    const event = refused
      ? { type: 'consent.refused', consent_id: consent, reason: 'You refused access at the bank' }
      : bank.id === 'sandbox-refuse'
        ? { type: 'consent.refused', consent_id: consent, reason: `${bank.name} refused the request` }
        : bank.id === 'sandbox-expire'
          ? { type: 'consent.expired', consent_id: consent, reason: 'The consent expired before the bank confirmed it' }
          : { type: 'consent.authorised', consent_id: consent }
    deps.sandboxWebhooks.send({ path: OPEN_BANKING_WEBHOOK_PATH, event, delayMs: 300 })
    return c.redirect(safeReturn(typeof form.return === 'string' ? form.return : undefined), 303)
  })
  return app
}
