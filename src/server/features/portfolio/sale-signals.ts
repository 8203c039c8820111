/**
 * Reads the risk signals of an estate agent's sales in one statement (the sales: where the agent is
 * the estate agent participant, or their agency's, through access/firms.ts) and judges each with
 * assessSaleRisk. Also used by the periodic high-risk check, for every live sale with an agent.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { BUYER_POSITIONS } from '#shared/domain/agent-sales.ts'
import { assessSaleRisk, type SaleRisk } from '#shared/domain/sale-risk.ts'
import { TRANSACTION_STATUSES } from '#shared/domain/statuses.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { agencySaleIds } from '#server/access/sql-fragments.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

/** ID and AML checks count as outstanding once a sale is this many days old. */
export const ID_CHECKS_DUE_AFTER_DAYS = 14

export const SaleSignals = z.object({
  transaction_id: z.string(),
  address: z.string(),
  postcode: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  agreed_price_pence: z.number().nullable(),
  seller_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  /** The buyer's position the agent recorded at SSTC (agent_sales), null for a sale they were invited to. */
  buyer_position: z.enum(BUYER_POSITIONS).nullable(),
  current_stage: z.string().nullable(),
  percent_complete: z.number(),
  created_at: Timestamp,
  last_progress_at: Timestamp,
  blocked_stage: z.string().nullable(),
  blocked_at: Timestamp.nullable(),
  buyer_id_open: z.boolean(),
  seller_id_open: z.boolean(),
  searches_ordered_at: Timestamp.nullable(),
  searches_back: z.boolean(),
  memorandum_sent: z.boolean(),
  /** The buyer's mortgage offer expiry (yyyy-mm-dd) from the broker's case, if recorded. */
  offer_expires_on: z.string().nullable(),
  /** The expiry (yyyy-mm-dd) of the latest decision in principle recorded for the move. */
  dip_expires_on: z.string().nullable(),
  /** Sales in the chain, this one included, linked through people buying and selling on Homeward. */
  chain_length: z.number(),
})
export type SaleSignals = z.infer<typeof SaleSignals>

/** Links followed each way along a chain; a cycle of people (A sells to B, B to A) stops here. */
export const CHAIN_MAX_LINKS = 8

/** The live sales (not completed or cancelled) of the agent `profileId`, firm-wide. */
export function agentSaleIdsSql(profileId: string): SQL {
  return sql`select transaction_id from transaction_participants where user_id = ${profileId} and role = 'estate_agent'
    union ${agencySaleIds('(select av.vid from av)')}`
}

/** Signals of the sales whose ids the subquery `ids` selects (it may use the CTE `av(vid)` for the viewer). */
export async function readSaleSignals(
  db: Database['db'] | Tx,
  ids: SQL,
  viewerId: string | null,
): Promise<SaleSignals[]> {
  return rows(SaleSignals, await db.execute(saleSignalsSql(ids, viewerId)))
}

/** The statement readSaleSignals runs (SaleSignals rows), for EXPLAIN in bench/paged-lists.ts. */
export function saleSignalsSql(ids: SQL, viewerId: string | null): SQL {
  return sql`
    with av as (select ${viewerId}::uuid as vid)
    select t.id as transaction_id, coalesce(p.address_lines[1], 'Address to be confirmed') as address,
      coalesce(p.postcode, '') as postcode, t.status, t.agreed_price_pence::float8 as agreed_price_pence,
      coalesce(sp.full_name, ags.seller_name) as seller_name, coalesce(bp.full_name, ags.buyer_name) as buyer_name,
      ags.buyer_position,
      st.current_stage, st.percent_complete, t.created_at,
      greatest(t.created_at, st.last_tick) as last_progress_at,
      st.blocked_stage, st.blocked_at, st.buyer_id_open, st.seller_id_open,
      st.searches_ordered_at, st.searches_back, st.memorandum_sent,
      to_char(mo.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on,
      to_char(mo.dip_expires_on, 'YYYY-MM-DD') as dip_expires_on,
      (1 + ch.below + ch.above)::int as chain_length
    from transactions t
    left join properties p on p.transaction_id = t.id
    left join profiles sp on sp.id = t.seller_user_id
    left join profiles bp on bp.id = t.buyer_user_id
    left join agent_sales ags on ags.transaction_id = t.id
    cross join lateral (
      select
        (select s.stage_name from timeline_stages s where s.transaction_id = t.id and s.status <> 'completed'
          order by s.sort_index limit 1) as current_stage,
        coalesce(round(100.0 * count(*) filter (where k.status = 'completed') / nullif(count(k.id), 0)), 0)::int as percent_complete,
        max(k.completed_at) as last_tick,
        (select s.stage_name from timeline_stages s where s.transaction_id = t.id and s.status = 'blocked'
          order by s.blocked_at nulls last limit 1) as blocked_stage,
        (select coalesce(s.blocked_at, s.updated_at) from timeline_stages s where s.transaction_id = t.id and s.status = 'blocked'
          order by s.blocked_at nulls last limit 1) as blocked_at,
        coalesce(bool_or(k.status <> 'completed' and k.title like 'Buyer ID and AML checks%'), false) as buyer_id_open,
        coalesce(bool_or(k.status <> 'completed' and k.title like 'Seller ID and AML checks%'), false) as seller_id_open,
        max(k.completed_at) filter (where k.title = ${TASK_TITLES.localSearchOrdered}) as searches_ordered_at,
        coalesce(bool_or(k.status = 'completed' and k.title = ${TASK_TITLES.searchesBack}), false) as searches_back,
        coalesce(bool_or(k.status = 'completed' and k.title = ${TASK_TITLES.memorandumOfSale}), false) as memorandum_sent
      from timeline_stages s2 left join tasks k on k.stage_id = s2.id
      where s2.transaction_id = t.id
    ) st
    cross join lateral (
      select
        (select min(m.offer_expires_on) from mortgage_cases m where m.transaction_id = t.id) as offer_expires_on,
        (select d.expires_on from mortgage_dips d where d.transaction_id = t.id
          order by d.issued_on desc, d.created_at desc limit 1) as dip_expires_on
    ) mo
    cross join lateral (
      -- The chain as Homeward sees it: below, the sale this buyer is also selling (and so on); above,
      -- the purchase this seller is also making. Live sales only, a bounded walk each way.
      select
        coalesce((with recursive below(id, person, depth) as (
            select t.id, t.buyer_user_id, 0
            union all
            select n.id, n.buyer_user_id, b.depth + 1 from below b
            join transactions n on n.seller_user_id = b.person and n.id <> b.id
              and n.status not in ('completed', 'cancelled')
            where b.depth < ${CHAIN_MAX_LINKS})
          select max(depth) from below), 0) as below,
        coalesce((with recursive above(id, person, depth) as (
            select t.id, t.seller_user_id, 0
            union all
            select n.id, n.seller_user_id, a.depth + 1 from above a
            join transactions n on n.buyer_user_id = a.person and n.id <> a.id
              and n.status not in ('completed', 'cancelled')
            where a.depth < ${CHAIN_MAX_LINKS})
          select max(depth) from above), 0) as above
    ) ch
    where t.id in (${ids}) and t.status not in ('completed', 'cancelled')`
}

/** The last moment of a yyyy-mm-dd expiry day, so that it 'expires today' all that day (UTC; UK within an hour). */
const endOfDay = (day: string | null) => (day ? new Date(`${day}T23:59:59Z`) : null)

/** Judges one sale's risk at `now` from its signals. */
export function riskOf(sale: SaleSignals, now: Date): SaleRisk {
  const ageDays = (now.getTime() - new Date(sale.created_at).getTime()) / 86_400_000
  const idSides: ('buyer' | 'seller')[] = []
  if (ageDays >= ID_CHECKS_DUE_AFTER_DAYS) {
    if (sale.buyer_id_open) idSides.push('buyer')
    if (sale.seller_id_open) idSides.push('seller')
  }
  return assessSaleRisk({
    now,
    lastProgressAt: new Date(sale.last_progress_at),
    blockedStage:
      sale.blocked_stage && sale.blocked_at ? { name: sale.blocked_stage, since: new Date(sale.blocked_at) } : null,
    idChecksOutstanding: idSides,
    searches: {
      orderedAt: sale.searches_ordered_at ? new Date(sale.searches_ordered_at) : null,
      received: sale.searches_back,
    },
    mortgageOfferExpiresOn: endOfDay(sale.offer_expires_on),
    dipExpiresOn: endOfDay(sale.dip_expires_on),
    chainLength: sale.chain_length,
  })
}
