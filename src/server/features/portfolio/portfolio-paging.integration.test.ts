/**
 * The agent's portfolio in pages (decision 075) through the API on a real database: an agent with
 * 32 live sales (stalled ones of several ages, fresh ones, one blocked) gets exactly one page of 25
 * by default, riskiest first across pages that never overlap, with the band counts and the total
 * before the filters and the matching count after them; the band and text filters paged; each
 * sale's waiting steps on every page; completed sales and other agents' sales never counted.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { PortfolioResponse } from '#shared/contracts/portfolio.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { createTransaction, stagesFromTemplate } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
const DAY = 86_400_000
const SALES = 32
let agent: TestUser
let other: TestUser

async function portfolio(query: string, as = agent): Promise<PortfolioResponse> {
  const res = await t.request(`/api/portfolio${query}`, { as })
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return PortfolioResponse.parse(JSON.parse(text))
}

beforeAll(async () => {
  agent = await t.signUp({ role: 'agent', name: 'Paula Pages' })
  other = await t.signUp({ role: 'agent', name: 'Oscar Other' })
  const seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  const now = Date.now()
  for (let i = 0; i < SALES; i++) {
    const stages = stagesFromTemplate(standardTimeline({ tenure: 'freehold' }))
    if (i % 8 === 0)
      stages[3] = {
        ...stages[3],
        status: 'blocked',
        blockedReason: 'Search delayed',
        blockedAt: new Date(now - 20 * DAY),
      }
    await createTransaction(t.database, {
      sellerProfileId: seller.profileId,
      participants: [{ profileId: agent.profileId, role: 'estate_agent', invitedBy: seller.profileId }],
      stages,
      // Ages from today to 40 days: bands and scores spread across the pages.
      createdAt: new Date(now - (i % 5) * 10 * DAY - i * 60_000),
      property: { addressLines: [`${i + 1} Paging Row`, 'St Albans'], postcode: `AL${(i % 3) + 1} 1PG` },
    })
  }
  // Neither counted: a completed sale of the agent's, and a live sale of another agent's.
  await createTransaction(t.database, {
    status: 'completed',
    participants: [{ profileId: agent.profileId, role: 'estate_agent' }],
  })
  await createTransaction(t.database, { participants: [{ profileId: other.profileId, role: 'estate_agent' }] })
})

describe('portfolio pages', () => {
  it('gives exactly one page of 25 by default, with the total and counts per band of every live sale', async () => {
    const first = await portfolio('')
    expect(first.sales).toHaveLength(25)
    expect(first).toMatchObject({ page: 1, page_size: 25, total: SALES, matching: SALES })
    expect(first.counts.high + first.counts.medium + first.counts.low).toBe(SALES)
    expect(first.counts.high).toBeGreaterThan(0)
    expect(first.counts.low).toBeGreaterThan(0)
    // Every sale on the page carries its waiting steps (the current stage's open tasks others hold).
    expect(first.sales.every((s) => s.waiting_on.length > 0)).toBe(true)
  })

  it('pages never overlap, list every sale once and keep the riskiest first across pages', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => portfolio(`?page=${n}&page_size=10`)))
    expect(pages.map((p) => p.sales.length)).toEqual([10, 10, 10, 2])
    const sales = pages.flatMap((p) => p.sales)
    expect(new Set(sales.map((s) => s.transaction_id)).size).toBe(SALES)
    const scores = sales.map((s) => s.risk.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const whole = await portfolio('?page_size=100')
    expect(whole.sales.map((s) => s.transaction_id)).toEqual(sales.map((s) => s.transaction_id))
    expect(whole.sales.map((s) => s.waiting_on)).toEqual(sales.map((s) => s.waiting_on))
    expect((await portfolio('?page=5&page_size=10')).sales).toEqual([])
  })

  it('filters by band and text before paging, and counts every band whatever the filter', async () => {
    const all = await portfolio('')
    for (const band of ['high', 'medium', 'low'] as const) {
      const n = all.counts[band]
      const page = await portfolio(`?band=${band}&page_size=5`)
      expect(page).toMatchObject({ matching: n, total: SALES, counts: all.counts })
      expect(page.sales).toHaveLength(Math.min(5, n))
      expect(page.sales.every((s) => s.risk.band === band)).toBe(true)
    }
    const text = await portfolio('?q=al2%201pg&page=2&page_size=5')
    expect(text.matching).toBe(11)
    expect(text.sales).toHaveLength(5)
    expect(text.sales.every((s) => s.postcode === 'AL2 1PG')).toBe(true)
    expect((await t.request('/api/portfolio?page_size=101', { as: agent })).status).toBe(400)
  })

  it("counts another agent's own sales only", async () => {
    expect(await portfolio('', other)).toMatchObject({ total: 1, matching: 1 })
  })
})
