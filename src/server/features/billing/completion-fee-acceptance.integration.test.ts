/**
 * Accepting the completion fee (docs/decisions/036-completion-fee-acceptance.md) through the API, the
 * sandbox's hosted setup page and its signed webhooks: only the payer (the seller) may accept; a
 * declined card and an abandoned page leave the fee unaccepted with a message and an audit entry; a
 * card that needs 3-D Secure is saved after it; a second acceptance is refused; at completion the saved
 * card is charged once. A fee never accepted does not hold completion back: it stays due, the payer is
 * emailed once how to pay, pays it later with a saved card and gets the receipt. The seeded demo
 * firms' subscriptions are known to the app's sandbox: their admin changes seats and cancels.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { BillingOverview, CompletionFee } from '#shared/contracts/billing.ts'
import { MyFirmResponse } from '#shared/contracts/firms.ts'
import { subscribeDemoFirms } from '#server/seed/demo-billing.ts'
import type { SandboxPaymentsProvider } from '#server/providers/payments/sandbox-provider.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { paymentsOf } from './routes'
import { acceptFee } from './test-fee'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let outsider: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sid Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Con Veyancer' })
  outsider = await t.signUp({ role: 'buyer', name: 'Otto Outsider' })
})

async function newMove() {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    status: 'exchange',
    participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
  })
  return transactionId
}

async function fee(tx: string, as: TestUser = seller): Promise<CompletionFee> {
  const res = await t.request(`/api/transactions/${tx}/completion-fee`, { as })
  expect(res.status).toBe(200)
  return CompletionFee.parse(await res.json())
}

async function complete(tx: string) {
  const [{ version }] = await t.database.query<{ version: number }>(`select version from transactions where id = $1`, [
    tx,
  ])
  return t.request(`/api/transactions/${tx}/status`, { as: conveyancer, json: { action: 'complete', version } })
}

const activity = (tx: string, kind: string) =>
  t.database.query<{ summary: string }>(
    `select summary from activity_events where transaction_id = $1 and kind = $2 order by created_at`,
    [tx, kind],
  )

describe('accepting the completion fee', () => {
  it('is for the payer only, survives a declined card and an abandoned page, and saves a card after 3-D Secure', async () => {
    const tx = await newMove()
    expect(await fee(tx)).toMatchObject({ viewer_is_payer: true, viewer_action: 'accept', accepted: false })
    expect(await fee(tx, buyer)).toMatchObject({ viewer_is_payer: false, viewer_action: null, acceptance: null })

    // The server is the gate: the buyer and the conveyancer are refused (403), an outsider sees nothing (404).
    for (const [who, status] of [
      [buyer, 403],
      [conveyancer, 403],
      [outsider, 404],
    ] as const) {
      const res = await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: who, method: 'POST' })
      expect(res.status).toBe(status)
    }
    const refused = await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: buyer, method: 'POST' })
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'Only the seller (Sid Seller) accepts',
    )

    // A declined card: the page says so, the fee stays unaccepted with the message, and it is audited.
    const declined = await acceptFee(t, seller, tx, '4000 0000 0000 0002')
    expect(declined.page).toContain('Save a card for Homeward')
    expect(declined.page).toContain('Nothing is charged now')
    expect(declined.page).toContain('Your card was declined')
    let f = await fee(tx)
    expect(f).toMatchObject({ accepted: false, viewer_action: 'accept', acceptance: { status: 'failed' } })
    expect(f.acceptance?.problem).toMatch(/Your card was declined[\s\S]*not accepted yet and nothing was charged/)
    expect(await activity(tx, 'billing.completion_fee_setup_failed')).toHaveLength(1)

    // Abandoned: the same, with its own message and entry.
    await acceptFee(t, seller, tx, 'cancel')
    f = await fee(tx)
    expect(f.acceptance?.problem).toContain('You left the card page before saving a card')
    expect(await activity(tx, 'billing.completion_fee_setup_abandoned')).toHaveLength(1)

    // 3-D Secure failed, then approved on a second try.
    await acceptFee(t, seller, tx, '4000 0025 0000 3155', 'fail')
    expect((await fee(tx)).acceptance?.problem).toContain('3-D Secure failed')
    const ok = await acceptFee(t, seller, tx, '4000 0025 0000 3155', 'approve')
    expect(ok.status).toBe(201)
    f = await fee(tx)
    expect(f).toMatchObject({
      accepted: true,
      viewer_action: null,
      acceptance: { status: 'accepted', card_label: 'Visa ending 3155', problem: null },
    })
    expect(f.accepted_at).not.toBeNull()
    // Everyone on the move sees that it was accepted, not the card.
    expect(await fee(tx, buyer)).toMatchObject({ accepted: true, acceptance: null })
    expect(await activity(tx, 'billing.completion_fee_accepted')).toHaveLength(1)
    expect(await activity(tx, 'billing.completion_fee_accept_started')).toHaveLength(4)

    // Accepting again is refused until the move completes.
    const again = await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: seller, method: 'POST' })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('Visa ending 3155 will be charged when the move completes')

    // Completion charges the saved card, once.
    const provider = paymentsOf(t) as SandboxPaymentsProvider
    const before = provider.chargeCount()
    expect((await complete(tx)).status).toBe(200)
    expect(provider.chargeCount() - before).toBe(1)
    expect(await fee(tx)).toMatchObject({ status: 'paid', receipt_available: true, viewer_action: null })
    const [{ provider_ref }] = await t.database.query<{ provider_ref: string }>(
      `select provider_ref from completion_fees where transaction_id = $1`,
      [tx],
    )
    expect(provider_ref).toMatch(/^pi_sandbox_/)
    expect(
      (await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: seller, method: 'POST' })).status,
    ).toBe(409)
  })

  it('never holds completion back: a fee not accepted is due, the payer is emailed once how to pay, then pays with a card', async () => {
    const tx = await newMove()
    const provider = paymentsOf(t) as SandboxPaymentsProvider
    const before = provider.chargeCount()
    expect((await complete(tx)).status).toBe(200)
    const [{ status }] = await t.database.query<{ status: string }>(`select status from transactions where id = $1`, [
      tx,
    ])
    expect(status).toBe('completed')
    expect(provider.chargeCount()).toBe(before)
    expect(await fee(tx)).toMatchObject({ status: 'due', viewer_action: 'pay', receipt_available: false })
    expect(await fee(tx, buyer)).toMatchObject({ status: 'due', viewer_action: null })
    const due = await t.database.query<{ to_address: string; text_body: string }>(
      `select to_address, text_body from mail_outbox where kind = 'completion_fee_due' and transaction_id = $1`,
      [tx],
    )
    expect(due).toHaveLength(1)
    expect(due[0].to_address).toBe(seller.email)
    expect(due[0].text_body).toContain(`/app/transactions/${tx}`)
    expect(await activity(tx, 'billing.completion_fee_due')).toHaveLength(1)

    // Only the payer pays; a declined card changes nothing.
    expect(
      (await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: buyer, method: 'POST' })).status,
    ).toBe(403)
    await acceptFee(t, seller, tx, '4000 0000 0000 0002')
    expect(await fee(tx)).toMatchObject({ status: 'due', viewer_action: 'pay' })
    expect(provider.chargeCount()).toBe(before)

    // The card saved after completion is charged at once; the receipt is emailed.
    await acceptFee(t, seller, tx, '4242 4242 4242 4242')
    expect(await fee(tx)).toMatchObject({ status: 'paid', receipt_available: true })
    expect(provider.chargeCount() - before).toBe(1)
    const receipts = await t.database.query(
      `select 1 from mail_outbox where kind = 'completion_fee_receipt' and transaction_id = $1`,
      [tx],
    )
    expect(receipts).toHaveLength(1)
    expect(await activity(tx, 'billing.completion_fee_charged')).toHaveLength(1)
    expect(
      await t.database.query(`select 1 from mail_outbox where kind = 'completion_fee_due' and transaction_id = $1`, [
        tx,
      ]),
    ).toHaveLength(1)
  })

  it('cannot be accepted on a cancelled move', async () => {
    const { transactionId: tx } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      status: 'cancelled',
    })
    const res = await t.request(`/api/transactions/${tx}/completion-fee/accept`, { as: seller, method: 'POST' })
    expect(res.status).toBe(409)
    expect(await res.text()).toContain('cancelled')
  })
})

describe('the seeded demo subscriptions', () => {
  it('are known to the sandbox: the demo admin adds and removes seats, sees invoices and cancels', async () => {
    const admin = await t.signUp({ role: 'conveyancer', name: 'Dee Demo' })
    const created = await t.request('/api/firm', {
      as: admin,
      json: {
        name: 'Demo Conveyancing LLP',
        town: 'St Albans',
        postcode_district: 'AL1',
        contact_email: 'accounts@demo-conveyancing.test',
      },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const firm = MyFirmResponse.parse(await created.json())
    // The seed subscribes the demo accounts' firms with its own sandbox provider (another process in real life).
    await subscribeDemoFirms(t.database, [admin.email], new Date())
    await subscribeDemoFirms(t.database, [admin.email], new Date())
    const read = async () => BillingOverview.parse(await (await t.request('/api/firm/billing', { as: admin })).json())
    let o = await read()
    expect(o).toMatchObject({ organization_id: firm.firm!.id, state: 'subscribed', pro: true })
    expect(o.subscription).toMatchObject({ status: 'active', interval: 'month', seats: 1 })
    expect(o.invoices).toHaveLength(1)
    expect(o.invoices[0]).toMatchObject({ kind: 'subscription', total_pence: 5880 })

    const seats = await t.request('/api/firm/billing/seats', { as: admin, method: 'PUT', json: { seats: 3 } })
    expect(seats.status, await seats.clone().text()).toBe(200)
    o = BillingOverview.parse(await seats.json())
    expect(o.subscription?.seats).toBe(3)
    expect(o.invoices.map((i) => i.kind)).toContain('proration')
    const fewer = await t.request('/api/firm/billing/seats', { as: admin, method: 'PUT', json: { seats: 2 } })
    expect(fewer.status).toBe(200)
    expect(BillingOverview.parse(await fewer.json()).subscription?.seats).toBe(2)
    const pdf = await t.request(`/api/firm/billing/invoices/${o.invoices[0].id}/pdf`, { as: admin })
    expect(pdf.status).toBe(200)
    const cancelled = await t.request('/api/firm/billing/cancel', { as: admin, method: 'POST' })
    expect(cancelled.status).toBe(200)
    expect(BillingOverview.parse(await cancelled.json())).toMatchObject({ state: 'cancelling', pro: true })
  })
})
