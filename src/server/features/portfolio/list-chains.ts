/**
 * GET /api/portfolio/chains: the chain view across an agent's portfolio (issue 40 item 1, decision
 * 066). For each live sale: the buyer's position as recorded at SSTC, and the confirmed chain links
 * (chain_links, the chains feature's table) walked each way: below, the buyer's own sale (and its
 * buyer's...); above, the seller's onward purchase. A move in the chain the agent also works is
 * named (address); any other is shown by its stage and progress only, as the chain page redacts the
 * rest of a chain. The weakest link is said in words. Estate agents only (403).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { PortfolioChainsResponse } from '#shared/contracts/portfolio.ts'
import { BUYER_POSITIONS } from '#shared/domain/agent-sales.ts'
import { TRANSACTION_STATUSES } from '#shared/domain/statuses.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import { assertAgent } from './list-portfolio'
import { agentSaleIdsSql, CHAIN_MAX_LINKS } from './sale-signals'

const Row = z.object({
  origin: z.string(),
  dir: z.enum(['self', 'below', 'above']),
  depth: z.number(),
  id: z.string(),
  mine: z.boolean(),
  address: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  current_stage: z.string().nullable(),
  percent_complete: z.number(),
  buyer_position: z.enum(BUYER_POSITIONS).nullable(),
})
type Row = z.infer<typeof Row>
type Chain = PortfolioChainsResponse['chains'][number]
type Link = Chain['below'][number]

/** The slowest link of a chain in words, or null when nothing in it trails the sale itself. */
export function weakestLink(chain: Omit<Chain, 'weakest'>): string | null {
  if (chain.buyer_position === 'sale_to_complete' && chain.below.length === 0)
    return "The buyer's own sale is not linked on Homeward: ask the buyer where it stands."
  const named: { words: string; link: Link }[] = [
    ...chain.below.map((link, i) => ({ words: i === 0 ? "The buyer's sale" : `The sale ${i + 1} below`, link })),
    ...chain.above.map((link, i) => ({
      words: i === 0 ? "The seller's purchase" : `The purchase ${i + 1} above`,
      link,
    })),
  ]
  const slowest = named
    .filter((n) => n.link.percent_complete < chain.percent_complete)
    .sort((a, b) => a.link.percent_complete - b.link.percent_complete)[0]
  if (!slowest) return null
  return `${slowest.words} is at ${slowest.link.current_stage ?? 'the start'} (${slowest.link.percent_complete}%), behind this one (${chain.percent_complete}%).`
}

export async function listChains({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<PortfolioChainsResponse> {
  assertAgent(viewer)
  const res = await database.db.execute(sql`
    with recursive av as (select ${viewer.profileId}::uuid as vid),
    mine as (select t.id from transactions t where t.id in (${agentSaleIdsSql(viewer.profileId)})),
    live as (select m.id from mine m join transactions t on t.id = m.id where t.status not in ('completed', 'cancelled')),
    below(origin, id, depth) as (
      select l0.id, cl.lower_transaction_id, 1 from live l0
        join chain_links cl on cl.upper_transaction_id = l0.id and cl.status = 'confirmed'
      union all
      select b.origin, cl.lower_transaction_id, b.depth + 1 from below b
        join chain_links cl on cl.upper_transaction_id = b.id and cl.status = 'confirmed'
       where b.depth < ${CHAIN_MAX_LINKS}),
    above(origin, id, depth) as (
      select l0.id, cl.upper_transaction_id, 1 from live l0
        join chain_links cl on cl.lower_transaction_id = l0.id and cl.status = 'confirmed'
      union all
      select a.origin, cl.upper_transaction_id, a.depth + 1 from above a
        join chain_links cl on cl.lower_transaction_id = a.id and cl.status = 'confirmed'
       where a.depth < ${CHAIN_MAX_LINKS}),
    links as (
      select id as origin, 'self' as dir, 0 as depth, id from live
      union all select origin, 'below', depth, id from below
      union all select origin, 'above', depth, id from above)
    select x.origin, x.dir, x.depth, x.id, (x.id in (select id from mine)) as mine,
      case when x.id in (select id from mine) then p.address_lines[1] end as address, t.status,
      (select s.stage_name from timeline_stages s where s.transaction_id = t.id and s.status <> 'completed'
        order by s.sort_index limit 1) as current_stage,
      coalesce((select round(100.0 * count(*) filter (where k.status = 'completed') / nullif(count(*), 0))
        from timeline_stages s join tasks k on k.stage_id = s.id where s.transaction_id = t.id), 0)::int as percent_complete,
      ags.buyer_position
    from links x join transactions t on t.id = x.id left join properties p on p.transaction_id = t.id
      left join agent_sales ags on ags.transaction_id = t.id
    order by x.origin, x.dir, x.depth`)
  const all = rows(Row, res)
  const link = (r: Row): Link => ({
    transaction_id: r.mine ? r.id : null,
    address: r.address,
    current_stage: r.current_stage,
    percent_complete: r.percent_complete,
    status: r.status,
  })
  const chains = all
    .filter((r) => r.dir === 'self')
    .map((self) => {
      const of = (dir: 'below' | 'above') =>
        all
          .filter((r) => r.origin === self.id && r.dir === dir)
          .sort((a, b) => a.depth - b.depth)
          .map(link)
      const chain = {
        transaction_id: self.id,
        address: self.address ?? 'Address to be confirmed',
        buyer_position: self.buyer_position,
        current_stage: self.current_stage,
        percent_complete: self.percent_complete,
        below: of('below'),
        above: of('above'),
      }
      return { ...chain, weakest: weakestLink(chain) }
    })
    // Longest chains first: they need the most watching; then by address.
    .sort(
      (a, b) =>
        b.below.length + b.above.length - (a.below.length + a.above.length) || a.address.localeCompare(b.address),
    )
  return { chains }
}
