/**
 * The estate agent's portfolio through the API on a real database: sales ranked riskiest first with
 * their reasons, band and text filters, the agency's firm-wide view (a colleague sees and opens the
 * agent's sale), 403 for non-agents; the weekly update (Monday 09:00-09:59 UK time only, once per
 * seller per ISO week, opted-out sellers skipped, preview and send-now for the sale's agent only);
 * the memorandum of sale (PDF in the documents, its task ticked with an audit entry, emails to both
 * sides and their conveyancers, the PDF attached); and the high-risk alert, once per crossing.
 */
import { createHash } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CreateSaleResponse,
  MemorandumDraft,
  MemorandumPreview,
  MemorandumResponse,
  PortfolioResponse,
  SendWeeklyUpdateResponse,
  WeeklyUpdatePreview,
} from '#shared/contracts/portfolio.ts'
import { standardTimeline, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { MailAttachment } from '#server/db/schema/index.ts'
import { createTransaction, stagesFromTemplate } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { checkSaleRisks } from './risk-alerts'
import { sendDueWeeklyUpdates } from './weekly-update'

const t = useTestApp()
const DAY = 86_400_000

let agent: TestUser
let colleague: TestUser
let seller: TestUser
let buyer: TestUser
let outsider: TestUser
let stalledId: string
let freshId: string

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

const mailsTo = (user: TestUser, kind: string) =>
  t.database.query<{ subject: string; text_body: string }>(
    `select subject, text_body from mail_outbox where to_address = $1 and kind = $2 order by created_at`,
    [user.email.toLowerCase(), kind],
  )

beforeAll(async () => {
  agent = await t.signUp({ role: 'agent', name: 'Jordan Agent' })
  colleague = await t.signUp({ role: 'agent', name: 'Casey Colleague' })
  seller = await t.signUp({ role: 'seller', name: 'Sally Seller' })
  buyer = await t.signUp({ role: 'buyer', name: 'Bob Buyer' })
  outsider = await t.signUp({ role: 'agent', name: 'Otto Outsider' })
  const now = Date.now()
  const stalledStages = stagesFromTemplate(standardTimeline({ tenure: 'freehold' }))
  stalledStages[3] = {
    ...stalledStages[3],
    status: 'blocked',
    blockedReason: 'Local authority search delayed',
    blockedAt: new Date(now - 20 * DAY),
  }
  const participants = [{ profileId: agent.profileId, role: 'estate_agent' as const, invitedBy: seller.profileId }]
  stalledId = (
    await createTransaction(t.database, {
      sellerProfileId: seller.profileId,
      buyerProfileId: buyer.profileId,
      participants,
      stages: stalledStages,
      createdAt: new Date(now - 40 * DAY),
      property: { addressLines: ['1 Stalled Close', 'St Albans'], postcode: 'AL1 1AA' },
    })
  ).transactionId
  freshId = (
    await createTransaction(t.database, {
      sellerProfileId: seller.profileId,
      buyerProfileId: buyer.profileId,
      participants,
      property: { addressLines: ['2 Fresh Lane', 'St Albans'], postcode: 'AL1 2BB' },
    })
  ).transactionId
  // The agent and the colleague work at one agency.
  const org = await t.database.query<{ id: string }>(
    `insert into organizations (name, type, town) values ('Hale & Co', 'agent', 'St Albans') returning id`,
  )
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin'), ($1, $3, 'fee_earner')`,
    [org[0].id, agent.profileId, colleague.profileId],
  )
})

describe('portfolio', () => {
  it('ranks the stalled sale first with its reasons in words', async () => {
    const body = PortfolioResponse.parse(await json(await t.request('/api/portfolio', { as: agent }), 200))
    expect(body.sales.map((s) => s.transaction_id)).toEqual([stalledId, freshId])
    expect(body.sales[0].risk).toEqual({
      score: 100,
      band: 'high',
      reasons: [
        'Searches blocked for 20 days',
        'No progress for 40 days',
        'Buyer and seller ID and AML checks (CDD) outstanding',
      ],
    })
    expect(body.sales[1].risk).toEqual({ score: 0, band: 'low', reasons: [] })
    expect(body.counts).toEqual({ high: 1, medium: 0, low: 1 })
    expect(body.sales[0]).toMatchObject({
      address: '1 Stalled Close',
      seller_name: 'Sally Seller',
      memorandum_sent: false,
    })
  })

  it('filters by band and by text', async () => {
    const high = PortfolioResponse.parse(await json(await t.request('/api/portfolio?band=high', { as: agent }), 200))
    expect(high.sales.map((s) => s.transaction_id)).toEqual([stalledId])
    const text = PortfolioResponse.parse(await json(await t.request('/api/portfolio?q=fresh', { as: agent }), 200))
    expect(text.sales.map((s) => s.transaction_id)).toEqual([freshId])
    expect((await t.request('/api/portfolio?band=urgent', { as: agent })).status).toBe(400)
  })

  it("shows the agency's sales firm-wide, and the colleague may open them", async () => {
    const body = PortfolioResponse.parse(await json(await t.request('/api/portfolio', { as: colleague }), 200))
    expect(body.sales.map((s) => s.transaction_id)).toEqual([stalledId, freshId])
    expect((await t.request(`/api/transactions/${stalledId}`, { as: colleague })).status).toBe(200)
    const other = PortfolioResponse.parse(await json(await t.request('/api/portfolio', { as: outsider }), 200))
    expect(other.sales).toEqual([])
    expect((await t.request(`/api/transactions/${stalledId}`, { as: outsider })).status).toBe(404)
  })

  it('is for estate agents only', async () => {
    expect((await t.request('/api/portfolio', { as: seller })).status).toBe(403)
    expect((await t.request('/api/portfolio')).status).toBe(401)
  })
})

describe('weekly update', () => {
  it('goes out on Monday 09:00-09:59 UK time, once per seller per week, written from the timeline', async () => {
    const delivery = { publicUrl: t.config.publicUrl, deliverMail: false }
    const year = new Date().getUTCFullYear() + 1
    // 2 Feb of next year or the Monday after it (GMT: UTC is UK time).
    const d = new Date(Date.UTC(year, 1, 2))
    d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7))
    const at = (h: number, m: number) => new Date(d.getTime() + h * 3_600_000 + m * 60_000)
    expect(await sendDueWeeklyUpdates({ database: t.database, delivery, now: at(8, 59) })).toBe(0)
    expect(await sendDueWeeklyUpdates({ database: t.database, delivery, now: at(9, 5) })).toBe(2)
    expect(await sendDueWeeklyUpdates({ database: t.database, delivery, now: at(9, 20) })).toBe(0)
    expect(
      await sendDueWeeklyUpdates({ database: t.database, delivery, now: new Date(at(9, 5).getTime() + DAY) }),
    ).toBe(0)
    const mails = await mailsTo(seller, 'portfolio.weekly_update')
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Your sale of 1 Stalled Close: this week's update",
      "Your sale of 2 Fresh Lane: this week's update",
    ])
    const stalled = mails.find((m) => m.subject.includes('Stalled'))!.text_body
    expect(stalled).toContain('Searches is on hold: Local authority search delayed.')
    expect(stalled).toContain("What's next")
    expect(stalled).toContain('The sale is waiting on us, your estate agent (2 tasks) and the buyer (1 task).')
    expect(stalled).not.toMatch(/the your/)
    expect(stalled).toContain(`/app/transactions/${stalledId}?tab=timeline`)
    expect(stalled).toContain('Jordan Agent, your estate agent')
  })

  it('skips a seller who opted out', async () => {
    const email = Object.fromEntries(['weekly_update'].map((k) => [k, false]))
    await t.database.query(`insert into notification_settings (profile_id, email) values ($1, $2::jsonb)`, [
      buyer.profileId,
      JSON.stringify(email),
    ])
    const sale = await createTransaction(t.database, {
      sellerProfileId: buyer.profileId,
      participants: [{ profileId: agent.profileId, role: 'estate_agent', invitedBy: buyer.profileId }],
    })
    const preview = WeeklyUpdatePreview.parse(
      await json(await t.request(`/api/portfolio/sales/${sale.transactionId}/weekly-update`, { as: agent }), 200),
    )
    expect(preview.recipients).toEqual([expect.objectContaining({ name: 'Bob Buyer', opted_out: true })])
    const sent = SendWeeklyUpdateResponse.parse(
      await json(
        await t.request(`/api/portfolio/sales/${sale.transactionId}/weekly-update`, { as: agent, method: 'POST' }),
        200,
      ),
    )
    expect(sent.sent).toBe(0)
  })

  it("previews and sends this week's now, for the sale's agent only", async () => {
    const path = `/api/portfolio/sales/${freshId}/weekly-update`
    const preview = WeeklyUpdatePreview.parse(await json(await t.request(path, { as: agent }), 200))
    expect(preview.subject).toBe("Your sale of 2 Fresh Lane: this week's update")
    expect(preview.text).toContain('Hello Sally Seller')
    expect(preview.recipients).toEqual([
      {
        name: 'Sally Seller',
        email: seller.email.toLowerCase(),
        opted_out: false,
        sent_this_week: false,
        on_homeward: true,
      },
    ])
    expect((await t.request(path, { as: seller })).status).toBe(403)
    expect((await t.request(path, { as: outsider })).status).toBe(404)
    expect((await t.request(path, { as: outsider, method: 'POST', json: {} })).status).toBe(404)
    const before = (await mailsTo(seller, 'portfolio.weekly_update')).length
    const sent = SendWeeklyUpdateResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: {} }), 200),
    )
    expect(sent.sent).toBe(1)
    expect(sent.preview.recipients[0].sent_this_week).toBe(true)
    const again = SendWeeklyUpdateResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: {} }), 200),
    )
    expect(again.sent).toBe(0)
    expect((await mailsTo(seller, 'portfolio.weekly_update')).length).toBe(before + 1)
  })
  it('reaches a seller recorded off Homeward by email: previewed, edited, sent once a week and logged', async () => {
    const created = CreateSaleResponse.parse(
      await json(
        await t.request('/api/portfolio/sales', {
          as: agent,
          json: {
            address_line_1: '9 Offline Row',
            town: 'St Albans',
            postcode: 'AL3 4RT',
            tenure: 'freehold',
            agreed_price: 410_000,
            buyer_position: 'first_time_buyer',
            seller: { name: 'Olive Offline', email: 'Olive.Offline@example.com', on_homeward: false },
            buyer: { name: 'Ben Offline', email: 'ben.offline@example.com', on_homeward: false },
          },
        }),
        201,
      ),
    )
    const path = `/api/portfolio/sales/${created.transaction_id}/weekly-update`
    const preview = WeeklyUpdatePreview.parse(await json(await t.request(path, { as: agent }), 200))
    expect(preview.recipients).toEqual([
      {
        name: 'Olive Offline',
        email: 'olive.offline@example.com',
        opted_out: false,
        sent_this_week: false,
        on_homeward: false,
      },
    ])
    // Written for someone who cannot open the timeline: no link, and how to stop it without an account.
    expect(preview.text).toContain('Hello Olive Offline,')
    expect(preview.text).not.toContain('/app/transactions/')
    expect(preview.text).toContain('reply to this email and tell your estate agent')
    const edited = { subject: 'Your sale of 9 Offline Row', text: 'Hello Olive, the searches are in. Jordan' }
    const sent = SendWeeklyUpdateResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: edited }), 200),
    )
    expect(sent.sent).toBe(1)
    expect(sent.preview.recipients[0].sent_this_week).toBe(true)
    const again = SendWeeklyUpdateResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: {} }), 200),
    )
    expect(again.sent).toBe(0)
    const mails = await t.database.query<{ subject: string; text_body: string }>(
      `select subject, text_body from mail_outbox where to_address = $1 and kind = 'portfolio.weekly_update'`,
      ['olive.offline@example.com'],
    )
    expect(mails).toEqual([{ subject: edited.subject, text_body: edited.text }])
    const log = await t.database.query<{ seller_id: string | null; seller_email: string; sent_by: string }>(
      `select seller_id, seller_email, sent_by from sale_weekly_updates where transaction_id = $1`,
      [created.transaction_id],
    )
    expect(log).toEqual([{ seller_id: null, seller_email: 'olive.offline@example.com', sent_by: agent.profileId }])
  })
})

describe('memorandum of sale', () => {
  const form = { buyer_position: 'chain_free', funding: 'mortgage', special_conditions: 'Carpets included.' }
  const taskStatus = async () =>
    (
      await t.database.query<{ status: string }>(
        `select k.status from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 and k.title = $2`,
        [freshId, TASK_TITLES.memorandumOfSale],
      )
    )[0].status

  it("sent without the seller's conveyancer, it saves and emails the PDF but leaves its task open and says why", async () => {
    const conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role, invited_by) values ($1, $2, 'buyer_conveyancer', $3)`,
      [freshId, conveyancer.profileId, buyer.profileId],
    )
    const path = `/api/portfolio/sales/${freshId}/memorandum`
    expect((await t.request(path, { as: seller, method: 'POST', json: form })).status).toBe(403)
    const draft = MemorandumDraft.parse(await json(await t.request(path, { as: agent }), 200))
    expect(draft.ticks_task).toBe(false)
    expect(draft.open_reason).toMatch(/seller's conveyancer/)
    const preview = MemorandumPreview.parse(
      await json(await t.request(`${path}/preview`, { as: agent, method: 'POST', json: form }), 200),
    )
    expect(preview.sections.map((s) => s.heading)).toContain('Special conditions')
    expect(JSON.stringify(preview.sections)).toContain('Carpets included.')
    // The preview writes nothing.
    expect(await t.database.query(`select 1 from documents where transaction_id = $1`, [freshId])).toHaveLength(0)
    const body = MemorandumResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: form }), 201),
    )
    expect(body).toMatchObject({ filename: 'Memorandum of sale.pdf', version: 1, task_ticked: false })
    expect(body.open_reason).toMatch(/seller's conveyancer/)
    expect(body.sent_to.sort()).toEqual(
      [buyer.email, seller.email, conveyancer.email].map((e) => e.toLowerCase()).sort(),
    )
    expect(await taskStatus()).toBe('not_completed')
    const doc = await t.database.query<{ folder: string; content_type: string; sha256: string }>(
      `select folder, content_type, sha256 from documents where id = $1`,
      [body.document_id],
    )
    expect(doc[0]).toMatchObject({ folder: 'Contracts', content_type: 'application/pdf' })
    // Each email carries the very PDF that was saved in Contracts.
    const mails = await t.database.query<{ to_address: string; attachments: MailAttachment[] | null }>(
      `select to_address, attachments from mail_outbox where transaction_id = $1 and kind = 'portfolio.memorandum'`,
      [freshId],
    )
    expect(mails.map((m) => m.to_address).sort()).toEqual(body.sent_to.sort())
    for (const mail of mails) {
      expect(mail.attachments).toHaveLength(1)
      const [file] = mail.attachments!
      expect(file).toMatchObject({
        filename: 'Memorandum of sale.pdf',
        contentType: 'application/pdf',
        encoding: 'base64',
      })
      const bytes = Buffer.from(file.content, 'base64')
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(doc[0].sha256)
      const pdf = await PDFDocument.load(bytes)
      expect(pdf.getTitle()).toBe('Memorandum of sale')
    }
  })

  it('ticks its task once both conveyancers received it, one on Homeward and one recorded off it', async () => {
    const path = `/api/portfolio/sales/${freshId}/memorandum`
    await t.database.query(
      `insert into off_platform_parties (transaction_id, role, firm_name, email, recorded_by) values ($1, 'seller_conveyancer', 'Rowe & Co', 'rowe@example.test', $2)`,
      [freshId, agent.profileId],
    )
    const body = MemorandumResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: form }), 201),
    )
    expect(body).toMatchObject({ version: 2, task_ticked: true, open_reason: null })
    expect(body.sent_to).toContain('rowe@example.test')
    expect(await taskStatus()).toBe('completed')
    const audit = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 order by seq`,
      [freshId],
    )
    expect(audit.map((a) => a.kind)).toEqual(expect.arrayContaining(['document.uploaded', 'task.completed']))
    const portfolio = PortfolioResponse.parse(await json(await t.request('/api/portfolio?q=fresh', { as: agent }), 200))
    expect(portfolio.sales[0].memorandum_sent).toBe(true)
  })

  it('names joint buyers together and sends it to each of them (decision 070)', async () => {
    const path = `/api/portfolio/sales/${freshId}/memorandum`
    const coBuyer = await t.signUp({ role: 'buyer', name: 'Jo Joint-Buyer' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role, invited_by) values ($1, $2, 'buyer', $3)`,
      [freshId, coBuyer.profileId, buyer.profileId],
    )
    const draft = MemorandumDraft.parse(await json(await t.request(path, { as: agent }), 200))
    const buyers = draft.recipients.filter((r) => r.role === 'buyer')
    // The lead buyer first, then the joint buyer; each role still listed once otherwise.
    expect(buyers.map((r) => r.email?.toLowerCase())).toEqual([buyer.email, coBuyer.email].map((e) => e.toLowerCase()))
    expect(draft.recipients.filter((r) => r.role === 'seller')).toHaveLength(1)
    const preview = MemorandumPreview.parse(
      await json(await t.request(`${path}/preview`, { as: agent, method: 'POST', json: form }), 200),
    )
    const buyerSection = preview.sections.find((s) => s.heading === 'Buyer')!
    expect(buyerSection.lines[0]).toMatch(/ and Jo Joint-Buyer$/)
    const body = MemorandumResponse.parse(
      await json(await t.request(path, { as: agent, method: 'POST', json: form }), 201),
    )
    expect(body.sent_to).toEqual(expect.arrayContaining([buyer.email, coBuyer.email].map((e) => e.toLowerCase())))
    expect(new Set(body.sent_to).size).toBe(body.sent_to.length)
  })
})

describe('high-risk alert', () => {
  it('tells the agent once when a sale crosses into high risk', async () => {
    const delivery = { publicUrl: t.config.publicUrl, deliverMail: false }
    expect(await checkSaleRisks({ database: t.database, delivery })).toBe(1)
    expect(await checkSaleRisks({ database: t.database, delivery })).toBe(0)
    const notes = await t.database.query<{ title: string; body: string }>(
      `select title, body from notifications where profile_id = $1 and kind = 'sale_high_risk'`,
      [agent.profileId],
    )
    expect(notes).toEqual([
      { title: '1 Stalled Close is now high risk', body: expect.stringContaining('Searches blocked for 20 days') },
    ])
    expect(await mailsTo(agent, 'notification.sale_high_risk')).toHaveLength(1)
  })
})

// Last: its sales would otherwise join the weekly update and alert runs above.
describe('chain and mortgage signals', () => {
  it('names a chain Homeward can link through its people, and the DIP or offer near expiry', async () => {
    const chainAgent = await t.signUp({ role: 'agent', name: 'Chris Chain' })
    const broker = await t.signUp({ role: 'broker', name: 'Bea Broker' })
    const [x, y, z, w] = await Promise.all(
      ['Xena Top', 'Yusuf Middle', 'Zara Lower', 'Will FirstTime'].map((name) => t.signUp({ role: 'buyer', name })),
    )
    const sale = (sellerId: string, buyerId: string, street: string, agentId?: string) =>
      createTransaction(t.database, {
        sellerProfileId: sellerId,
        buyerProfileId: buyerId,
        participants: agentId ? [{ profileId: agentId, role: 'estate_agent' as const, invitedBy: sellerId }] : [],
        property: { addressLines: [street, 'St Albans'], postcode: 'AL3 4RT' },
      }).then((r) => r.transactionId)
    // Y buys X's home and sells theirs to Z, who sells theirs to W, a first-time buyer: a chain of 3.
    await sale(x.profileId, y.profileId, '1 Top Road')
    const middle = await sale(y.profileId, z.profileId, '2 Middle Road', chainAgent.profileId)
    const lower = await sale(z.profileId, w.profileId, '3 Lower Road')
    const portfolio = async () =>
      PortfolioResponse.parse(await json(await t.request('/api/portfolio', { as: chainAgent }), 200)).sales[0]
    expect((await portfolio()).risk.reasons).toEqual(['Chain of 3 sales'])
    // A cancelled sale leaves the chain.
    await t.database.query(`update transactions set status = 'cancelled' where id = $1`, [lower])
    expect((await portfolio()).risk.reasons).toEqual([])

    const [mortgageCase] = await t.database.query<{ id: string }>(
      `insert into mortgage_cases (transaction_id, broker_profile_id, stage) values ($1, $2, 'decision_in_principle') returning id`,
      [middle, broker.profileId],
    )
    await t.database.query(
      `insert into mortgage_dips (case_id, transaction_id, lender, amount_pence, term_months, reference, issued_on, expires_on)
       values ($1, $2, 'Old Lender', 30000000, 300, 'OLD-1', current_date - 200, current_date - 100),
              ($1, $2, 'Halifax', 30000000, 300, 'DIP-2', current_date - 80, current_date + 5)`,
      [mortgageCase.id, middle],
    )
    // The latest DIP counts, not the one it replaced.
    expect((await portfolio()).risk.reasons).toEqual([
      expect.stringMatching(/^Decision in principle expires in [4-6] days$/),
    ])
    await t.database.query(
      `update mortgage_cases set stage = 'offer_issued', offer_expires_on = current_date - 1 where id = $1`,
      [mortgageCase.id],
    )
    const withOffer = await portfolio()
    expect(withOffer.risk.reasons).toEqual([expect.stringMatching(/^Mortgage offer expired [0-2] days? ago$/)])
    expect(withOffer.risk.score).toBe(25)
  })
})
