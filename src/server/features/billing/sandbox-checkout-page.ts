/**
 * The sandbox's hosted checkout: the page where a firm admin pays for Pro with a test card, as a
 * card processor's hosted checkout would be. Served by this app at /sandbox/payments/checkout, clearly
 * labelled Sandbox, and only when PAYMENTS_PROVIDER=sandbox (404 otherwise). Plain HTML forms (no
 * script, so the app's CSP holds). Test cards (sandbox-provider.ts): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined (the page says so and stays open), 4000 0025 0000 3155 goes to a
 * sandbox 3-D Secure page to approve or fail. "Cancel and return" abandons the checkout. Every outcome
 * goes back as the provider would send it: signed webhooks delivered shortly after through the app's
 * own HTTP stack (sandbox-webhooks.ts).
 * In setup mode (a mover accepting the completion fee) the same page saves the card instead of paying:
 * it says what the card will be charged and when, and that nothing is charged now.
 */
import { Hono } from 'hono'
import { formatPence, planPrice } from '#shared/domain/billing.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import type { AppDeps } from '#server/http/router.ts'
import type { PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import {
  intervalLabel,
  SANDBOX_3DS_PATH,
  SANDBOX_CHECKOUT_PATH,
  type SandboxPaymentsProvider,
  type SandboxSession,
} from '#server/providers/payments/sandbox-provider.ts'
import { PAYMENTS_WEBHOOK_PATH } from './receive-webhook'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ENTITIES[ch])

/** The sandbox's own methods are there: the hosted pages drive it. */
const isSandbox = (p: PaymentsProvider): p is SandboxPaymentsProvider =>
  p.name === 'sandbox' && 'session' in p && 'pay' in p && 'authenticate' in p && 'abandon' in p

const BUTTON = 'font-size:1rem;padding:0.6rem 1rem;margin:0.25rem 0.5rem 0.25rem 0;border-radius:0.3rem;cursor:pointer'
const PRIMARY = `${BUTTON};background:#0b5d3b;color:#fff;border:0`
const SECONDARY = `${BUTTON};background:#fff;color:#1a1a1a;border:1px solid #555`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Sandbox payments</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#1a1a1a;line-height:1.5">
<header><p style="display:inline-block;background:#7a4a00;color:#fff;padding:0.2rem 0.6rem;border-radius:0.3rem;font-weight:600">Sandbox: no real card is charged</p></header>
<main>${body}</main></body></html>`
}

const notFoundPage = () => page('Not found', '<h1>No such checkout</h1><p>Start again from Homeward.</p>')

function summary(s: SandboxSession): string {
  const r = s.request
  if (r.mode === 'setup')
    return `<h1>Save a card for Homeward</h1>
<p>${esc(r.description)}.</p>
<p><strong>Nothing is charged now.</strong> The card is saved so that Homeward can charge ${formatPence(r.amountPence)} when your move completes.</p>`
  const price = planPrice(r.interval, r.quantity)
  const trialEnd = r.trialEnd && r.trialEnd > new Date() ? r.trialEnd : null
  return `<h1>Homeward Pro</h1>
<p>${r.quantity} seat${r.quantity === 1 ? '' : 's'}, billed ${intervalLabel(r.interval)}: <strong>${formatPence(price.totalPence)}</strong>
 (${formatPence(price.subtotalPence)} + VAT ${formatPence(price.vatPence)}) per ${r.interval}.</p>
${trialEnd ? `<p>Your free trial continues: nothing is charged until <strong>${ukDate(trialEnd)}</strong>.</p>` : ''}`
}

function submitLabel(s: SandboxSession): string {
  const r = s.request
  if (r.mode === 'setup') return 'Save card'
  return r.trialEnd && r.trialEnd > new Date() ? 'Start subscription' : 'Pay and subscribe'
}

function checkoutForm(s: SandboxSession): string {
  return `${summary(s)}
${s.error ? `<p role="alert" style="background:#fdecea;border:1px solid #b3261e;color:#7a1a14;padding:0.5rem 0.75rem;border-radius:0.3rem">${esc(s.error)}</p>` : ''}
<form method="post" action="${SANDBOX_CHECKOUT_PATH}">
<input type="hidden" name="session" value="${esc(s.id)}">
<p><label for="card" style="display:block;font-weight:600">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required style="font-size:1rem;padding:0.5rem;width:100%;box-sizing:border-box" placeholder="4242 4242 4242 4242"></p>
<p style="display:flex;gap:0.75rem"><span style="flex:1"><label for="expiry" style="display:block;font-weight:600">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" style="font-size:1rem;padding:0.5rem;width:100%;box-sizing:border-box" value="12/34"></span>
<span style="flex:1"><label for="cvc" style="display:block;font-weight:600">CVC</label>
<input id="cvc" name="cvc" autocomplete="cc-csc" style="font-size:1rem;padding:0.5rem;width:100%;box-sizing:border-box" value="123"></span></p>
<button type="submit" name="action" value="pay" style="${PRIMARY}">${submitLabel(s)}</button>
<button type="submit" name="action" value="cancel" formnovalidate style="${SECONDARY}">Cancel and return to Homeward</button>
</form>
<h2 style="font-size:1rem">Sandbox test cards</h2>
<ul><li>4242 4242 4242 4242: succeeds</li><li>4000 0000 0000 0002: declined</li><li>4000 0025 0000 3155: asks for 3-D Secure authentication</li></ul>`
}

/** The checkout page and the 3-D Secure page (GET), and their forms (POST). */
export function sandboxCheckoutRoutes(deps: AppDeps, provider: PaymentsProvider) {
  const app = new Hono()
  const sandbox = isSandbox(provider) ? provider : null
  const send = (events: { id: string }[]) => {
    for (const event of events) deps.sandboxWebhooks.send({ path: PAYMENTS_WEBHOOK_PATH, event, delayMs: 300 })
  }
  app.get(SANDBOX_CHECKOUT_PATH, (c) => {
    const s = sandbox?.session(c.req.query('session') ?? '')
    if (!s || s.status === 'complete' || s.status === 'expired') return c.html(notFoundPage(), 404)
    if (s.status === 'awaiting_authentication') return c.redirect(`${SANDBOX_3DS_PATH}?session=${s.id}`, 303)
    return c.html(page('Checkout', checkoutForm(s)))
  })
  app.post(SANDBOX_CHECKOUT_PATH, async (c) => {
    const form = await c.req.parseBody()
    const s = sandbox?.session(typeof form.session === 'string' ? form.session : '')
    if (!sandbox || !s) return c.html(notFoundPage(), 404)
    if (form.action === 'cancel') {
      send(sandbox.abandon(s.id).events)
      return c.redirect(s.request.cancelUrl, 303)
    }
    const attempt = sandbox.pay(s.id, typeof form.card === 'string' ? form.card : '')
    send(attempt.events)
    if (attempt.outcome === 'succeeded') return c.redirect(s.request.successUrl, 303)
    if (attempt.outcome === 'requires_action') return c.redirect(`${SANDBOX_3DS_PATH}?session=${s.id}`, 303)
    if (attempt.outcome === 'closed') return c.html(notFoundPage(), 404)
    return c.html(page('Checkout', checkoutForm(s)), 402)
  })
  app.get(SANDBOX_3DS_PATH, (c) => {
    const s = sandbox?.session(c.req.query('session') ?? '')
    if (!s || s.status !== 'awaiting_authentication') return c.html(notFoundPage(), 404)
    return c.html(
      page(
        '3-D Secure',
        `<h1>Sandbox bank: confirm this payment</h1>
<p>Your bank asks you to confirm ${s.request.mode === 'setup' ? 'saving this card for Homeward’s completion fee' : 'the payment to Homeward for Pro'} (3-D Secure). In the sandbox, choose the outcome.</p>
<form method="post" action="${SANDBOX_3DS_PATH}"><input type="hidden" name="session" value="${esc(s.id)}">
<button type="submit" name="decision" value="approve" style="${PRIMARY}">Complete authentication</button>
<button type="submit" name="decision" value="fail" style="${SECONDARY}">Fail authentication</button></form>`,
      ),
    )
  })
  app.post(SANDBOX_3DS_PATH, async (c) => {
    const form = await c.req.parseBody()
    const s = sandbox?.session(typeof form.session === 'string' ? form.session : '')
    if (!sandbox || !s) return c.html(notFoundPage(), 404)
    const attempt = sandbox.authenticate(s.id, form.decision === 'approve')
    send(attempt.events)
    if (attempt.outcome === 'succeeded') return c.redirect(s.request.successUrl, 303)
    if (attempt.outcome === 'closed') return c.html(notFoundPage(), 404)
    return c.redirect(`${SANDBOX_CHECKOUT_PATH}?session=${s.id}`, 303)
  })
  return app
}
