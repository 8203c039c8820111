/**
 * Pre-contract enquiries and their SLA clocks through the API, as the people on a matter use them:
 * the buyer's conveyancer raises several from the standard list, the seller's conveyancer answers
 * and asks the seller, the buyer sees statuses only; the rules (404 off the matter, 403 for the
 * wrong side, 409 answering your own, 422 changing a satisfied one, 409 with the current version
 * on a concurrent edit, nothing lost); the timeline tasks ticking themselves with the reason in the
 * audit trail; the replies PDF as new versions in Contracts; reply clocks pausing while the stage is
 * blocked, the due-soon and breach alerts (email through the outbox, audit entry, once each), and
 * the firm's SLA met share.
 */
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { EnquiryList, ClockList, StandardEnquiries } from '#shared/contracts/enquiries.ts'
import { DocumentVersion } from '#shared/contracts/documents.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { DEFAULT_STANDARD_ENQUIRIES } from '#shared/domain/enquiries.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { checkSlaClocks } from '#server/core/clocks/check-clocks.ts'
import { slaMetShareForOrganization } from '#server/core/clocks/met-share.ts'
import { OWN_ENQUIRY_RULE } from './change-enquiry'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser
let outsider: TestUser
let sellerFirm: string

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Sol Solicitor' })
  outsider = await t.signUp({ role: 'conveyancer', name: 'Otto Outsider' })
  sellerFirm = (await createOrganization(t.database, { name: 'Solicitor & Co' })).organizationId
  // The seller's conveyancer is the firm's admin: admins change its SLA targets and standard lists.
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin')`,
    [sellerFirm, sellerConveyancer.profileId],
  )
})

async function newMatter() {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
      { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer', organizationId: sellerFirm },
    ],
  })
  return transactionId
}

const base = (txId: string) => `/api/transactions/${txId}`

async function list(txId: string, as: TestUser) {
  const res = await t.request(`${base(txId)}/enquiries`, { as })
  expect(res.status).toBe(200)
  return EnquiryList.parse(await res.json())
}

async function raise(txId: string, bodies: string[], as = buyerConveyancer) {
  return t.request(`${base(txId)}/enquiries`, {
    as,
    json: { enquiries: bodies.map((body) => ({ category: 'title', body })) },
  })
}

async function raiseOk(txId: string, bodies: string[]) {
  const res = await raise(txId, bodies)
  expect(res.status).toBe(201)
  return ((await res.json()) as { ids: string[] }).ids
}

async function taskNamed(txId: string, title: string) {
  const res = await t.request(base(txId), { as: buyer })
  const detail = TransactionDetail.parse(await res.json())
  return detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.title === title)!
}

async function activity(txId: string) {
  return t.database.query<{ kind: string; summary: string }>(
    'select kind, summary from activity_events where transaction_id = $1 order by seq',
    [txId],
  )
}

const reply = (txId: string, id: string, version: number, as = sellerConveyancer) =>
  t.request(`${base(txId)}/enquiries/${id}/replies`, { as, json: { version, body: 'Official copies attached.' } })
const setStatus = (txId: string, id: string, version: number, status: string, body?: string) =>
  t.request(`${base(txId)}/enquiries/${id}/status`, { as: buyerConveyancer, json: { version, status, body } })

describe('raising from the standard list', () => {
  it('raises three at once, numbered, with reply clocks, and ticks "enquiries raised" saying why', async () => {
    const txId = await newMatter()
    const standard = StandardEnquiries.parse(
      await (await t.request(`${base(txId)}/standard-enquiries`, { as: buyerConveyancer })).json(),
    )
    const title = standard.categories.find((c) => c.category === 'title')!
    expect(title.items).toEqual(DEFAULT_STANDARD_ENQUIRIES.title)
    await raiseOk(txId, title.items.slice(0, 3))

    const { enquiries, my_part } = await list(txId, buyerConveyancer)
    expect(my_part).toBe('raiser')
    expect(enquiries.map((e) => [e.number, e.status, e.body])).toEqual(
      title.items.slice(0, 3).map((body, i) => [i + 1, 'open', body]),
    )
    expect(enquiries[0].clock).toMatchObject({ clock_type: 'enquiry_replies', state: 'running', sla: 'on_track' })
    expect(enquiries[0].clock!.target_working_days).toBe(5)

    expect((await taskNamed(txId, TASK_TITLES.enquiriesRaised)).status).toBe('completed')
    const trail = await activity(txId)
    expect(trail.filter((a) => a.kind === 'enquiry.raised')).toHaveLength(3)
    expect(trail.find((a) => a.kind === 'task.completed')!.summary).toContain('automatically: 3 enquiries raised')
  })

  it('links documents of the matter only', async () => {
    const txId = await newMatter()
    const res = await t.request(`${base(txId)}/enquiries`, {
      as: buyerConveyancer,
      json: { enquiries: [{ category: 'other', body: 'See this', document_ids: [crypto.randomUUID()] }] },
    })
    expect(res.status).toBe(422)
  })
})

describe('who may do what', () => {
  it('someone not on the matter gets 404 raising or reading; the seller’s side 403 naming the rule', async () => {
    const txId = await newMatter()
    expect((await raise(txId, ['From outside'], outsider)).status).toBe(404)
    expect((await t.request(`${base(txId)}/enquiries`, { as: outsider })).status).toBe(404)
    const wrongSide = await raise(txId, ['From the seller side'], sellerConveyancer)
    expect(wrongSide.status).toBe(403)
    expect(((await wrongSide.json()) as { error: { message: string } }).error.message).toContain(
      "Only the buyer's conveyancer",
    )
    expect((await raise(txId, ['From the buyer'], buyer)).status).toBe(403)
  })

  it('answering your own enquiry is 409 naming the rule', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Please confirm the boundaries.'])
    const res = await reply(txId, id, 1, buyerConveyancer)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(OWN_ENQUIRY_RULE)
  })

  it('buyers and sellers see each enquiry’s text and status, not the thread (issue 37: the client reads what is asked)', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Please confirm vacant possession.'])
    expect((await reply(txId, id, 1)).status).toBe(201)
    for (const [person, client] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const { enquiries, my_part, my_client } = await list(txId, person)
      expect(my_part).toBe('viewer')
      expect(my_client).toBe(client)
      expect(enquiries[0]).toMatchObject({
        number: 1,
        status: 'answered',
        body: 'Please confirm vacant possession.',
        replies: [],
        raised_by: null,
      })
    }
    const full = await list(txId, sellerConveyancer)
    expect(full.enquiries[0].replies[0]).toMatchObject({ kind: 'reply', body: 'Official copies attached.' })
  })
})

describe('states and versions', () => {
  it('answered -> further enquiry -> answered -> satisfied; a satisfied one cannot be edited (422)', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Please supply the FENSA certificate.'])
    expect((await setStatus(txId, id, 1, 'satisfied')).status).toBe(422) // no reply yet
    expect((await reply(txId, id, 1)).status).toBe(201)
    expect((await reply(txId, id, 2)).status).toBe(409) // already answered
    expect((await setStatus(txId, id, 2, 'further_enquiry', 'The certificate covers the front only.')).status).toBe(200)
    expect((await list(txId, buyerConveyancer)).enquiries[0].clock!.state).toBe('running')
    expect((await reply(txId, id, 3)).status).toBe(201)
    expect((await setStatus(txId, id, 4, 'satisfied')).status).toBe(200)

    const e = (await list(txId, buyerConveyancer)).enquiries[0]
    expect(e.status).toBe('satisfied')
    expect(e.replies.map((r) => r.kind)).toEqual(['reply', 'further_enquiry', 'reply'])
    const edit = await t.request(`${base(txId)}/enquiries/${id}`, {
      method: 'PATCH',
      as: buyerConveyancer,
      json: { version: 5, body: 'Changed after the fact' },
    })
    expect(edit.status).toBe(422)
    expect(((await edit.json()) as { error: { message: string } }).error.message).toContain(
      'a closed enquiry cannot be changed',
    )
    expect((await setStatus(txId, id, 5, 'withdrawn')).status).toBe(422)
  })

  it('two edits of one version: the first wins, the second gets 409 with the current version, nothing lost', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Original text'])
    const edit = (body: string) =>
      t.request(`${base(txId)}/enquiries/${id}`, { method: 'PATCH', as: buyerConveyancer, json: { version: 1, body } })
    const [a, b] = await Promise.all([edit('First edit'), edit('Second edit')])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([200, 409])
    const loser = a.status === 409 ? a : b
    const winnerText = a.status === 200 ? 'First edit' : 'Second edit'
    const body = (await loser.json()) as { error: { code: string; message: string; fields: { version: string[] } } }
    expect(body.error.code).toBe('conflict')
    expect(body.error.fields.version).toEqual(['2'])
    expect(body.error.message).toContain('version 2')
    const e = (await list(txId, buyerConveyancer)).enquiries[0]
    expect(e).toMatchObject({ version: 2, body: winnerText })
    // Retrying on the current version goes through.
    const retry = await t.request(`${base(txId)}/enquiries/${id}`, {
      method: 'PATCH',
      as: buyerConveyancer,
      json: { version: 2, body: 'Both edits considered' },
    })
    expect(retry.status).toBe(200)
  })

  it('withdrawing cancels the reply clock: it counts neither met nor missed', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Withdraw me'])
    expect((await setStatus(txId, id, 1, 'withdrawn')).status).toBe(200)
    const [row] = await t.database.query<{ cancelled_at: Date | null }>(
      'select cancelled_at from sla_clocks where enquiry_id = $1',
      [id],
    )
    expect(row.cancelled_at).not.toBeNull()
  })
})

describe('the timeline follows the enquiries', () => {
  it('ticks "replies sent" when all are answered and "enquiries satisfied" when all are satisfied, unticking on a new one', async () => {
    const txId = await newMatter()
    const [a, b] = await raiseOk(txId, ['First', 'Second'])
    expect((await reply(txId, a, 1)).status).toBe(201)
    expect((await taskNamed(txId, TASK_TITLES.repliesSent)).status).toBe('not_completed')
    expect((await reply(txId, b, 1)).status).toBe(201)
    expect((await taskNamed(txId, TASK_TITLES.repliesSent)).status).toBe('completed')
    expect((await setStatus(txId, a, 2, 'satisfied')).status).toBe(200)
    expect((await setStatus(txId, b, 2, 'satisfied')).status).toBe(200)
    expect((await taskNamed(txId, TASK_TITLES.enquiriesSatisfied)).status).toBe('completed')
    const trail = await activity(txId)
    expect(trail.map((x) => x.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('automatically: all 2 enquiries answered'),
        expect.stringContaining('automatically: all 2 enquiries satisfied'),
      ]),
    )
    await raiseOk(txId, ['A late one'])
    expect((await taskNamed(txId, TASK_TITLES.enquiriesSatisfied)).status).toBe('not_completed')
    expect((await taskNamed(txId, TASK_TITLES.repliesSent)).status).toBe('not_completed')
    expect((await activity(txId)).at(-1)!.kind).toBe('task.reopened')
  })

  it('the seller’s conveyancer turns an enquiry into a task for the seller, once', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Please confirm when the boiler was last serviced.'])
    const res = await t.request(`${base(txId)}/enquiries/${id}/seller-task`, {
      as: sellerConveyancer,
      json: { version: 1 },
    })
    expect(res.status).toBe(201)
    const task = await taskNamed(
      txId,
      'Answer enquiry 1 for your conveyancer: Please confirm when the boiler was last serviced.',
    )
    expect(task).toMatchObject({ owner_side: 'seller_side', status: 'not_completed' })
    expect((await list(txId, sellerConveyancer)).enquiries[0].seller_task).toMatchObject({ id: task.id })
    const again = await t.request(`${base(txId)}/enquiries/${id}/seller-task`, {
      as: sellerConveyancer,
      json: { version: 2 },
    })
    expect(again.status).toBe(409)
    const notify = await t.database.query<{ title: string }>(
      `select title from notifications where profile_id = $1 and kind = 'enquiry_update' and transaction_id = $2`,
      [seller.profileId, txId],
    )
    expect(notify[0].title).toBe('Your conveyancer needs your answer to enquiry 1')
  })
})

describe('replies to enquiries as a PDF', () => {
  it('exports into Contracts, a new version each time', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Please confirm the “ground rent” — and the service charge.'])
    await reply(txId, id, 1)
    const first = await t.request(`${base(txId)}/enquiries/export`, { as: sellerConveyancer, method: 'POST' })
    expect(first.status).toBe(201)
    const v1 = DocumentVersion.parse(await first.json())
    expect(v1).toMatchObject({ folder: 'Contracts', filename: 'Replies to enquiries.pdf', version: 1 })
    expect(v1.content_type).toBe('application/pdf')
    const second = DocumentVersion.parse(
      await (await t.request(`${base(txId)}/enquiries/export`, { as: buyerConveyancer, method: 'POST' })).json(),
    )
    expect(second.version).toBe(2)
    const link = (await (
      await t.request(`${base(txId)}/documents/${second.id}/url?disposition=attachment`, { as: buyerConveyancer })
    ).json()) as { url: string }
    const file = await t.request(link.url, { as: buyerConveyancer })
    expect(file.status).toBe(200)
    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()))
    expect(pdf.getTitle()).toBe('Replies to pre-contract enquiries')
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
    expect((await t.request(`${base(txId)}/enquiries/export`, { as: buyer, method: 'POST' })).status).toBe(403)
  })
})

describe('reply clocks', () => {
  const delivery = () => ({ publicUrl: t.config.publicUrl, deliverMail: false })
  const clocksOf = async (txId: string) =>
    ClockList.parse(await (await t.request(`${base(txId)}/sla-clocks`, { as: buyer })).json()).clocks

  it('pause while the enquiries stage is blocked and resume when it clears', async () => {
    const txId = await newMatter()
    await raiseOk(txId, ['Pause me'])
    const [stage] = await t.database.query<{ id: string; version: number }>(
      `select id, version from timeline_stages where transaction_id = $1 and stage_name = 'Enquiries & report on title'`,
      [txId],
    )
    const block = await t.request(`${base(txId)}/stages/${stage.id}`, {
      method: 'PATCH',
      as: buyerConveyancer,
      json: { blocked_reason: 'Waiting for the management pack', version: stage.version },
    })
    expect(block.status).toBe(200)
    expect((await clocksOf(txId))[0]).toMatchObject({ state: 'paused', due_date: null })
    // The milestones the cases board reads are stored in the same write.
    const stored = async () =>
      (
        await t.database.query<{ paused: boolean; due_on: string | null }>(
          `select paused, due_on::text as due_on from sla_clocks where transaction_id = $1 and clock_type = 'enquiry_replies'`,
          [txId],
        )
      )[0]
    expect(await stored()).toEqual({ paused: true, due_on: null })
    const [s2] = await t.database.query<{ version: number }>('select version from timeline_stages where id = $1', [
      stage.id,
    ])
    await t.request(`${base(txId)}/stages/${stage.id}`, {
      method: 'PATCH',
      as: buyerConveyancer,
      json: { blocked_reason: null, version: s2.version },
    })
    const clock = (await clocksOf(txId))[0]
    expect(clock.state).toBe('running')
    expect(await stored()).toEqual({ paused: false, due_on: clock.due_date })
    const pauses = await t.database.query<{ resumed_at: Date | null }>(
      'select p.resumed_at from sla_clock_pauses p join sla_clocks c on c.id = p.clock_id where c.transaction_id = $1',
      [txId],
    )
    expect(pauses).toHaveLength(1)
    expect(pauses[0].resumed_at).not.toBeNull()
  })

  it('alert once when due soon and once when breached: email to the seller’s conveyancer and an audit entry', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Late reply'])
    // Started on Monday 23 November 2026 (5 working days: due Monday 30th).
    await t.database.query(`update sla_clocks set started_at = '2026-11-23T10:00:00Z' where enquiry_id = $1`, [id])
    const mails = async (kind: string) =>
      t.database.query<{ subject: string }>(
        'select subject from mail_outbox where to_address = $1 and kind = $2 and transaction_id = $3',
        [sellerConveyancer.email, kind, txId],
      )
    const check = (at: string) => checkSlaClocks({ database: t.appDatabase, delivery: delivery(), now: new Date(at) })
    await check('2026-11-25T12:00:00Z') // on track: nothing
    expect(await mails('notification.sla_due_soon')).toHaveLength(0)
    await check('2026-11-27T12:00:00Z') // Friday: one working day left
    expect((await mails('notification.sla_due_soon')).map((m) => m.subject)).toEqual([
      'SLA due soon: Replies to enquiries (enquiry 1)',
    ])
    await check('2026-11-30T12:00:00Z') // still due soon: no second alert
    expect(await mails('notification.sla_due_soon')).toHaveLength(1)
    await check('2026-12-01T09:00:00Z') // a sixth working day: breached
    await check('2026-12-02T09:00:00Z')
    expect((await mails('notification.sla_breached')).map((m) => m.subject)).toEqual([
      'SLA breached: Replies to enquiries (enquiry 1)',
    ])
    // The matter's other clocks (the contract pack's, started when the seller's conveyancer joined) alert on their own.
    const trail = (await activity(txId)).filter((a) => a.kind.startsWith('sla.') && a.summary.includes('(enquiry 1)'))
    expect(trail.map((a) => a.kind)).toEqual(['sla.due_soon', 'sla.breached'])
    expect(trail[1].summary).toContain('SLA breached: Replies to enquiries (enquiry 1)')
    expect(trail[1].summary).toContain('30 Nov 2026')
  })

  it('a clock paused the day after its due date is emailed as breached, never "due today" of a past date', async () => {
    const txId = await newMatter()
    const [id] = await raiseOk(txId, ['Paused late'])
    // Due Monday 30 November 2026; the stage blocked on Tuesday 1 December at 09:00 (the review's case).
    await t.database.query(`update sla_clocks set started_at = '2026-11-23T10:00:00Z' where enquiry_id = $1`, [id])
    await t.database.query(
      `insert into sla_clock_pauses (clock_id, paused_at) select id, '2026-12-01T09:00:00Z' from sla_clocks where enquiry_id = $1`,
      [id],
    )
    await checkSlaClocks({ database: t.appDatabase, delivery: delivery(), now: new Date('2026-12-01T12:00:00Z') })
    const sent = await t.database.query<{ subject: string; text_body: string }>(
      `select subject, text_body from mail_outbox where to_address = $1 and transaction_id = $2 and subject like '%(enquiry 1)'`,
      [sellerConveyancer.email, txId],
    )
    expect(sent.map((m) => m.subject)).toEqual(['SLA breached: Replies to enquiries (enquiry 1)'])
    expect(sent[0].text_body).toContain('was due 30 Nov 2026')
    expect(sent[0].text_body).not.toMatch(/due today/i)
  })

  it('counts the firm’s met share over closed clocks', async () => {
    const firm = (await createOrganization(t.database, { name: 'Share & Co' })).organizationId
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
        { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer', organizationId: firm },
      ],
    })
    const [onTime, late, open] = await raiseOk(txId, ['On time', 'Late', 'Still open'])
    await t.database.query(`update sla_clocks set started_at = now() - interval '30 days' where enquiry_id = $1`, [
      late,
    ])
    await reply(txId, onTime, 1)
    await reply(txId, late, 1)
    expect(open).toBeTruthy()
    expect(await slaMetShareForOrganization(t.database.db, firm)).toEqual({ met: 1, missed: 1, share: 0.5 })
  })
})

describe('a firm’s settings', () => {
  it('the firm’s own SLA targets and standard lists apply; strangers get 404', async () => {
    const txId = await newMatter()
    const put = await t.request(`/api/firms/${sellerFirm}/sla-settings`, {
      method: 'PUT',
      as: sellerConveyancer,
      json: { clocks: [{ clock_type: 'enquiry_replies', working_days: 3 }] },
    })
    expect(put.status).toBe(200)
    await raiseOk(txId, ['Quick one'])
    expect((await list(txId, buyerConveyancer)).enquiries[0].clock!.target_working_days).toBe(3)
    expect(
      (
        await t.request(`/api/firms/${sellerFirm}/sla-settings`, {
          method: 'PUT',
          as: outsider,
          json: { clocks: [{ clock_type: 'enquiry_replies', working_days: 9 }] },
        })
      ).status,
    ).toBe(404)
    const lists = await t.request(`/api/firms/${sellerFirm}/standard-enquiries`, {
      method: 'PUT',
      as: sellerConveyancer,
      json: { category: 'title', items: ['Our own title question'] },
    })
    expect(lists.status).toBe(200)
    const body = StandardEnquiries.parse(await lists.json())
    expect(body.categories.find((c) => c.category === 'title')).toEqual({
      category: 'title',
      items: ['Our own title question'],
      custom: true,
    })
    expect((await t.request(`/api/firms/${sellerFirm}/standard-enquiries`, { as: outsider })).status).toBe(404)
    // Removing the last item of the firm's own list restores Homeward's list for the category.
    const emptied = await t.request(`/api/firms/${sellerFirm}/standard-enquiries`, {
      method: 'PUT',
      as: sellerConveyancer,
      json: { category: 'title', items: [] },
    })
    expect(emptied.status).toBe(200)
    expect(StandardEnquiries.parse(await emptied.json()).categories.find((c) => c.category === 'title')).toEqual({
      category: 'title',
      items: [...DEFAULT_STANDARD_ENQUIRIES.title],
      custom: false,
    })
    await t.request(`/api/firms/${sellerFirm}/sla-settings`, {
      method: 'PUT',
      as: sellerConveyancer,
      json: { clocks: [{ clock_type: 'enquiry_replies', working_days: 5 }] },
    })
  })
})
