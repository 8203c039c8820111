/**
 * Billing through the API, the sandbox's hosted checkout and its signed webhooks: a firm admin
 * subscribes with the 4242 test card (the webhook stores the subscription and the paid invoice);
 * a declined card, failed 3-D Secure and an abandoned checkout each leave a message, no subscription
 * and an audit entry; seats are added and removed with prorated invoices and never fall below the
 * members (409, audited); the invoice PDF carries the firm, VAT at 20% and totals; cancelling at the
 * period's end, lapsing, the 402 on the cases board with the data kept, and re-subscribing; the
 * completion fee charged once when completion is recorded twice or collected concurrently, with its
 * receipt emailed and downloadable by the payer alone; bad and replayed webhooks refused and audited.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { BillingOverview, CompletionFee } from '#shared/contracts/billing.ts'
import { MyFirmResponse } from '#shared/contracts/firms.ts'
import type { SandboxPaymentsProvider } from '#server/providers/payments/sandbox-provider.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { collectCompletionFee } from './completion-fee'
import { paymentsOf } from './routes'
import { supplierFrom } from './supplier'
import { acceptFee } from './test-fee'

const t = useTestApp()
let admin: TestUser
let colleague: TestUser
let firmId: string
let txId: string

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
  const out: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    out.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return out.join('\n')
}

async function overview(as = admin): Promise<BillingOverview> {
  const res = await t.request('/api/firm/billing', { as })
  expect(res.status, await res.clone().text()).toBe(200)
  return BillingOverview.parse(await res.json())
}

const endTrial = (organizationId = firmId) =>
  t.request('/api/dev/billing/end-trial', { json: { organization_id: organizationId } })

async function events(kind: string): Promise<Array<{ detail: Record<string, unknown> }>> {
  return t.database.query(
    `select detail from security_events where kind = $1 and detail->>'organization_id' = $2 order by created_at`,
    [kind, firmId],
  )
}

/** Starts checkout, answers the sandbox's page with `card`, delivers the webhooks. Returns the page's answer. */
async function checkout(card: string | 'cancel', seats = 2, interval: 'month' | 'year' = 'month') {
  const started = await t.request('/api/firm/billing/checkout', { as: admin, json: { interval, seats } })
  expect(started.status, await started.clone().text()).toBe(201)
  const { checkout_url } = (await started.json()) as { checkout_url: string }
  const page = await t.app.request(checkout_url)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Sandbox')
  const session = new URL(checkout_url, t.config.publicUrl).searchParams.get('session')!
  const answer = await t.app.request('/sandbox/payments/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      card === 'cancel' ? { session, action: 'cancel' } : { session, action: 'pay', card },
    ).toString(),
  })
  await t.sandboxWebhooks.flush()
  return { answer, session }
}

beforeAll(async () => {
  admin = await t.signUp({ role: 'conveyancer', name: 'Ada Admin' })
  colleague = await t.signUp({ role: 'conveyancer', name: 'Cal Colleague' })
  const created = MyFirmResponse.parse(
    await (
      await t.request('/api/firm', {
        as: admin,
        json: {
          name: 'Ledger & Co Conveyancing',
          town: 'St Albans',
          postcode_district: 'AL1',
          contact_email: 'accounts@ledger.test',
        },
      })
    ).json(),
  )
  firmId = created.firm!.id
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
    [firmId, colleague.profileId],
  )
  // A matter on the cases board: the data that must outlive a lapse.
  const buyer = await t.signUp({ role: 'buyer', name: 'Bo Buyer' })
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      participants: [{ profileId: admin.profileId, role: 'buyer_conveyancer' }],
    })
  ).transactionId
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'buyer', $3, 'Bo Buyer')`,
    [firmId, txId, admin.profileId],
  )
})

describe('Pro for a firm', () => {
  it('starts every new firm on a 30-day trial with the professional tools open', async () => {
    const o = await overview()
    expect(o.state).toBe('trial')
    expect(o.pro).toBe(true)
    expect(o.members_count).toBe(2)
    const days = (new Date(o.trial_ends_at!).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    expect((await t.request('/api/cases', { as: admin })).status).toBe(200)
  })

  it('refuses the cases board with 402 and a link to billing once the trial has ended, keeping the data', async () => {
    expect((await endTrial()).status).toBe(200)
    const res = await t.request('/api/cases', { as: colleague })
    expect(res.status).toBe(402)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('payment_required')
    expect(body.error.message).toContain('The cases board is part of Homeward Pro')
    expect(body.error.message).toContain('/app/firm/billing')
    expect(body.error.message).toContain('Ask an admin')
    expect((await t.request(`/api/firms/${firmId}/sla-settings`, { as: admin })).status).toBe(402)
    expect((await t.request(`/api/firms/${firmId}/standard-enquiries`, { as: admin })).status).toBe(402)
    expect((await overview()).state).toBe('lapsed')
  })

  it('refuses a checkout with fewer seats than members, and one started by a non-admin', async () => {
    const few = await t.request('/api/firm/billing/checkout', { as: admin, json: { interval: 'month', seats: 1 } })
    expect(few.status).toBe(409)
    expect(((await few.json()) as { error: { message: string } }).error.message).toContain('has 2 members')
    const notAdmin = await t.request('/api/firm/billing/checkout', {
      as: colleague,
      json: { interval: 'month', seats: 2 },
    })
    expect(notAdmin.status).toBe(403)
  })

  it('keeps a declined card, a failed 3-D Secure and an abandoned checkout from starting Pro, with a message and an audit entry', async () => {
    const declined = await checkout('4000 0000 0000 0002')
    expect(declined.answer.status).toBe(402)
    expect(await declined.answer.text()).toContain('Your card was declined')
    let o = await overview()
    expect(o.state).toBe('lapsed')
    expect(o.last_checkout_problem?.message).toContain('declined')
    expect(await events('firm.billing_payment_failed')).toHaveLength(1)

    // 3-D Secure: the page sends the person to the sandbox bank, who fails it.
    const needs = await checkout('4000002500003155')
    expect(needs.answer.status).toBe(303)
    expect(needs.answer.headers.get('location')).toContain('/sandbox/payments/authenticate')
    const bank = await t.app.request(needs.answer.headers.get('location')!)
    expect(await bank.text()).toContain('Sandbox')
    await t.app.request('/sandbox/payments/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session: needs.session, decision: 'fail' }).toString(),
    })
    await t.sandboxWebhooks.flush()
    o = await overview()
    expect(o.last_checkout_problem?.message).toContain('3-D Secure failed')
    expect(await events('firm.billing_payment_failed')).toHaveLength(2)

    const abandoned = await checkout('cancel')
    expect(abandoned.answer.headers.get('location')).toContain('/app/firm/billing?checkout=cancelled')
    o = await overview()
    expect(o.last_checkout_problem?.message).toContain('nothing was charged')
    expect(o.subscription).toBeNull()
    expect(await events('firm.billing_checkout_abandoned')).toHaveLength(1)
    expect(await t.database.query(`select 1 from billing_invoices where organization_id = $1`, [firmId])).toHaveLength(
      0,
    )
  })

  it('subscribes through the sandbox checkout and its signed webhook; the invoice PDF shows the firm, VAT at 20% and the total', async () => {
    const { answer } = await checkout('4242 4242 4242 4242', 2)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${t.config.publicUrl}/app/firm/billing?checkout=success`)
    const o = await overview()
    expect(o).toMatchObject({ state: 'subscribed', pro: true, last_checkout_problem: null })
    expect(o.subscription).toMatchObject({ status: 'active', interval: 'month', seats: 2, cancel_at_period_end: false })
    expect(o.invoices).toHaveLength(1)
    expect(o.invoices[0]).toMatchObject({
      kind: 'subscription',
      status: 'paid',
      subtotal_pence: 9800,
      vat_pence: 1960,
      total_pence: 11760,
    })
    expect(await events('firm.billing_subscribed')).toHaveLength(1)

    const pdf = await t.request(`/api/firm/billing/invoices/${o.invoices[0].id}/pdf`, { as: admin })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(await pdf.arrayBuffer())
    expect(text).toContain('VAT invoice')
    expect(text).toContain(o.invoices[0].number)
    expect(text).toContain('Ledger & Co Conveyancing')
    expect(text).toContain('accounts@ledger.test')
    expect(text).toContain('VAT at 20%')
    expect(text).toContain('£98.00')
    expect(text).toContain('£19.60')
    expect(text).toContain('£117.60')
    // Only the firm's admins see invoices.
    expect((await t.request(`/api/firm/billing/invoices/${o.invoices[0].id}/pdf`, { as: colleague })).status).toBe(404)
    expect((await overview(colleague)).invoices).toEqual([])
    // The tools are open again, with the matter still there.
    const board = await t.request('/api/cases', { as: colleague })
    expect(board.status).toBe(200)
    expect(JSON.stringify(await board.json())).toContain(txId)
  })

  it('adds and removes seats with prorated invoices, and refuses fewer seats than members', async () => {
    let res = await t.request('/api/firm/billing/seats', { method: 'PUT', as: admin, json: { seats: 3 } })
    expect(res.status, await res.clone().text()).toBe(200)
    let o = BillingOverview.parse(await res.json())
    expect(o.subscription?.seats).toBe(3)
    const added = o.invoices.find((i) => i.kind === 'proration')!
    // Almost the whole month is left: close to one seat's 4900 + VAT.
    expect(added.subtotal_pence).toBeGreaterThan(4800)
    expect(added.subtotal_pence).toBeLessThanOrEqual(4900)
    expect(added.vat_pence).toBe(Math.round(added.subtotal_pence * 0.2))

    res = await t.request('/api/firm/billing/seats', { method: 'PUT', as: admin, json: { seats: 1 } })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'has 2 members, so it needs at least 2 seats',
    )
    expect((await overview()).subscription?.seats).toBe(3)
    expect(await events('firm.billing_seats_refused')).toHaveLength(1)

    res = await t.request('/api/firm/billing/seats', { method: 'PUT', as: admin, json: { seats: 2 } })
    o = BillingOverview.parse(await res.json())
    expect(o.subscription?.seats).toBe(2)
    const credit = o.invoices.find((i) => i.kind === 'proration' && i.total_pence < 0)!
    expect(credit.status).toBe('credited')
    expect(await events('firm.billing_seats_changed')).toHaveLength(2)
    const pdf = await pdfText(
      await (await t.request(`/api/firm/billing/invoices/${credit.id}/pdf`, { as: admin })).arrayBuffer(),
    )
    expect(pdf).toContain('Credit note')
  })

  it('cancels at the end of the period, lapses to 402 with the data kept, and re-subscribes', async () => {
    let res = await t.request('/api/firm/billing/cancel', { method: 'POST', as: admin })
    expect(res.status).toBe(200)
    expect(BillingOverview.parse(await res.json())).toMatchObject({ state: 'cancelling', pro: true })
    expect(await events('firm.billing_cancelled')).toHaveLength(1)
    // The period ends.
    await t.database.query(
      `update billing_accounts set current_period_end = now() - interval '1 minute' where organization_id = $1`,
      [firmId],
    )
    expect((await overview()).state).toBe('lapsed')
    res = await t.request('/api/cases', { as: admin })
    expect(res.status).toBe(402)
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Pro plan ended')
    // Nothing was deleted, and subscribing again brings the board back with its matter.
    expect(await t.database.query(`select 1 from matters where organization_id = $1`, [firmId])).toHaveLength(1)
    await checkout('4242424242424242', 2, 'year')
    const o = await overview()
    expect(o.subscription).toMatchObject({ status: 'active', interval: 'year', seats: 2 })
    expect(o.invoices.find((i) => i.kind === 'subscription' && i.subtotal_pence === 98000)).toBeTruthy()
    const board = await t.request('/api/cases', { as: admin })
    expect(board.status).toBe(200)
    expect(JSON.stringify(await board.json())).toContain(txId)
  })
})

describe('payments webhook', () => {
  const post = (body: string, headers: Record<string, string>) =>
    t.app.request('/api/webhooks/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('refuses a bad signature (401) and a replay (409), recording each, and changes nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_test',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_unknown', customerRef: 'cus_x', status: 'canceled' } },
    })
    const forged = signWebhook('whsec_' + Buffer.from('not-our-secret-at-all-32-bytes!!').toString('base64'), body)
    const bad = await post(body, forged)
    expect(bad.status).toBe(401)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('The webhook was refused')
    const headers = signWebhook(t.config.providerWebhookSecret, body, { id: `msg_${randomUUID()}` })
    expect((await post(body, headers)).status).toBe(200)
    const replay = await post(body, headers)
    expect(replay.status).toBe(409)
    const refused = await t.database.query<{ last_reason: string; count: number }>(
      `select last_reason, count from partner_webhook_refusals where kind = 'payments.webhook_refused'`,
    )
    expect(refused.reduce((n, r) => n + r.count, 0)).toBeGreaterThanOrEqual(2)
    expect(refused.map((r) => r.last_reason).join(' ')).toMatch(/already received/)
  })

  it("counts 50 refused deliveries from one source in a handful of rows, with the sender's id cut to 64 characters", async () => {
    const source = '203.0.113.77'
    const before = await t.database.query<{ n: number }>(`select count(*)::int as n from security_events`)
    for (let i = 0; i < 50; i++) {
      const body = JSON.stringify({ id: `evt_${i}`, type: 'customer.subscription.deleted', data: { object: {} } })
      const res = await t.request('/api/webhooks/payments', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': `msg_${'x'.repeat(8000)}${i}`,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,Zm9yZ2Vk',
        },
        body,
        peer: source,
      })
      expect(res.status).toBe(401)
      await res.body?.cancel()
    }
    const rows = await t.database.query<{ count: number; last_webhook_id: string; minute: Date }>(
      `select count, last_webhook_id, minute from partner_webhook_refusals where source = $1`,
      [source],
    )
    // One row per minute: two when the fifty straddle a minute's end.
    expect(rows.length).toBeGreaterThanOrEqual(1)
    expect(rows.length).toBeLessThanOrEqual(2)
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(50)
    for (const r of rows) expect(r.last_webhook_id).toHaveLength(64)
    // No security event per refusal any more.
    const after = await t.database.query<{ n: number }>(`select count(*)::int as n from security_events`)
    expect(after[0].n).toBe(before[0].n)
  })
})

describe('the completion fee', () => {
  it('is charged once to the card the seller saved when completion is recorded, even when collected again at the same time', async () => {
    const buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
    const seller = await t.signUp({ role: 'seller', name: 'Sid Seller' })
    const conveyancer = await t.signUp({ role: 'conveyancer', name: 'Con Veyancer' })
    const { transactionId: tx } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      status: 'exchange',
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
    })
    let fee = CompletionFee.parse(
      await (await t.request(`/api/transactions/${tx}/completion-fee`, { as: buyer })).json(),
    )
    expect(fee).toMatchObject({
      amount_pence: 9900,
      vat_pence: 1650,
      payer: 'seller',
      payer_name: 'Sid Seller',
      status: 'not_due',
    })

    // The seller accepts the fee and saves the 4242 test card; nothing is charged yet.
    const provider = paymentsOf(t) as SandboxPaymentsProvider
    const before = provider.chargeCount()
    expect((await acceptFee(t, seller, tx, '4242 4242 4242 4242')).status).toBe(201)
    expect(provider.chargeCount()).toBe(before)
    const [{ version }] = await t.database.query<{ version: number }>(
      `select version from transactions where id = $1`,
      [tx],
    )
    // Recorded twice at once: one wins, the other is refused (409); the fee is charged once.
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.request(`/api/transactions/${tx}/status`, { as: conveyancer, json: { action: 'complete', version } }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    // And collected again, concurrently, as a retry would.
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        collectCompletionFee({
          database: t.database,
          provider,
          txId: tx,
          publicUrl: t.config.publicUrl,
          deliverMail: false,
          supplier: supplierFrom(t.config),
        }),
      ),
    )
    expect(again).toEqual(['paid', 'paid', 'paid'])
    expect(provider.chargeCount() - before).toBe(1)
    expect(await t.database.query(`select 1 from billing_invoices where transaction_id = $1`, [tx])).toHaveLength(1)
    const mails = await t.database.query<{ to_address: string; text_body: string }>(
      `select to_address, text_body from mail_outbox where kind = 'completion_fee_receipt' and transaction_id = $1`,
      [tx],
    )
    expect(mails).toHaveLength(1)
    expect(mails[0].to_address).toBe(seller.email)
    expect(mails[0].text_body).toContain('£99.00')
    const audit = await t.database.query(
      `select 1 from activity_events where transaction_id = $1 and kind = 'billing.completion_fee_charged'`,
      [tx],
    )
    expect(audit).toHaveLength(1)

    fee = CompletionFee.parse(await (await t.request(`/api/transactions/${tx}/completion-fee`, { as: seller })).json())
    expect(fee).toMatchObject({ status: 'paid', receipt_available: true })
    const receipt = await t.request(`/api/transactions/${tx}/completion-fee/receipt`, { as: seller })
    expect(receipt.status).toBe(200)
    const text = await pdfText(await receipt.arrayBuffer())
    expect(text).toContain('Receipt')
    expect(text).toContain('Sid Seller')
    expect(text).toContain('£82.50')
    expect(text).toContain('£16.50')
    expect(text).toContain('£99.00')
    // No VAT number is configured in tests: the receipt says its number is the sandbox's sample.
    expect(text).toContain('Sandbox sample VAT number: not a real registration')
    expect((await t.request(`/api/transactions/${tx}/completion-fee/receipt`, { as: buyer })).status).toBe(404)
  })
})
