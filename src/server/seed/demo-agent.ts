/**
 * The demo estate agent at work: Jordan Hale (a DEMO_ACCOUNTS entry) is the estate agent on the demo
 * move (Tom Whitfield's sale to Amelia Clarke) and on four more sales in and around St Albans, so a
 * newcomer signed in as Jordan sees a portfolio ranked by risk: 14 Holywell Hill is stalled (no
 * progress for five weeks, its searches blocked for three) and comes first; 8 Fishpool Street has
 * been quiet for a fortnight; two recent sales are on track. Jordan created each at SSTC (agent_sales:
 * the buyer's position, the clients off Homeward), so this week's update to each seller is his to send
 * by email. Ids are fixed, times follow `now`.
 */
import { sql } from 'drizzle-orm'
import { standardTimeline, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from './prng'

/** The stalled sale, first in Jordan's portfolio. */
export const DEMO_STALLED_SALE_ID = '5eed0000-0000-4000-8000-0000000000a1'

const DAY_MS = 86_400_000

interface AgentSale {
  id: string
  address: string
  postcode: string
  pricePence: number
  createdDaysAgo: number
  lastTickDaysAgo: number
  completedStages: number
  currentTasksDone: number
  blockedDaysAgo?: number
  /** The clients as Jordan recorded them at SSTC (agent_sales): not on Homeward, so his weekly update goes by email. */
  seller: { name: string; email: string }
  buyer: { name: string; email: string; position: 'first_time_buyer' | 'chain_free' | 'sale_to_complete' }
}

/** The four sales besides the demo move, in the order they are inserted. */
export const DEMO_AGENT_SALES: readonly AgentSale[] = [
  // prettier-ignore
  { id: DEMO_STALLED_SALE_ID, address: '14 Holywell Hill', postcode: 'AL1 1BT', pricePence: 635_000_00,
    createdDaysAgo: 52, lastTickDaysAgo: 35, completedStages: 2, currentTasksDone: 2, blockedDaysAgo: 21,
    seller: { name: 'Margaret Ellis', email: 'margaret.ellis@example.com' },
    buyer: { name: 'Daniel Okoro', email: 'daniel.okoro@example.com', position: 'sale_to_complete' } },
  // prettier-ignore
  { id: '5eed0000-0000-4000-8000-0000000000a2', address: '8 Fishpool Street', postcode: 'AL3 4RT', pricePence: 548_000_00,
    createdDaysAgo: 30, lastTickDaysAgo: 16, completedStages: 2, currentTasksDone: 1,
    seller: { name: 'Peter and Ruth Haines', email: 'ruth.haines@example.com' },
    buyer: { name: 'Hannah Cole', email: 'hannah.cole@example.com', position: 'first_time_buyer' } },
  // prettier-ignore
  { id: '5eed0000-0000-4000-8000-0000000000a3', address: '3 Gombards', postcode: 'AL3 5NW', pricePence: 389_950_00,
    createdDaysAgo: 10, lastTickDaysAgo: 2, completedStages: 1, currentTasksDone: 2,
    seller: { name: 'Samir Qureshi', email: 'samir.qureshi@example.com' },
    buyer: { name: 'Lucy and Ben Ward', email: 'lucy.ward@example.com', position: 'chain_free' } },
  // prettier-ignore
  { id: '5eed0000-0000-4000-8000-0000000000a4', address: '61 Marshalswick Lane', postcode: 'AL1 4UT', pricePence: 472_500_00,
    createdDaysAgo: 5, lastTickDaysAgo: 1, completedStages: 0, currentTasksDone: 2,
    seller: { name: 'Joan Whitaker', email: 'joan.whitaker@example.com' },
    buyer: { name: 'Tariq Ahmed', email: 'tariq.ahmed@example.com', position: 'first_time_buyer' } },
]

/**
 * Inserts Jordan's participation in the demo move and Jordan's four other sales with `tx` (inside
 * the demo seed's database transaction, under its lock).
 */
export async function insertDemoAgentSales(
  tx: Tx,
  people: { agentProfileId: string; sellerProfileId: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const r = createPrng('homeward-demo-agent-v1')
  const ago = (days: number, hour = 10) => {
    const d = new Date(now.getTime() - days * DAY_MS)
    d.setUTCHours(hour, 0, 0, 0)
    return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d
  }
  const jordan = people.agentProfileId
  await tx.execute(
    // The seller instructed Jordan before the offer was accepted; Jordan joined the move two days after it.
    sql`insert into transaction_participants (id, transaction_id, user_id, role, invited_by, created_at)
      values (${r.uuid()}, ${people.demoTransactionId}, ${jordan}, 'estate_agent', ${people.sellerProfileId}, ${ago(36, 15)})`,
  )
  const template = standardTimeline({ tenure: 'freehold' })
  const searchesIndex = template.findIndex((s) => s.key === 'searches')
  for (const sale of DEMO_AGENT_SALES) {
    const stages = stagesInProgress(template, {
      completedStages: sale.completedStages,
      currentTasksDone: sale.currentTasksDone,
      ...(sale.blockedDaysAgo === undefined
        ? {}
        : {
            blocked: {
              stageIndex: searchesIndex,
              reason: 'Local authority search delayed at the council',
              tasksDone: 1,
            },
          }),
    })
    // No memorandum of sale was issued on these sales (no document, no email), so its task stays
    // open: it ticks only through the issue path, when both conveyancers received it (memorandum.ts).
    for (const stage of stages) {
      for (const k of stage.tasks) if (k.title === TASK_TITLES.memorandumOfSale) k.status = 'not_completed'
    }
    if (sale.blockedDaysAgo !== undefined) {
      stages[searchesIndex].blockedAt = ago(sale.blockedDaysAgo)
      stages[searchesIndex].blockedBy = jordan
    }
    // Ticks spread from the sale's start to its last progress.
    const done = stages.flatMap((s) => s.tasks.filter((k) => k.status === 'completed'))
    done.forEach((k, i) => {
      const span = sale.createdDaysAgo - sale.lastTickDaysAgo
      k.completedAt = ago(sale.createdDaysAgo - Math.round(((i + 1) / done.length) * span))
    })
    await insertTransaction(
      tx,
      {
        id: sale.id,
        status: 'active',
        buyerProfileId: null,
        sellerProfileId: null,
        createdBy: jordan,
        agreedPricePence: sale.pricePence,
        createdAt: ago(sale.createdDaysAgo, 9),
        property: { addressLines: [sale.address, 'St Albans'], postcode: sale.postcode, tenure: 'freehold' },
        stages,
        participants: [{ profileId: jordan, role: 'estate_agent', createdAt: ago(sale.createdDaysAgo, 9) }],
      },
      () => r.uuid(),
    )
    await tx.execute(sql`insert into agent_sales (transaction_id, created_by, buyer_position, seller_name, seller_email,
        buyer_name, buyer_email, created_at, updated_at)
      values (${sale.id}, ${jordan}, ${sale.buyer.position}, ${sale.seller.name}, ${sale.seller.email},
        ${sale.buyer.name}, ${sale.buyer.email}, ${ago(sale.createdDaysAgo, 9)}, ${ago(sale.createdDaysAgo, 9)})`)
  }
}
