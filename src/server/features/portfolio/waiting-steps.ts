/**
 * The steps each of an agent's sales is waiting on, for the portfolio's chasers (issue 40 item 1):
 * the current stage's open tasks held by someone other than the agent, whether anyone holds the seat
 * a chaser would go to (chaseRolesFor: on Homeward, an off-platform record, or the agent's record of
 * the client), and when each was last chased (the 'sale.chased' audit entries). Two statements for
 * the whole portfolio, over the same sale ids as the portfolio (agentSaleIdsSql).
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { PortfolioSale } from '#shared/contracts/portfolio.ts'
import { chaseRolesFor } from '#shared/domain/agent-sales.ts'
import { waitingPartyOf, waitingPartyWords } from '#shared/domain/seller-update.ts'
import type { Database } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

const Step = z.object({
  transaction_id: z.string(),
  task_id: z.string(),
  title: z.string(),
  owner_side: z.string().nullable(),
  last_chased_at: Timestamp.nullable(),
})
const Held = z.object({ transaction_id: z.string(), held: z.array(z.string()) })

/** Who holds a step, in the agent's words: the seller update's words, but "the seller" rather than "you". */
export function holderWords(ownerSide: string | null): string {
  const party = waitingPartyOf(ownerSide)
  if (party === 'you') return 'the seller'
  if (party === 'your_conveyancer') return "the seller's conveyancer"
  return waitingPartyWords(party)
}

/** Waiting steps by sale id, for the sales `ids` selects (a subquery that may use the CTE `av(vid)`). */
export async function readWaitingSteps(
  db: Database['db'],
  ids: SQL,
  viewerId: string,
): Promise<Map<string, PortfolioSale['waiting_on']>> {
  const stepsRes = await db.execute(waitingStepsSql(ids, viewerId))
  const heldRes = await db.execute(heldSeatsSql(ids, viewerId))
  const held = new Map(rows(Held, heldRes).map((h) => [h.transaction_id, h.held]))
  const out = new Map<string, PortfolioSale['waiting_on']>()
  for (const step of rows(Step, stepsRes)) {
    const roles = chaseRolesFor(step.owner_side)
    const list = out.get(step.transaction_id) ?? []
    list.push({
      task_id: step.task_id,
      title: step.title,
      holder: holderWords(step.owner_side),
      chaseable: !!roles && roles.some((r) => held.get(step.transaction_id)?.includes(r)),
      last_chased_at: step.last_chased_at ? new Date(step.last_chased_at).toISOString() : null,
    })
    out.set(step.transaction_id, list)
  }
  return out
}

/** The current stage's open tasks others hold, per sale `ids` selects (readWaitingSteps; bench/paged-lists.ts). */
export function waitingStepsSql(ids: SQL, viewerId: string): SQL {
  return sql`
    with av as (select ${viewerId}::uuid as vid)
    select s.transaction_id, k.id as task_id, k.title, k.owner_side,
      (select max(a.created_at) from activity_events a where a.transaction_id = s.transaction_id
        and a.kind = 'sale.chased' and a.payload ->> 'taskId' = k.id::text) as last_chased_at
    from timeline_stages s join tasks k on k.stage_id = s.id
    where s.transaction_id in (${ids}) and k.status <> 'completed'
      and coalesce(k.owner_side, '') <> 'estate_agent'
      and s.sort_index = (select min(s2.sort_index) from timeline_stages s2
        where s2.transaction_id = s.transaction_id and s2.status <> 'completed')
    order by s.transaction_id, k.sort_index`
}

/** The seats held on each sale `ids` selects, for whether a chaser can go (readWaitingSteps; bench/paged-lists.ts). */
export function heldSeatsSql(ids: SQL, viewerId: string): SQL {
  return sql`
    with av as (select ${viewerId}::uuid as vid)
    select t.id as transaction_id, array(
        select tp.role from transaction_participants tp where tp.transaction_id = t.id
        union select 'buyer' where t.buyer_user_id is not null
        union select 'seller' where t.seller_user_id is not null
        union select o.role from off_platform_parties o where o.transaction_id = t.id and o.joined_at is null
        union select 'buyer' from agent_sales a where a.transaction_id = t.id and a.buyer_email is not null
        union select 'seller' from agent_sales a where a.transaction_id = t.id and a.seller_email is not null
      )::text[] as held
    from transactions t where t.id in (${ids})`
}
