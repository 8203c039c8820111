/**
 * Subscription events applied in order with the sandbox provider (the security review's L4): the
 * sandbox's events carry Stripe's `created` (Unix seconds) and a state older than the stored one is
 * ignored, while canceled is final. A firm subscribes through the sandbox's hosted checkout (4242);
 * then events signed with the instance's provider secret, as the sandbox sends them, arrive out of
 * order at POST /api/webhooks/payments.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BillingOverview } from '#shared/contracts/billing.ts'
import { MyFirmResponse } from '#shared/contracts/firms.ts'
import { SANDBOX_CARDS } from '#server/providers/payments/sandbox-provider.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function overview(as: TestUser): Promise<BillingOverview> {
  const res = await t.request('/api/firm/billing', { as })
  expect(res.status, await res.clone().text()).toBe(200)
  return BillingOverview.parse(await res.json())
}

/** A firm subscribed through the sandbox's checkout after its trial ended (Pro from the subscription alone). */
async function subscribedFirm() {
  const admin = await t.signUp({ role: 'conveyancer', name: 'Olu Order' })
  const created = await t.request('/api/firm', {
    as: admin,
    json: {
      name: `Order & Co ${randomUUID().slice(0, 6)}`,
      town: 'York',
      postcode_district: 'YO1',
      contact_email: 'a@order.test',
    },
  })
  const firmId = MyFirmResponse.parse(await created.json()).firm!.id
  // The trial ends first, so that the subscription starts active and Pro comes from it alone.
  expect((await t.request('/api/dev/billing/end-trial', { json: { organization_id: firmId } })).status).toBe(200)
  const started = await t.request('/api/firm/billing/checkout', { as: admin, json: { interval: 'month', seats: 1 } })
  expect(started.status, await started.clone().text()).toBe(201)
  const { checkout_url } = (await started.json()) as { checkout_url: string }
  const session = new URL(checkout_url, t.config.publicUrl).searchParams.get('session')!
  await t.app.request('/sandbox/payments/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, action: 'pay', card: SANDBOX_CARDS.succeeds }).toString(),
  })
  await t.sandboxWebhooks.flush()
  const o = await overview(admin)
  expect(o).toMatchObject({ state: 'subscribed', pro: true, subscription: { status: 'active' } })
  const [row] = await t.database.query<{ subscription_ref: string; customer_ref: string }>(
    `select subscription_ref, customer_ref from billing_accounts where organization_id = $1`,
    [firmId],
  )
  return { admin, firmId, subscriptionRef: row!.subscription_ref, customerRef: row!.customer_ref }
}

/** Sends a subscription event as the sandbox does: Stripe's envelope with `created`, signed. */
async function send(
  firm: { subscriptionRef: string; customerRef: string },
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  status: string,
  created: number,
) {
  const body = JSON.stringify({
    id: `evt_sandbox_${randomUUID().replace(/-/g, '')}`,
    created,
    type,
    data: {
      object: {
        id: firm.subscriptionRef,
        customerRef: firm.customerRef,
        status,
        interval: 'month',
        quantity: 1,
        currentPeriodStart: new Date().toISOString(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    },
  })
  const res = await t.app.request('/api/webhooks/payments', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signWebhook(t.config.providerWebhookSecret, body) },
    body,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

describe('subscription events out of order (sandbox)', () => {
  it('L4: a late, older customer.subscription.updated does not revive a cancelled subscription', async () => {
    const firm = await subscribedFirm()
    const now = Math.floor(Date.now() / 1000)
    await send(firm, 'customer.subscription.deleted', 'canceled', now + 2)
    expect(await overview(firm.admin)).toMatchObject({ state: 'lapsed', pro: false })
    await send(firm, 'customer.subscription.updated', 'active', now + 1)
    expect(await overview(firm.admin)).toMatchObject({
      state: 'lapsed',
      pro: false,
      subscription: { status: 'canceled' },
    })
    // Canceled is final even for a newer event: only a new subscription (a checkout) replaces it.
    await send(firm, 'customer.subscription.updated', 'active', now + 60)
    expect((await overview(firm.admin)).subscription?.status).toBe('canceled')
  })

  it('an older state never overwrites a newer one; a newer one applies', async () => {
    const firm = await subscribedFirm()
    const now = Math.floor(Date.now() / 1000)
    await send(firm, 'customer.subscription.updated', 'unpaid', now + 20)
    expect(await overview(firm.admin)).toMatchObject({ state: 'lapsed', subscription: { status: 'unpaid' } })
    await send(firm, 'customer.subscription.updated', 'past_due', now + 10)
    expect((await overview(firm.admin)).subscription?.status).toBe('unpaid')
    await send(firm, 'customer.subscription.updated', 'active', now + 30)
    expect(await overview(firm.admin)).toMatchObject({
      state: 'subscribed',
      pro: true,
      subscription: { status: 'active' },
    })
  })

  it('a cancelled firm subscribes again through a new checkout', async () => {
    const firm = await subscribedFirm()
    await send(firm, 'customer.subscription.deleted', 'canceled', Math.floor(Date.now() / 1000) + 5)
    expect((await overview(firm.admin)).state).toBe('lapsed')
    const started = await t.request('/api/firm/billing/checkout', {
      as: firm.admin,
      json: { interval: 'year', seats: 1 },
    })
    const session = new URL(
      ((await started.json()) as { checkout_url: string }).checkout_url,
      t.config.publicUrl,
    ).searchParams.get('session')!
    await t.app.request('/sandbox/payments/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, action: 'pay', card: SANDBOX_CARDS.succeeds }).toString(),
    })
    await t.sandboxWebhooks.flush()
    expect(await overview(firm.admin)).toMatchObject({
      state: 'subscribed',
      pro: true,
      subscription: { status: 'active', interval: 'year' },
    })
  })
})
