/**
 * The accreditation engine over real rows (moves, participants, documents, signature requests,
 * reviews, CPD records), the firm's Accreditation page, the marketplace showing what the engine
 * computed, reviews after completion (only the buyer or seller of a completed move, once per firm),
 * the review request sent at completion, and the nightly run.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { AccreditationPage } from '#shared/contracts/accreditation.ts'
import { DirectoryResponse } from '#shared/contracts/directory.ts'
import { ReviewForm } from '#shared/contracts/reviews.ts'
import { findCourse } from '#shared/domain/academy-courses.ts'
import { createOrganization, createTransaction, createUser, type CreatedUser } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { runNightlyIfDue } from './nightly'

const t = useTestApp()
const DAY = 86_400_000
let pro: CreatedUser
let colleague: CreatedUser
let buyer: CreatedUser
let seller: CreatedUser
let outsider: CreatedUser
let orgId: string
let otherOrgId: string
let completedTx: string
let liveTx: string
let exchangeTx: string

const get = (u: CreatedUser, path: string) => t.request(path, { headers: { cookie: u.cookie } })
const post = (u: CreatedUser, path: string, json: unknown) =>
  t.request(path, { method: 'POST', headers: { cookie: u.cookie }, json })

async function latestMetrics(id: string) {
  const [row] = await t.database.query<Record<string, unknown>>(
    `select * from accreditation_metrics where organization_id = $1 order by recorded_at desc limit 1`,
    [id],
  )
  return row
}

beforeAll(async () => {
  const make = (role: 'conveyancer' | 'buyer' | 'seller') => createUser(t.auth, { database: t.database, role })
  ;[pro, colleague, buyer, seller, outsider] = await Promise.all([
    make('conveyancer'),
    make('conveyancer'),
    make('buyer'),
    make('seller'),
    make('buyer'),
  ])
  orgId = (await createOrganization(t.database, { name: `Engine Law ${randomUUID().slice(0, 6)}` })).organizationId
  otherOrgId = (await createOrganization(t.database, { name: 'Not On The Move Law' })).organizationId
  const asPro = (createdAt = new Date(), who = pro) => [
    { profileId: who.profileId, role: 'buyer_conveyancer' as const, organizationId: orgId, createdAt },
  ]
  // Three live moves (one with the colleague), two completed 50 days after instruction, one cancelled.
  liveTx = (await createTransaction(t.database, { buyerProfileId: outsider.profileId, participants: asPro() }))
    .transactionId
  await createTransaction(t.database, { participants: asPro() })
  await createTransaction(t.database, { participants: asPro(new Date(), colleague) })
  const instructed = new Date(Date.now() - 60 * DAY)
  for (let i = 0; i < 2; i++) {
    const tx = await createTransaction(t.database, {
      buyerProfileId: i === 0 ? buyer.profileId : null,
      sellerProfileId: i === 0 ? seller.profileId : null,
      status: 'completed',
      participants: asPro(instructed),
    })
    await t.database.query(
      // 50 London calendar days after the London day of instruction, as the engine counts them (a cast
      // of the timestamp in UTC would fall a day short late in a winter evening for a summer instruction).
      `update transactions set completion_date = ($2::timestamptz at time zone 'Europe/London')::date + 50 where id = $1`,
      [tx.transactionId, instructed.toISOString()],
    )
    if (i === 0) completedTx = tx.transactionId
  }
  await createTransaction(t.database, { status: 'cancelled', participants: asPro() })
  // Documents the pro uploaded on the completed move: 4 versions, one corrected for an error, one declined at signing.
  const doc = (filename: string, version: number, correctsError = false) =>
    t.database.query<{ id: string }>(
      `insert into documents (transaction_id, folder, filename, version, uploaded_by, corrects_error, audience)
       values ($1, 'Contracts', $2, $3, $4, $5, 'everyone') returning id`,
      [completedTx, filename, version, pro.profileId, correctsError],
    )
  await doc('Contract.pdf', 1)
  await doc('Contract.pdf', 2, true)
  await doc('TR1.pdf', 1)
  const [declined] = await doc('Client care letter.pdf', 1)
  await t.database.query(
    `insert into signature_requests (transaction_id, document_id, document_sha256, status) values ($1, $2, 'x', 'declined')`,
    [completedTx, declined.id],
  )
  // A move in exchange with the firm, to be completed through the API.
  exchangeTx = (
    await createTransaction(t.database, {
      buyerProfileId: outsider.profileId,
      sellerProfileId: seller.profileId,
      status: 'exchange',
      participants: asPro(),
    })
  ).transactionId
  await t.database.db.transaction((tx) => recomputeAccreditation(tx, { organizationIds: [orgId], source: 'change' }))
})

describe('the engine over real rows', () => {
  it('counts live, completed and cancelled moves, days to complete, fall-through and document accuracy', async () => {
    const m = await latestMetrics(orgId)
    expect(m).toMatchObject({
      live_cases_count: 4,
      cases_count: 2,
      avg_days: 50,
      csat: null,
      sla_rate: null,
      tier: null,
      onboarding_complete: false,
      academy_lite_access: false,
      source: 'change',
    })
    expect(Number(m.collapse_rate)).toBeCloseTo(1 / 3, 4)
    // 4 documents, 2 faulty: the version replaced for an error and the one declined at signing.
    expect(Number(m.document_accuracy)).toBe(0.5)
    const [org] = await t.database.query<{ tier: string | null }>(
      `select accreditation_tier as tier from organizations where id = $1`,
      [orgId],
    )
    expect(org.tier).toBeNull()
  })

  it("shows the firm's page: onboarding steps, each criterion, SLA without data and the gap to Silver", async () => {
    const page = AccreditationPage.parse(await (await get(pro, '/api/accreditation')).json())
    const o = page.organization!
    expect(o.id).toBe(orgId)
    expect(o.tier).toBeNull()
    expect(o.next_tier).toBe('silver')
    expect(o.onboarding.map((s) => [s.key, s.done])).toEqual([
      ['profile', true],
      ['team', true],
      ['first_case', true],
      ['course', false],
    ])
    expect(o.criteria.find((c) => c.key === 'sla')).toMatchObject({ status: 'no_data', gap: 'No data yet' })
    expect(o.gaps_to_next.map((c) => c.key)).toEqual(['onboarding', 'academy'])
    // A buyer works for no firm.
    expect(AccreditationPage.parse(await (await get(buyer, '/api/accreditation')).json()).organization).toBeNull()
  })

  it('promotes the firm to Silver when a member passes a course, records the change, and the marketplace shows it', async () => {
    const course = findCourse('pg81-identity-evidence')!
    const answers = Object.fromEntries(course.questions.map((q) => [q.id, q.answer]))
    expect((await post(colleague, `/api/academy/courses/${course.slug}/attempts`, { answers })).status).toBe(201)
    const page = AccreditationPage.parse(await (await get(pro, '/api/accreditation')).json())
    expect(page.organization).toMatchObject({ tier: 'silver', next_tier: 'gold' })
    expect(page.organization!.history[0]).toMatchObject({ from_tier: null, to_tier: 'silver', source: 'change' })
    expect(page.organization!.gaps_to_next.find((c) => c.key === 'completed_cases')?.gap).toBe(
      '23 more completed cases',
    )
    const dir = DirectoryResponse.parse(await (await t.request('/api/organizations')).json())
    const card = dir.organizations.find((o) => o.id === orgId)!
    expect(card.accreditation_tier).toBe('silver')
    expect(card.accreditation_metrics[0]).toMatchObject({
      tier: 'silver',
      cases_count: 2,
      avg_days: 50,
      live_cases_count: 4,
    })
  })
})

describe('reviews after completion', () => {
  it('lets the buyer of the completed move rate the firm once; the review feeds the marketplace and CSAT', async () => {
    const form = ReviewForm.parse(await (await get(buyer, `/api/transactions/${completedTx}/reviews`)).json())
    expect(form.firms.map((f) => f.organization_id)).toEqual([orgId])
    expect(form.firms[0].my_review).toBeNull()
    const res = await post(buyer, `/api/transactions/${completedTx}/reviews`, {
      organization_id: orgId,
      rating_int: 4,
      body: 'Clear and quick.',
    })
    expect(res.status).toBe(201)
    expect(ReviewForm.parse(await res.json()).firms[0].my_review).toMatchObject({ rating_int: 4 })
    const again = await post(buyer, `/api/transactions/${completedTx}/reviews`, {
      organization_id: orgId,
      rating_int: 5,
    })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toContain('already reviewed')
    expect(Number((await latestMetrics(orgId)).csat)).toBe(4)
    const [review] = await t.database.query<{ author_name: string; transaction_id: string }>(
      `select author_name, transaction_id from marketplace_reviews where organization_id = $1`,
      [orgId],
    )
    expect(review.transaction_id).toBe(completedTx)
    // The seller of the same move reviews too.
    expect(
      (await post(seller, `/api/transactions/${completedTx}/reviews`, { organization_id: orgId, rating_int: 5 }))
        .status,
    ).toBe(201)
    expect(Number((await latestMetrics(orgId)).csat)).toBe(4.5)
  })

  it('refuses everyone else, naming the rule', async () => {
    const send = (u: CreatedUser, tx: string, org = orgId) =>
      post(u, `/api/transactions/${tx}/reviews`, { organization_id: org, rating_int: 5 })
    expect((await send(outsider, completedTx)).status).toBe(404)
    const asPro = await send(pro, completedTx)
    expect(asPro.status).toBe(403)
    expect((await asPro.json()).error.message).toBe(
      'Only the buyer or the seller of this move can review its professionals.',
    )
    const early = await send(outsider, liveTx)
    expect(early.status).toBe(409)
    expect((await early.json()).error.message).toContain('once it has completed')
    expect((await send(seller, completedTx, otherOrgId)).status).toBe(422)
    const bad = await post(buyer, `/api/transactions/${completedTx}/reviews`, { organization_id: orgId, rating_int: 6 })
    expect(bad.status).toBe(400)
  })

  it('asks the buyer and the seller for a review when completion is recorded, and recomputes the firm', async () => {
    const [tx] = await t.database.query<{ version: number }>(`select version from transactions where id = $1`, [
      exchangeTx,
    ])
    const res = await t.request(`/api/transactions/${exchangeTx}/status`, {
      method: 'POST',
      headers: { cookie: pro.cookie },
      json: { action: 'complete', version: tx.version },
    })
    expect(res.status).toBeLessThan(300)
    const asked = await t.database.query<{ profile_id: string; link: string }>(
      `select profile_id, link from notifications where transaction_id = $1 and link like '%/review' order by profile_id`,
      [exchangeTx],
    )
    expect(asked.map((n) => n.profile_id).sort()).toEqual([outsider.profileId, seller.profileId].sort())
    expect(asked[0].link).toBe(`/app/transactions/${exchangeTx}/review`)
    const mails = await t.database.query<{ to_address: string; subject: string }>(
      `select to_address, subject from mail_outbox where kind = 'review_request' and transaction_id = $1`,
      [exchangeTx],
    )
    expect(mails.map((m) => m.to_address).sort()).toEqual([outsider.email, seller.email].sort())
    expect(mails[0].subject).toMatch(/^How did your move at .* go\?$/)
    const m = await latestMetrics(orgId)
    expect(m).toMatchObject({ cases_count: 3, live_cases_count: 3 })
  })
})

describe('the nightly run', () => {
  it('recomputes every organization once a night', async () => {
    const night = new Date(Date.now() + 400 * DAY)
    night.setUTCHours(3, 0, 0, 0)
    const n = await runNightlyIfDue(t.database, night)
    expect(n).toBeGreaterThanOrEqual(2)
    expect(await runNightlyIfDue(t.database, new Date(night.getTime() + 3_600_000))).toBe(0)
    expect((await latestMetrics(orgId)).source).toBe('nightly')
  })
})
