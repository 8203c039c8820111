/**
 * The sandbox partners' pages (/sandbox/*, decision 044; security battery H3 and M3): mounted only
 * while their provider is the sandbox, and then refusing a cross-site form post (403) and a body over
 * 8 KB (413) before the page reads it. GET /api/health names the sandbox partners.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '#server/config.ts'
import { PARTNERS } from '#server/config/partners.ts'
import { createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { REAL_PARTNERS_ENV as REAL } from '#server/test/real-partners.ts'
import { SANDBOX_FORM_MAX_BYTES } from './sandbox-pages'

const BANK = '/sandbox/open-banking/authorise'
const CHECKOUT = '/sandbox/payments/checkout'
const CONSENT = 'sbx_sandbox-saver_0123456789abcdef'
const FUNDS = '/app/transactions/00000000-0000-4000-8000-000000000000/funds'

/** The partner settings loadConfig makes of `env` (production checks included), for a test app. */
function partnersFrom(env: Record<string, string>): Partial<Config> {
  const c = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-sandbox-pages-')), ...env })
  // The partners' choices and every variable `env` sets (a real adapter's key: Stripe's client is
  // built with the app and refuses an empty one).
  const keys = [
    'NODE_ENV',
    'SANDBOX_PARTNERS',
    'LAND_REGISTRY_PROVIDER',
    ...PARTNERS.map((p) => p.variable),
    ...Object.keys(env),
  ]
  return Object.fromEntries(keys.map((k) => [k, c[k as keyof Config]])) as Partial<Config>
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('production with every partner real', () => {
  const t = useTestApp(() => ({ config: partnersFrom({ NODE_ENV: 'production', ...REAL }) }))

  it('has no /sandbox/* page: 404 for GET and POST, the body never read', async () => {
    for (const p of [
      `${BANK}?consent=${CONSENT}`,
      `${CHECKOUT}?session=x`,
      '/sandbox/payments/authenticate?session=x',
    ]) {
      const res = await t.request(p)
      expect(res.status, p).toBe(404)
      expect(await res.text()).toContain('There is no such sandbox page here.')
    }
    const post = await t.request(BANK, { headers: FORM, body: form({ consent: CONSENT, decision: 'authorise' }) })
    expect(post.status).toBe(404)
    expect(await post.text()).toContain('There is no such sandbox page here.')
  })

  it('reports no sandbox partner in /api/health', async () => {
    const res = await t.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', sandbox_partners: [] })
  })

  it('refuses title checks as not configured (LAND_REGISTRY_PROVIDER=off), writing nothing', async () => {
    const [buyer, seller, conveyancer] = await Promise.all([
      t.signUp({ name: 'Amelia Buyer' }),
      t.signUp({ name: 'Tom Whitfield', role: 'seller' }),
      t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    ])
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
      property: { addressLines: ['12 Clarence Road', 'St Albans'], postcode: 'AL1 4NG', titleNumber: null },
    })
    const list = await t.request(`/api/transactions/${txId}/title-checks`, { as: conveyancer })
    expect(await list.json()).toMatchObject({ checks: [], provider: { name: 'off', known_titles: null } })
    const run = await t.request(`/api/transactions/${txId}/title-checks`, {
      as: conveyancer,
      json: { title_number: 'HD412873' },
    })
    expect(run.status).toBe(422)
    expect(await run.json()).toMatchObject({
      error: { message: expect.stringContaining('no land registry partner is configured') },
    })
    expect(await t.database.query('select 1 from title_checks where transaction_id = $1', [txId])).toHaveLength(0)
  })
})

describe('the sandbox providers (development, or production with SANDBOX_PARTNERS=true)', () => {
  const t = useTestApp(() => ({ config: partnersFrom({ NODE_ENV: 'production', SANDBOX_PARTNERS: 'true' }) }))

  it('serves the sandbox bank, and takes its form from this site', async () => {
    const page = await t.request(`${BANK}?consent=${CONSENT}&return=${FUNDS}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Sandbox: not a real bank')
    const ok = await t.request(BANK, {
      headers: FORM,
      body: form({ consent: CONSENT, decision: 'refuse', return: FUNDS }),
    })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe(FUNDS)
    // The checkout is mounted too: an unknown session is its own 404 page, not the absent-page one.
    const checkout = await t.request(`${CHECKOUT}?session=nope`)
    expect(checkout.status).toBe(404)
    expect(await checkout.text()).toContain('No such checkout')
  })

  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site, no Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['a foreign Referer, no Origin', { origin: '', referer: 'https://evil.example/page' }],
    ['fetch metadata but no sender', { origin: '', 'sec-fetch-dest': 'document' }],
  ])('refuses a form post from %s with 403, before the page acts', async (_what, headers) => {
    for (const target of [BANK, CHECKOUT, '/sandbox/payments/authenticate']) {
      const h: Record<string, string> = { ...FORM, ...headers }
      if (h.origin === '') delete h.origin
      const res = await t.app.request(target, {
        method: 'POST',
        headers: h,
        body: form({ consent: CONSENT, session: 'x', decision: 'authorise', return: FUNDS }),
      })
      expect(res.status, target).toBe(403)
      expect(await res.text()).toContain('was not sent from a Homeward page')
    }
  })

  it('refuses a body over 8 KB with 413: declared, or chunked with no length', async () => {
    const big = form({ session: 'x', card: 'A'.repeat(SANDBOX_FORM_MAX_BYTES) })
    for (const target of [BANK, CHECKOUT, '/sandbox/payments/authenticate']) {
      const declared = await t.request(target, {
        headers: { ...FORM, 'content-length': String(big.length) },
        body: big,
      })
      expect(declared.status, target).toBe(413)
      const bytes = new TextEncoder().encode(big)
      const chunked = await t.app.request(target, {
        method: 'POST',
        headers: { ...FORM, origin: new URL(t.config.publicUrl).origin },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 1024) controller.enqueue(bytes.slice(i, i + 1024))
            controller.close()
          },
        }),
        // @ts-expect-error Node's fetch needs duplex for a stream body (not in the DOM's RequestInit).
        duplex: 'half',
      })
      expect(chunked.status, target).toBe(413)
    }
    // Just under the limit is read as usual (an unknown session: the checkout's own 404).
    const fits = await t.request(CHECKOUT, {
      headers: FORM,
      body: form({ session: 'x', card: 'A'.repeat(SANDBOX_FORM_MAX_BYTES - 100) }),
    })
    expect(fits.status).toBe(404)
    expect(await fits.text()).toContain('No such checkout')
  })

  it('names every sandbox partner in /api/health', async () => {
    const res = await t.request('/api/health')
    expect(await res.json()).toMatchObject({ status: 'ok', sandbox_partners: PARTNERS.map((p) => p.key) })
  })
})
