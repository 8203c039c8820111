/**
 * The Stripe adapter end to end: the app with PAYMENTS_PROVIDER=stripe, its official client pointed
 * (STRIPE_API_URL) at a local stand-in of Stripe's API (providers/payments/test/fake-stripe-api.ts),
 * and events shaped as Stripe documents them (the JSON fixtures there) signed by the `stripe`
 * package's own test helper and posted to POST /api/webhooks/payments. Shows: a subscription-mode
 * checkout (its `subscription` and `customer` are ids) makes the firm Pro; each of Stripe's eight
 * subscription statuses maps to Homeward's state; invoices are read under the pinned API version
 * (also when the endpoint's own version still puts `subscription` at the top level); a late, older
 * event does not revive a cancelled subscription (the security review's L4); a payment-mode session
 * and another product's subscription change nothing; bad signatures and replays are refused.
 */
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BillingOverview } from '#shared/contracts/billing.ts'
import { MyFirmResponse } from '#shared/contracts/firms.ts'
import { STRIPE_API_VERSION } from '#server/providers/payments/stripe-provider.ts'
import {
  at,
  eventObject,
  startFakeStripeApi,
  stripeFixture,
  type FakeStripeApi,
  type StripeJson,
} from '#server/providers/payments/test/fake-stripe-api.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const SECRET_KEY = 'sk_test_homeward_fake'
const WEBHOOK_SECRET = 'whsec_test_homeward_fake_endpoint_secret'

let api: FakeStripeApi
beforeAll(async () => {
  api = await startFakeStripeApi(SECRET_KEY)
})
afterAll(async () => {
  await api.close()
})

const t = useTestApp(() => ({
  config: {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
    STRIPE_API_URL: api.url,
    HOMEWARD_COMPANY_NAME: 'Homeward Ltd',
    HOMEWARD_COMPANY_ADDRESS: '1 Test Street|London|EC1A 1AA',
    HOMEWARD_VAT_NUMBER: 'GB 123 4567 89',
  },
}))

/** Posts an event as Stripe does: the raw JSON, signed by the official package's test helper. */
async function deliver(event: StripeJson, secret = WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
  return t.app.request('/api/webhooks/payments', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
}

/** An event fixture with a fresh id and `created`, its object changed by `change`. */
function event(name: string, change: (object: StripeJson) => void, created = Math.floor(Date.now() / 1000)) {
  const e = stripeFixture(name)
  e.id = `evt_${randomUUID().replace(/-/g, '')}`
  e.created = created
  change(eventObject(e))
  return e
}

async function overview(as: TestUser): Promise<BillingOverview> {
  const res = await t.request('/api/firm/billing', { as })
  expect(res.status, await res.clone().text()).toBe(200)
  return BillingOverview.parse(await res.json())
}

const StoredAccount = z.object({ customer_ref: z.string().nullable(), subscription_ref: z.string().nullable() })

/** A subscription as Stripe holds it (the fixture), for `customer`, with `status`. */
function stripeSubscription(id: string, customer: string, status: string, organizationId: string): StripeJson {
  const s = stripeFixture('subscription')
  Object.assign(s, { id, customer, status, metadata: { organization_id: organizationId } })
  Object.assign(at(s, 'items', 'data', 0), { subscription: id, quantity: 1 })
  return s
}

/**
 * A firm whose admin went through Stripe's checkout: the session is opened through the API (on the
 * stand-in), Stripe then holds an active subscription and sends checkout.session.completed with its
 * id. The firm's free trial is then ended, so that Pro comes from the subscription alone.
 */
async function subscribedFirm() {
  const admin = await t.signUp({ role: 'conveyancer', name: 'Sam Stripe' })
  const created = await t.request('/api/firm', {
    as: admin,
    json: {
      name: `Stripe & Co ${randomUUID().slice(0, 6)}`,
      town: 'Leeds',
      postcode_district: 'LS1',
      contact_email: 'accounts@stripe-and-co.test',
    },
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const firmId = MyFirmResponse.parse(await created.json()).firm!.id
  const started = await t.request('/api/firm/billing/checkout', { as: admin, json: { interval: 'month', seats: 1 } })
  expect(started.status, await started.clone().text()).toBe(201)
  const { checkout_url } = z.object({ checkout_url: z.string() }).parse(await started.json())
  expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
  const sessionId = checkout_url.split('/').at(-1)!
  const [account] = StoredAccount.array().parse(
    await t.database.query(`select customer_ref, subscription_ref from billing_accounts where organization_id = $1`, [
      firmId,
    ]),
  )
  const customer = account!.customer_ref!
  expect(customer).toMatch(/^cus_test_/)

  const subId = `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`
  api.subscriptions.set(subId, stripeSubscription(subId, customer, 'active', firmId))
  const res = await deliver(
    event('event.checkout.session.completed.subscription', (o) =>
      Object.assign(o, { id: sessionId, customer, subscription: subId, metadata: { organization_id: firmId } }),
    ),
  )
  expect(res.status, await res.clone().text()).toBe(200)
  await t.database.query(
    `update billing_accounts set trial_ends_at = now() - interval '1 day' where organization_id = $1`,
    [firmId],
  )
  return { admin, firmId, subId, customer }
}

/** Stripe changes the subscription's status, then tells us (its `created` given, or now). */
async function stripeSetsStatus(firm: { subId: string }, status: string, created?: number) {
  api.subscriptions.get(firm.subId)!.status = status
  return deliver(
    event('event.customer.subscription.updated', (o) => Object.assign(o, { id: firm.subId, status }), created),
  )
}

describe('Stripe: a subscription-mode checkout', () => {
  it('makes the firm Pro: the subscription named by id is read back from the API on the pinned version', async () => {
    const firm = await subscribedFirm()
    const o = await overview(firm.admin)
    expect(o).toMatchObject({ state: 'subscribed', pro: true })
    expect(o.subscription).toMatchObject({ status: 'active', seats: 1, interval: 'month' })
    const [account] = StoredAccount.array().parse(
      await t.database.query(`select customer_ref, subscription_ref from billing_accounts where organization_id = $1`, [
        firm.firmId,
      ]),
    )
    expect(account).toEqual({ customer_ref: firm.customer, subscription_ref: firm.subId })
    const [session] = await t.database.query<{ status: string }>(
      `select status from checkout_sessions where organization_id = $1`,
      [firm.firmId],
    )
    expect(session!.status).toBe('complete')
    // Every call on the pinned version, the customer made idempotently, the checkout on the monthly Price.
    const calls = api.requests.filter((r) => r.path !== '/v1/invoices')
    expect(new Set(calls.map((r) => r.stripeVersion))).toEqual(new Set([STRIPE_API_VERSION]))
    const customerCall = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers')!
    expect(customerCall.idempotencyKey).toMatch(/^customer-/)
    const checkoutCall = api.requests.findLast((r) => r.path === '/v1/checkout/sessions')!
    expect(checkoutCall.body.get('line_items[0][price]')).toBe('price_pro_monthly')
    expect(checkoutCall.body.get('subscription_data[metadata][organization_id]')).toBe(firm.firmId)
    expect(api.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${firm.subId}`)).toBe(true)
  })

  it('stores invoice.paid, read back from the API, with VAT as Stripe taxed it', async () => {
    const firm = await subscribedFirm()
    const invoice = stripeFixture('invoice')
    const invoiceId = `in_${randomUUID().replace(/-/g, '').slice(0, 14)}`
    Object.assign(invoice, {
      id: invoiceId,
      customer: firm.customer,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: firm.subId } },
    })
    api.invoices.set(invoiceId, invoice)
    const res = await deliver(
      event('event.invoice.paid', (o) => Object.assign(o, { id: invoiceId, customer: firm.customer })),
    )
    expect(res.status, await res.clone().text()).toBe(200)
    const stored = (await overview(firm.admin)).invoices.find((i) => i.kind === 'subscription')
    expect(stored).toMatchObject({ status: 'paid', subtotal_pence: 9800, vat_pence: 1960, total_pence: 11760 })
    const rows = await t.database.query(`select 1 from billing_invoices where provider_ref = $1`, [invoiceId])
    expect(rows).toHaveLength(1)
    expect(api.requests.some((r) => r.method === 'GET' && r.path === `/v1/invoices/${invoiceId}`)).toBe(true)
  })

  it('ignores a payment-mode session (nothing of ours) and answers 200', async () => {
    const before = api.requests.length
    const e = event('event.checkout.session.completed.payment', () => {})
    const res = await deliver(e)
    expect(res.status, await res.clone().text()).toBe(200)
    // Nothing read from Stripe, the receipt kept so a replay is refused.
    expect(api.requests.length).toBe(before)
    expect((await deliver(e)).status).toBe(409)
  })
})

describe('Stripe: subscription statuses', () => {
  it('maps each status: trialing, active and past_due keep Pro; unpaid, paused and incomplete close it', async () => {
    const firm = await subscribedFirm()
    const expected = [
      ['trialing', true],
      ['past_due', true],
      ['unpaid', false],
      ['paused', false],
      ['incomplete', false],
      ['active', true],
    ] as const
    for (const [status, pro] of expected) {
      const res = await stripeSetsStatus(firm, status)
      expect(res.status, `${status}: ${await res.clone().text()}`).toBe(200)
      const o = await overview(firm.admin)
      expect({ status: o.subscription?.status, pro: o.pro, state: o.state }, status).toEqual({
        status,
        pro,
        state: pro ? 'subscribed' : 'lapsed',
      })
    }
  })

  it('incomplete_expired and canceled are final: no later event moves the subscription out of them', async () => {
    for (const final of ['incomplete_expired', 'canceled'] as const) {
      const firm = await subscribedFirm()
      const res =
        final === 'canceled'
          ? await (async () => {
              api.subscriptions.get(firm.subId)!.status = 'canceled'
              return deliver(event('event.customer.subscription.deleted', (o) => Object.assign(o, { id: firm.subId })))
            })()
          : await stripeSetsStatus(firm, final)
      expect(res.status, await res.clone().text()).toBe(200)
      expect(await overview(firm.admin)).toMatchObject({ state: 'lapsed', pro: false, subscription: { status: final } })
      // A read that raced the end (the stand-in still answering "active") cannot revive it either.
      expect((await stripeSetsStatus(firm, 'active')).status).toBe(200)
      expect(await overview(firm.admin)).toMatchObject({ state: 'lapsed', pro: false, subscription: { status: final } })
    }
  })

  it('L4: a late, older customer.subscription.updated does not revive a cancelled subscription', async () => {
    const firm = await subscribedFirm()
    const now = Math.floor(Date.now() / 1000)
    api.subscriptions.get(firm.subId)!.status = 'canceled'
    const deleted = await deliver(
      event('event.customer.subscription.deleted', (o) => Object.assign(o, { id: firm.subId }), now),
    )
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    expect(await overview(firm.admin)).toMatchObject({ state: 'lapsed', pro: false })
    // The update Stripe sent first ("active", a minute older) arrives last: read back, it is cancelled.
    const late = await deliver(
      event(
        'event.customer.subscription.updated',
        (o) => Object.assign(o, { id: firm.subId, status: 'active' }),
        now - 60,
      ),
    )
    expect(late.status).toBe(200)
    expect(await overview(firm.admin)).toMatchObject({
      state: 'lapsed',
      pro: false,
      subscription: { status: 'canceled' },
    })
  })

  it('invoice.payment_failed from an endpoint on an older API version: the subscription is read back, past due', async () => {
    const firm = await subscribedFirm()
    const renewal = stripeFixture('invoice')
    const renewalId = `in_${randomUUID().replace(/-/g, '').slice(0, 14)}`
    Object.assign(renewal, {
      id: renewalId,
      status: 'open',
      billing_reason: 'subscription_cycle',
      customer: firm.customer,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: firm.subId } },
    })
    api.invoices.set(renewalId, renewal)
    api.subscriptions.get(firm.subId)!.status = 'past_due'
    // The fixture is the 2024-06-20 shape: `subscription` at the top level and no `parent`.
    const failed = event('event.invoice.payment_failed', (o) =>
      Object.assign(o, { id: renewalId, customer: firm.customer, subscription: firm.subId }),
    )
    expect(failed.api_version).toBe('2024-06-20')
    const res = await deliver(failed)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await overview(firm.admin)).toMatchObject({
      state: 'subscribed',
      pro: true,
      subscription: { status: 'past_due' },
    })
  })

  it('customer.subscription.created for a subscription Homeward holds changes nothing; another product is ignored', async () => {
    const firm = await subscribedFirm()
    const res = await deliver(event('event.customer.subscription.created', (o) => Object.assign(o, { id: firm.subId })))
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await overview(firm.admin)).subscription).toMatchObject({ status: 'active', seats: 1 })
    // A weekly subscription of something else sold on the same Stripe account: not refused, not stored.
    const other = stripeSubscription(`sub_other_${randomUUID().slice(0, 8)}`, firm.customer, 'active', firm.firmId)
    at(other, 'items', 'data', 0, 'price', 'recurring').interval = 'week'
    api.subscriptions.set(other.id, other)
    const ignored = await deliver(
      event('event.customer.subscription.updated', (o) => Object.assign(o, { id: other.id })),
    )
    expect(ignored.status, await ignored.clone().text()).toBe(200)
    expect((await overview(firm.admin)).subscription).toMatchObject({ status: 'active', seats: 1 })
  })
})

describe('Stripe: changes made from Homeward', () => {
  it('changes seats with an invoiced proration and cancels at the period end, through the API', async () => {
    const firm = await subscribedFirm()
    const seats = await t.request('/api/firm/billing/seats', { method: 'PUT', as: firm.admin, json: { seats: 3 } })
    expect(seats.status, await seats.clone().text()).toBe(200)
    expect(BillingOverview.parse(await seats.json()).subscription).toMatchObject({ seats: 3, status: 'active' })
    const update = api.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${firm.subId}`)!
    expect(update.body.get('items[0][id]')).toBe('si_QhomewardSeats')
    expect(update.body.get('items[0][quantity]')).toBe('3')
    expect(update.body.get('proration_behavior')).toBe('always_invoice')
    expect(update.stripeVersion).toBe(STRIPE_API_VERSION)
    const cancel = await t.request('/api/firm/billing/cancel', { method: 'POST', as: firm.admin })
    expect(cancel.status, await cancel.clone().text()).toBe(200)
    expect(BillingOverview.parse(await cancel.json())).toMatchObject({ state: 'cancelling', pro: true })
    expect(
      api.requests
        .findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${firm.subId}`)!
        .body.get('cancel_at_period_end'),
    ).toBe('true')
  })
})

describe('Stripe: signatures', () => {
  it('refuses a wrong secret and a stale timestamp (401) and a replay (409)', async () => {
    const e = event('event.checkout.session.completed.payment', () => {})
    const forged = await deliver(e, 'whsec_not_the_endpoint_secret')
    expect(forged.status).toBe(401)
    expect(await forged.text()).toContain('The webhook was refused')
    const stale = await deliver(e, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)
    expect(stale.status).toBe(401)
    expect((await deliver(e)).status).toBe(200)
    expect((await deliver(e)).status).toBe(409)
  })
})
