/**
 * The mortgage broker's workbench through the API: the broker on a buyer's move saves a fact find
 * (affordability range), records a DIP (the timeline DIP task completes with an audit entry and
 * shows the lender and expiry), moves the application to offer, sees it on the pipeline and
 * downloads the lender pack (ZIP contents checked). The rules: expiry before issue (400, nothing
 * written), a document of another move in the DIP or the pack (422 naming the rule, nothing
 * written), someone else on the move (403), an outsider (404); expiry reminders once per record.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { MortgageCase, Pipeline, DIP_DATES_RULE, LENDER_PACK_RULE } from '#shared/contracts/mortgages.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { unzip } from '#server/test/unzip.ts'
import { makePdf } from '#server/test/test-files.ts'
import { sendExpiryReminders } from './expiry-reminders'

const t = useTestApp()
let buyer: TestUser
let broker: TestUser
let conveyancer: TestUser
let outsider: TestUser
let txId: string
let otherTxId: string

async function upload(as: TestUser, tx: string, folder: string, filename: string, text: string): Promise<string> {
  const res = await t.app.request(`/api/transactions/${tx}/documents?${new URLSearchParams({ folder, filename })}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      cookie: as.cookie,
      origin: new URL(t.config.publicUrl).origin,
    },
    body: new Uint8Array(await makePdf(text)),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

const dip = (over: Record<string, unknown> = {}) => ({
  lender: 'Nationwide',
  amount_pence: 280_000_00,
  term_months: 300,
  reference: 'NBS-123',
  issued_on: '2026-11-01',
  expires_on: '2027-01-30',
  ...over,
})

async function counts(tx: string) {
  const [row] = await t.database.query<{ dips: number; events: number }>(
    `select (select count(*)::int from mortgage_dips where transaction_id = $1) as dips,
            (select count(*)::int from activity_events where transaction_id = $1) as events`,
    [tx],
  )
  return row
}

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  broker = await t.signUp({ role: 'broker', name: 'Bob Broker' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  outsider = await t.signUp({ role: 'broker', name: 'Otto Outsider' })
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      participants: [
        { profileId: broker.profileId, role: 'mortgage_broker' },
        { profileId: conveyancer.profileId, role: 'buyer_conveyancer' },
      ],
    })
  ).transactionId
  otherTxId = (await createTransaction(t.database, { buyerProfileId: outsider.profileId })).transactionId
})

describe('a broker on the buyer’s move', () => {
  let dipDocId: string
  let payslipId: string
  let foreignDocId: string

  beforeAll(async () => {
    dipDocId = await upload(buyer, txId, 'Mortgage', 'dip-nationwide.pdf', 'Decision in principle')
    payslipId = await upload(buyer, txId, 'Mortgage', 'payslip-october.pdf', 'Payslip October')
    foreignDocId = await upload(outsider, otherTxId, 'Mortgage', 'someone-elses-payslip.pdf', 'Not yours')
  })

  it('starts the client record from the move, saves a fact find and gets an affordability range with the not-advice note', async () => {
    const started = await t.request(`/api/mortgages/${txId}/client`, { method: 'POST', as: broker })
    expect(started.status, await started.clone().text()).toBe(200)
    const client = (await started.json()) as { id: string; name: string }
    expect(client.name).toBe('Bea Buyer')
    const res = await t.request(`/api/broker-clients/${client.id}/fact-find`, {
      method: 'PUT',
      as: broker,
      json: {
        applicants: [
          {
            name: 'Bea Buyer',
            employments: [{ status: 'employed' }],
            incomes: [{ type: 'employed', annual_pence: 60_000_00 }],
          },
        ],
        deposit_pence: 40_000_00,
      },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const c = MortgageCase.parse(await (await t.request(`/api/mortgages/${txId}`, { as: broker })).json())
    expect(c.client_id).toBe(client.id)
    expect(c.affordability).toMatchObject({ max_loan_pence: 270_000_00, lti_multiple: 4.5, stress_rate: 0.07 })
    expect(c.affordability!.min_loan_pence).toBeLessThan(c.affordability!.max_loan_pence)
    expect(c.affordability!.note).toMatch(/not advice/)
    expect(c.documents.map((d) => d.id).sort()).toEqual([dipDocId, payslipId].sort())
  })

  it('refuses a DIP expiring before it was issued, or with another move’s document, writing nothing', async () => {
    const before = await counts(txId)
    const early = await t.request(`/api/mortgages/${txId}/dips`, {
      as: broker,
      json: dip({ issued_on: '2026-11-10', expires_on: '2026-11-01' }),
    })
    expect(early.status).toBe(400)
    expect(JSON.stringify(await early.json())).toContain(DIP_DATES_RULE)
    const foreign = await t.request(`/api/mortgages/${txId}/dips`, {
      as: broker,
      json: dip({ document_id: foreignDocId }),
    })
    expect(foreign.status).toBe(422)
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(/shared with you/)
    expect(await counts(txId)).toEqual(before)
  })

  it('records a DIP: the timeline DIP task completes with an audit entry and shows the lender and expiry', async () => {
    const res = await t.request(`/api/mortgages/${txId}/dips`, { as: broker, json: dip({ document_id: dipDocId }) })
    expect(res.status, await res.clone().text()).toBe(201)
    const c = MortgageCase.parse(await res.json())
    expect(c.stage).toBe('decision_in_principle')
    expect(c.dips[0]).toMatchObject({ lender: 'Nationwide', expires_on: '2027-01-30', document: { id: dipDocId } })
    const detail = TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
    const task = detail.timeline_stages
      .flatMap((s) => s.tasks)
      .find((k) => k.title === TASK_TITLES.decisionInPrinciple)!
    expect(task).toMatchObject({ status: 'completed', completed_by: broker.profileId })
    expect(task.dip).toEqual({ lender: 'Nationwide', expires_on: '2027-01-30' })
    const kinds = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 order by seq`,
      [txId],
    )
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['mortgage.dip_recorded', 'task.completed']))
  })

  it('moves the application to offer and lists it on the pipeline', async () => {
    const res = await t.request(`/api/mortgages/${txId}/application`, {
      method: 'PUT',
      as: broker,
      json: { stage: 'offer_issued', offer_expires_on: '2027-05-01' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const pipeline = Pipeline.parse(await (await t.request('/api/pipeline', { as: broker })).json())
    expect(pipeline.rows).toHaveLength(1)
    expect(pipeline.rows[0]).toMatchObject({
      transaction_id: txId,
      client_name: 'Bea Buyer',
      stage: 'offer_issued',
      dip_lender: 'Nationwide',
      dip_expires_on: '2027-01-30',
      offer_expires_on: '2027-05-01',
    })
    expect(Pipeline.parse(await (await t.request('/api/pipeline', { as: outsider })).json()).rows).toHaveLength(0)
  })

  it('downloads the lender pack: cover sheet, the chosen payslip and the DIP document', async () => {
    const res = await t.request(`/api/mortgages/${txId}/lender-pack?documents=${payslipId}`, { as: broker })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lender-pack-bea-buyer-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    const files = await unzip(Buffer.from(await res.arrayBuffer()))
    expect([...files.keys()].sort()).toEqual(
      ['00-cover-sheet.pdf', 'Mortgage/v1-dip-nationwide.pdf', 'Mortgage/v1-payslip-october.pdf'].sort(),
    )
    expect(files.get('00-cover-sheet.pdf')!.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refuses a pack with a document not shared with the broker, naming the rule, writing nothing', async () => {
    const before = await counts(txId)
    const res = await t.request(`/api/mortgages/${txId}/lender-pack?documents=${payslipId},${foreignDocId}`, {
      as: broker,
    })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(LENDER_PACK_RULE)
    expect(await counts(txId)).toEqual(before)
  })

  it('answers 403 to someone else on the move and 404 to an outsider', async () => {
    expect((await t.request(`/api/mortgages/${txId}`, { as: conveyancer })).status).toBe(403)
    expect((await t.request(`/api/mortgages/${txId}`, { as: outsider })).status).toBe(404)
    expect((await t.request(`/api/mortgages/${txId}/dips`, { as: buyer, json: dip() })).status).toBe(403)
  })
})

describe('expiry reminders', () => {
  it('tells the broker and the buyer once when a DIP is within 14 days of expiry, by notification and email', async () => {
    const tx = (
      await createTransaction(t.database, {
        buyerProfileId: buyer.profileId,
        participants: [{ profileId: broker.profileId, role: 'mortgage_broker' }],
      })
    ).transactionId
    expect(
      (
        await t.request(`/api/mortgages/${tx}/dips`, {
          as: broker,
          json: dip({ lender: 'Halifax', expires_on: '2027-01-30' }),
        })
      ).status,
    ).toBe(201)
    const delivery = { publicUrl: t.config.publicUrl, deliverMail: false }
    const notes = async () =>
      t.database.query<{ profile_id: string }>(
        `select profile_id from notifications where transaction_id = $1 and kind = 'mortgage_expiry'`,
        [tx],
      )
    // 20 days before: not yet. 10 days before: once. Again: nothing more.
    await sendExpiryReminders({ database: t.database, delivery, now: new Date('2027-01-10T12:00:00Z') })
    expect(await notes()).toHaveLength(0)
    await sendExpiryReminders({ database: t.database, delivery, now: new Date('2027-01-20T12:00:00Z') })
    await sendExpiryReminders({ database: t.database, delivery, now: new Date('2027-01-21T12:00:00Z') })
    expect((await notes()).map((n) => n.profile_id).sort()).toEqual([broker.profileId, buyer.profileId].sort())
    const mails = await t.database.query(
      `select 1 from mail_outbox where to_address = $1 and subject like '%Halifax%'`,
      [broker.email],
    )
    expect(mails).toHaveLength(1)
  })
})
