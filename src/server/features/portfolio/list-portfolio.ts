/**
 * GET /api/portfolio: one page of the estate agent's live sales, firm-wide, each with its risk
 * (score, band, reasons in words), riskiest first (then longest without progress), filtered by band
 * and by text on the address, postcode or names. Only estate agents (pro_agent) have a portfolio:
 * 403 otherwise.
 *
 * The page before the rows (decision 075): the risk is judged at `now` from each sale's signals
 * (sale-signals.ts, one statement over the agent's sale ids), so the band counts, the filters and
 * the order come from those; then the steps each sale waits on (waiting-steps.ts, two statements)
 * are read for the page's sales alone, and only the page is answered.
 */
import { sql } from 'drizzle-orm'
import type { PortfolioQueryData, PortfolioResponse, PortfolioSale } from '#shared/contracts/portfolio.ts'
import { LIST_PAGE_SIZE, pageOffset } from '#shared/contracts/paging.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { agentSaleIdsSql, readSaleSignals, riskOf } from './sale-signals'
import { readWaitingSteps } from './waiting-steps'

/** Throws 403 unless the viewer signed up as an estate agent. */
export function assertAgent(viewer: Viewer): void {
  if (!viewer.roles.includes('pro_agent'))
    throw new AppError('forbidden', 'Only estate agents have a portfolio of sales.')
}

/** One page of the agent's portfolio (contract: PortfolioResponse); 403 for anyone not an estate agent. */
export async function listPortfolio({
  database,
  viewer,
  query,
  now = new Date(),
}: {
  database: Database
  viewer: Viewer
  query: Partial<PortfolioQueryData>
  now?: Date
}): Promise<PortfolioResponse> {
  assertAgent(viewer)
  const page = query.page ?? 1
  const pageSize = query.page_size ?? LIST_PAGE_SIZE
  const signals = await readSaleSignals(database.db, agentSaleIdsSql(viewer.profileId), viewer.profileId)
  const all: Omit<PortfolioSale, 'waiting_on'>[] = signals.map((s) => {
    const risk = riskOf(s, now)
    return {
      transaction_id: s.transaction_id,
      address: s.address,
      postcode: s.postcode,
      status: s.status,
      agreed_price_pence: s.agreed_price_pence === null ? null : Number(s.agreed_price_pence),
      seller_name: s.seller_name,
      buyer_name: s.buyer_name,
      current_stage: s.current_stage,
      percent_complete: Number(s.percent_complete),
      last_progress_at: new Date(s.last_progress_at).toISOString(),
      risk: { score: risk.score, band: risk.band, reasons: risk.reasons.map((r) => r.text) },
      memorandum_sent: s.memorandum_sent,
      buyer_position: s.buyer_position,
    }
  })
  const counts = { high: 0, medium: 0, low: 0 }
  for (const sale of all) counts[sale.risk.band]++
  const needle = query.q?.toLowerCase()
  const matching = all
    .filter((s) => !query.band || s.risk.band === query.band)
    .filter(
      (s) =>
        !needle ||
        [s.address, s.postcode, s.seller_name ?? '', s.buyer_name ?? ''].some((v) => v.toLowerCase().includes(needle)),
    )
    .sort(
      (a, b) =>
        b.risk.score - a.risk.score ||
        a.last_progress_at.localeCompare(b.last_progress_at) ||
        a.transaction_id.localeCompare(b.transaction_id),
    )
  const onPage = matching.slice(pageOffset(page, pageSize), pageOffset(page, pageSize) + pageSize)
  const waiting = onPage.length
    ? await readWaitingSteps(
        database.db,
        sql`select unnest(${`{${onPage.map((s) => s.transaction_id).join(',')}}`}::uuid[])`,
        viewer.profileId,
      )
    : new Map<string, PortfolioSale['waiting_on']>()
  return {
    sales: onPage.map((s) => ({ ...s, waiting_on: waiting.get(s.transaction_id) ?? [] })),
    counts,
    total: all.length,
    matching: matching.length,
    page,
    page_size: pageSize,
  }
}
