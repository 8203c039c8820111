/**
 * The broker's pipeline in pages (decision 075) through the API on a real database: a broker with
 * 61 rows (three clients on moves with DIPs, one move with no client record yet, 57 leads without a
 * move) gets exactly one page of 25 by default, pages that never overlap and together list every
 * row once, the total and per-stage counts before the filters and the matching count after them;
 * the search, stage, lender and 'DIP expiring' filters and every sort, each paged; a page past the
 * end is empty; a broker of another firm sees none of it; bad page sizes are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { Pipeline } from '#shared/contracts/mortgages.ts'
import { londonDay } from '#shared/domain/mortgages.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let broker: TestUser
let rival: TestUser
const LEADS = 57

/** yyyy-mm-dd `days` from today (London). */
const inDays = (days: number) => londonDay(new Date(Date.now() + days * 86_400_000))

async function pipeline(query: string, as = broker): Promise<Pipeline> {
  const res = await t.request(`/api/pipeline${query}`, { as })
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return Pipeline.parse(JSON.parse(text))
}
const names = (p: Pipeline) => p.rows.map((r) => r.client_name)

beforeAll(async () => {
  const buyer = await t.signUp({ role: 'buyer', name: 'Amelia Clarke' })
  broker = await t.signUp({ role: 'broker', name: 'Marcus Paging' })
  rival = await t.signUp({ role: 'broker', name: 'Rhys Rival' })
  const onMove = async (
    name: string,
    stage: string,
    dip: { lender: string; expires: string } | null,
    opts: { offer?: string; address?: string; buyer?: string } = {},
  ) => {
    const { transactionId } = await createTransaction(t.database, {
      buyerProfileId: opts.buyer ?? null,
      participants: [{ profileId: broker.profileId, role: 'mortgage_broker' }],
      property: { addressLines: [opts.address ?? `${name} House`, 'St Albans'], postcode: 'AL1 1AA' },
    })
    const [c] = await t.database.query<{ id: string }>(
      `insert into mortgage_cases (transaction_id, broker_profile_id, buyer_name, stage, offer_expires_on)
       values ($1, $2, $3, $4, $5) returning id`,
      [transactionId, broker.profileId, name, stage, opts.offer ?? null],
    )
    if (dip)
      await t.database.query(
        `insert into mortgage_dips (case_id, transaction_id, lender, amount_pence, term_months, reference, issued_on, expires_on)
         values ($1, $2, $3, 30000000, 300, 'REF', current_date, $4)`,
        [c.id, transactionId, dip.lender, dip.expires],
      )
  }
  // The buyer on the move has joined: the row takes their name.
  await onMove(
    'Amelia (as taken down)',
    'decision_in_principle',
    { lender: 'Halifax', expires: inDays(3) },
    {
      address: '14 Holywell Hill',
      buyer: buyer.profileId,
    },
  )
  await onMove('Ben Ode', 'valuation', { lender: 'Nationwide', expires: inDays(90) })
  await onMove('Cara Lee', 'offer_issued', { lender: 'Halifax', expires: inDays(2) }, { offer: inDays(150) })
  // A move the broker is on with no client record yet.
  await createTransaction(t.database, {
    participants: [{ profileId: broker.profileId, role: 'mortgage_broker' }],
    property: { addressLines: ['9 Unrecorded Road', 'St Albans'], postcode: 'AL1 9ZZ' },
  })
  await t.database.query(
    `insert into mortgage_cases (broker_profile_id, buyer_name, client_status, updated_at)
     select $1, 'Zed Lead ' || lpad(g::text, 2, '0'), 'lead', now() - g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [broker.profileId, LEADS],
  )
})

describe('pipeline pages', () => {
  it('gives exactly one page of 25 by default, with the total, the matching count and counts per stage', async () => {
    const first = await pipeline('')
    expect(first.rows).toHaveLength(25)
    expect(first).toMatchObject({ page: 1, page_size: 25, total: 61, matching: 61 })
    expect(first.counts).toMatchObject({ fact_find: 58, decision_in_principle: 1, valuation: 1, offer_issued: 1 })
    expect(Object.values(first.counts).reduce((a, b) => a + b, 0)).toBe(61)
    expect(first.lenders).toEqual(['Halifax', 'Nationwide'])
    // Soonest expiry first (the offer's once issued), none last, then most recently updated.
    expect(names(first).slice(0, 3)).toEqual(['Amelia Clarke', 'Ben Ode', 'Cara Lee'])
  })

  it('pages never overlap and together list every row once, in every sort', async () => {
    for (const sort of ['expiry', 'name', 'stage', 'updated']) {
      const pages = await Promise.all([1, 2, 3].map((n) => pipeline(`?sort=${sort}&page=${n}`)))
      expect(pages.map((p) => p.rows.length)).toEqual([25, 25, 11])
      const ids = pages.flatMap((p) => p.rows.map((r) => r.client_id ?? r.transaction_id))
      expect(new Set(ids).size).toBe(61)
      const all = await pipeline(`?sort=${sort}&page_size=100`)
      expect(all.rows.map((r) => r.client_id ?? r.transaction_id)).toEqual(ids)
    }
    const byName = await pipeline('?sort=name&page_size=4')
    expect(names(byName)).toEqual([null, 'Amelia Clarke', 'Ben Ode', 'Cara Lee'])
    const byStage = await pipeline('?sort=stage&page_size=1')
    expect(names(byStage)).toEqual(['Cara Lee'])
    const empty = await pipeline('?page=9')
    expect(empty.rows).toEqual([])
    expect(empty.matching).toBe(61)
  })

  it('searches, filters and counts what matches before paging it', async () => {
    expect(names(await pipeline('?q=holywell'))).toEqual(['Amelia Clarke'])
    expect(names(await pipeline('?q=BEN'))).toEqual(['Ben Ode'])
    expect(names(await pipeline('?stage=valuation'))).toEqual(['Ben Ode'])
    expect(names(await pipeline('?lender=halifax&sort=name'))).toEqual(['Amelia Clarke', 'Cara Lee'])
    // A DIP within 14 days, not once the offer is issued.
    expect(names(await pipeline('?dip_expiring=1'))).toEqual(['Amelia Clarke'])
    // A literal search: % matches nothing rather than everything.
    expect((await pipeline('?q=%25')).matching).toBe(0)
    const leads = await pipeline('?q=zed%20lead&page=2&page_size=20')
    expect(leads).toMatchObject({ total: 61, matching: LEADS, page: 2, page_size: 20 })
    expect(leads.rows).toHaveLength(20)
    expect(leads.counts.fact_find).toBe(58)
  })

  it('shows a broker of another firm none of it, and refuses a page size out of range', async () => {
    const theirs = await pipeline('', rival)
    expect(theirs).toMatchObject({ total: 0, matching: 0, rows: [] })
    expect((await t.request('/api/pipeline?page_size=500', { as: broker })).status).toBe(400)
    expect((await t.request('/api/pipeline?page=0', { as: broker })).status).toBe(400)
  })
})
