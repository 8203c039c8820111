/**
 * A broker's clients and leads through the API (issue 40 item 2): added before any offer with a joint
 * applicant, visible to the broker and their firm only (another broker gets 404); the fact find saved
 * as it stands (one transaction per save, invalid input refused with nothing written); the funding
 * position against the target price, then the agreed price and the DIP once linked to the move; the
 * stage and the timeline's mortgage tasks moving each other through the one tick path; the
 * recommendation's ESIS audience rule; the product-transfer reminder once, by notification and email.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { BrokerClient, MortgageCase, Pipeline } from '#shared/contracts/mortgages.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'
import { ESIS_RULE } from './clients'
import { sendProductTransferReminders } from './product-transfer-reminders'

const t = useTestApp()
let buyer: TestUser
let broker: TestUser
let colleague: TestUser
let rival: TestUser
let txId: string

const factFind = (over: Record<string, unknown> = {}) => ({
  applicants: [
    {
      name: 'Amelia Clarke',
      addresses: [{ address: '3 Mill Lane, Harpenden', postcode: 'AL5 1AA', from: '2021-03', to: '' }],
      employments: [{ employer: 'Herts NHS Trust', status: 'employed', occupation: 'Nurse', from: '2019-09' }],
      incomes: [
        { type: 'employed', annual_pence: 42_000_00 },
        { type: 'overtime', annual_pence: 3_000_00 },
      ],
    },
    { name: 'Sam Clarke', incomes: [{ type: 'self_employed', annual_pence: 35_000_00 }] },
  ],
  commitments: [{ description: 'Car finance', monthly_pence: 250_00, balance_pence: 6_000_00 }],
  dependants: [{ age: 4 }],
  credit: { ccjs: 0, defaults: 1, missed_payments: 0, details: 'Mobile phone default 2022, satisfied' },
  protection: { life_cover: true, critical_illness: false, income_protection: true, notes: '' },
  objectives: 'Five-year fix, overpayments allowed',
  first_time_buyer: true,
  deposit_pence: 45_000_00,
  fees_pence: 4_000_00,
  target_price_pence: 400_000_00,
  ...over,
})

async function taskStatus(title: string): Promise<string> {
  const detail = TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
  return detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.title === title)!.status
}

async function taskId(title: string): Promise<{ id: string; version: number }> {
  const detail = TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
  const task = detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.title === title)!
  return { id: task.id, version: task.version }
}

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Amelia Clarke' })
  broker = await t.signUp({ role: 'broker', name: 'Marcus Reid' })
  colleague = await t.signUp({ role: 'broker', name: 'Nia Colleague' })
  rival = await t.signUp({ role: 'broker', name: 'Rhys Rival' })
  const { organizationId } = await createOrganization(t.database, { type: 'broker', name: 'Reid Mortgages' })
  for (const [who, role] of [
    [broker, 'admin'],
    [colleague, 'fee_earner'],
  ] as const) {
    await t.database.query(`insert into organization_members (organization_id, profile_id, role) values ($1, $2, $3)`, [
      organizationId,
      who.profileId,
      role,
    ])
  }
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      agreedPricePence: 525_000_00,
      participants: [{ profileId: broker.profileId, role: 'mortgage_broker' }],
    })
  ).transactionId
})

describe('a client before any offer', () => {
  let clientId: string

  it('is added with a joint applicant, and only the broker and their firm can read it', async () => {
    const res = await t.request('/api/broker-clients', {
      as: broker,
      json: {
        name: 'Amelia Clarke',
        email: 'amelia@example.com',
        phone: '07700 900123',
        status: 'lead',
        joint_applicants: [{ name: 'Sam Clarke' }],
      },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const c = BrokerClient.parse(await res.json())
    clientId = c.id
    expect(c).toMatchObject({ name: 'Amelia Clarke', status: 'lead', transaction_id: null })
    expect(c.fact_find.data.applicants.map((a) => a.name)).toEqual(['Amelia Clarke', 'Sam Clarke'])

    expect((await t.request(`/api/broker-clients/${clientId}`, { as: colleague })).status).toBe(200)
    expect((await t.request(`/api/broker-clients/${clientId}`, { as: rival })).status).toBe(404)
    expect((await t.request(`/api/broker-clients/${clientId}`, { as: buyer })).status).toBe(403)
    const put = await t.request(`/api/broker-clients/${clientId}/fact-find`, {
      method: 'PUT',
      as: rival,
      json: factFind(),
    })
    expect(put.status).toBe(404)

    const mine = Pipeline.parse(await (await t.request('/api/pipeline?q=amelia', { as: broker })).json())
    expect(mine.rows.map((r) => r.client_id)).toContain(clientId)
    const theirs = Pipeline.parse(await (await t.request('/api/pipeline', { as: rival })).json())
    expect(theirs.rows.map((r) => r.client_id)).not.toContain(clientId)
  })

  it('saves the fact find as it stands, refuses a malformed one writing nothing, and shows LTV and the gap', async () => {
    const bad = await t.request(`/api/broker-clients/${clientId}/fact-find`, {
      method: 'PUT',
      as: broker,
      json: factFind({ deposit_pence: -5 }),
    })
    expect(bad.status).toBe(400)
    const [untouched] = await t.database.query<{ fact_find_updated_at: string | null }>(
      `select fact_find_updated_at from mortgage_cases where id = $1`,
      [clientId],
    )
    expect(untouched!.fact_find_updated_at).toBeNull()

    const res = await t.request(`/api/broker-clients/${clientId}/fact-find`, {
      method: 'PUT',
      as: broker,
      json: factFind(),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const c = BrokerClient.parse(await res.json())
    expect(c.fact_find.updated_at).not.toBeNull()
    expect(c.fact_find.data.applicants[1]!.incomes[0]).toEqual({ type: 'self_employed', annual_pence: 35_000_00 })
    expect(c.fact_find.data.credit.defaults).toBe(1)
    // Summary: 42k + 3k + 35k income, £250 a month, £45k deposit.
    const [row] = await t.database.query<{ gross: string; monthly: string; deposit: string }>(
      `select gross_annual_income_pence::text as gross, monthly_commitments_pence::text as monthly, deposit_pence::text as deposit
       from mortgage_cases where id = $1`,
      [clientId],
    )
    expect(row).toEqual({ gross: '8000000', monthly: '25000', deposit: '4500000' })
    // Target £400k, £45k own funds: £355k loan, LTV 88.8%; SDLT for a first-time buyer on £400k is £5,000.
    expect(c.position).toMatchObject({
      price_source: 'target',
      price_pence: 400_000_00,
      mortgage_source: 'needed',
      mortgage_pence: 355_000_00,
      loan_to_value_percent: 88.8,
      sdlt_pence: 5_000_00,
      gap_pence: 9_000_00,
    })
  })

  it('links to the buyer’s move: the agreed price replaces the target, and a DIP ticks the timeline task', async () => {
    const link = await t.request(`/api/broker-clients/${clientId}/link`, { as: broker, json: { transaction_id: txId } })
    expect(link.status, await link.clone().text()).toBe(200)
    expect(BrokerClient.parse(await link.json()).position).toMatchObject({
      price_source: 'agreed',
      price_pence: 525_000_00,
    })
    const again = await t.request(`/api/broker-clients/${clientId}/link`, {
      as: broker,
      json: { transaction_id: txId },
    })
    expect(again.status).toBe(409)

    const dip = await t.request(`/api/mortgages/${txId}/dips`, {
      as: broker,
      json: {
        lender: 'Halifax',
        amount_pence: 280_000_00,
        term_months: 300,
        reference: 'HFX-1',
        issued_on: '2026-11-20',
        expires_on: '2027-02-18',
      },
    })
    expect(dip.status, await dip.clone().text()).toBe(201)
    const c = MortgageCase.parse(await dip.json())
    expect(c.client_id).toBe(clientId)
    // Funds: 525k + SDLT (no relief above £500k: 16,250) + 4k fees against 45k + 280k.
    expect(c.position).toMatchObject({
      mortgage_source: 'dip',
      mortgage_pence: 280_000_00,
      loan_to_value_percent: 53.3,
      gap_pence: 220_250_00,
      // 80k joint income less 3k of commitments, x4.5: up to £346,500, so £280k is within the estimate.
      above_affordability: false,
    })
    expect(await taskStatus(TASK_TITLES.decisionInPrinciple)).toBe('completed')
  })

  it('moving the stage ticks the mortgage tasks, and ticking a task moves the stage', async () => {
    const moved = await t.request(`/api/mortgages/${txId}/application`, {
      method: 'PUT',
      as: broker,
      json: { stage: 'valuation' },
    })
    expect(moved.status, await moved.clone().text()).toBe(200)
    expect(await taskStatus(TASK_TITLES.mortgageApplication)).toBe('completed')
    expect(await taskStatus(TASK_TITLES.lenderValuation)).toBe('completed')
    expect(await taskStatus(TASK_TITLES.mortgageOffer)).toBe('not_completed')

    // Unticking the valuation on the timeline moves the stage back to application submitted.
    const v = await taskId(TASK_TITLES.lenderValuation)
    const untick = await t.request(`/api/transactions/${txId}/tasks/${v.id}`, {
      method: 'PATCH',
      as: broker,
      json: { status: 'not_completed', version: v.version },
    })
    expect(untick.status, await untick.clone().text()).toBe(200)
    const after = MortgageCase.parse(await (await t.request(`/api/mortgages/${txId}`, { as: broker })).json())
    expect(after.stage).toBe('application_submitted')

    // Ticking the offer task moves the stage to offer issued.
    const o = await taskId(TASK_TITLES.mortgageOffer)
    const tick = await t.request(`/api/transactions/${txId}/tasks/${o.id}`, {
      method: 'PATCH',
      as: broker,
      json: { status: 'completed', version: o.version },
    })
    expect(tick.status, await tick.clone().text()).toBe(200)
    const pipeline = Pipeline.parse(await (await t.request('/api/pipeline?stage=offer_issued', { as: broker })).json())
    expect(pipeline.rows.map((r) => r.client_id)).toEqual([clientId])
  })

  it('records a recommendation; an ESIS outside the buyer’s-mortgage audience is refused', async () => {
    const upload = async (audience: string) => {
      const res = await t.app.request(
        `/api/transactions/${txId}/documents?${new URLSearchParams({ folder: 'Mortgage', filename: `esis-${audience}.pdf`, audience })}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            cookie: broker.cookie,
            origin: new URL(t.config.publicUrl).origin,
          },
          body: new Uint8Array(await makePdf('ESIS')),
        },
      )
      expect(res.status, await res.clone().text()).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    const wide = await upload('buyer_side')
    const right = await upload('buyer_mortgage')
    const rec = (esis: string) => ({
      lender: 'Halifax',
      product: '5-year fixed',
      rate_percent: 4.29,
      term_months: 300,
      fees_pence: 999_00,
      reasons: 'Lowest five-year cost for the client’s budget; overpayments of 10% a year allowed.',
      deal_ends_on: '2031-12-31',
      esis_document_id: esis,
    })
    const refused = await t.request(`/api/broker-clients/${clientId}/recommendations`, { as: broker, json: rec(wide) })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(ESIS_RULE)
    const ok = await t.request(`/api/broker-clients/${clientId}/recommendations`, { as: broker, json: rec(right) })
    expect(ok.status, await ok.clone().text()).toBe(201)
    const c = BrokerClient.parse(await ok.json())
    expect(c.recommendations).toHaveLength(1)
    expect(c.recommendations[0]).toMatchObject({
      lender: 'Halifax',
      rate_percent: 4.29,
      esis: { id: right, audience: 'buyer_mortgage' },
    })
  })
})

describe('product-transfer reminders', () => {
  it('tell the broker once, 120 days before the deal ends, by notification and email', async () => {
    const created = BrokerClient.parse(
      await (
        await t.request('/api/broker-clients', { as: broker, json: { name: 'Priya Remortgage', status: 'client' } })
      ).json(),
    )
    const res = await t.request(`/api/broker-clients/${created.id}/recommendations`, {
      as: broker,
      json: {
        lender: 'Nationwide',
        product: '2-year fixed',
        rate_percent: 4.1,
        term_months: 240,
        fees_pence: 0,
        reasons: 'Short fix while the client expects a pay rise.',
        deal_ends_on: '2027-06-30',
      },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const delivery = { publicUrl: t.config.publicUrl, deliverMail: false }
    const notes = async () =>
      t.database.query<{ profile_id: string; link: string }>(
        `select profile_id, link from notifications where kind = 'mortgage_expiry' and link like $1`,
        [`%${created.id}%`],
      )
    await sendProductTransferReminders({ database: t.database, delivery, now: new Date('2027-02-01T12:00:00Z') })
    expect(await notes()).toHaveLength(0)
    await sendProductTransferReminders({ database: t.database, delivery, now: new Date('2027-03-15T12:00:00Z') })
    await sendProductTransferReminders({ database: t.database, delivery, now: new Date('2027-03-16T12:00:00Z') })
    expect((await notes()).map((n) => n.profile_id)).toEqual([broker.profileId])
    const mails = await t.database.query(
      `select 1 from mail_outbox where to_address = $1 and subject like '%Nationwide deal ends%'`,
      [broker.email],
    )
    expect(mails).toHaveLength(1)
  })
})
