/**
 * The demo move in a chain of three, so that the demo buyer, seller and conveyancer see chains at
 * work: Amelia (a first-time buyer) buys Tom's house in St Albans (the demo move, its Searches stage
 * blocked, so it is the slowest link); Tom buys 8 Kingsley Road, Harpenden, from a seller who is not
 * on Homeward; that seller buys in Hitchin from someone with no onward purchase (the top of the
 * chain, nobody on Homeward). Both links are confirmed. Priya (Amelia's conveyancer) proposed
 * exchange and completion dates to the chain two days ago: the demo move accepted, the other two
 * have not answered yet. Amelia and Priya see the other moves as town and district only; Tom may
 * open his purchase.
 */
import { sql } from 'drizzle-orm'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from './prng'

export const DEMO_CHAIN_MIDDLE_ID = '5eed0000-0000-4000-8000-000000000030'
export const DEMO_CHAIN_TOP_ID = '5eed0000-0000-4000-8000-000000000031'

const DAY_MS = 86_400_000

/** An ISO date `days` after `now` on a working day (Monday to Friday). */
function workingDayAfter(now: Date, days: number): string {
  const d = new Date(now.getTime() + days * DAY_MS)
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** Inserts the two other moves of the demo chain, its links and an open date proposal (inside the demo seed's transaction). */
export async function insertDemoChain(
  tx: Tx,
  people: { demoTransactionId: string; sellerProfileId: string; conveyancerProfileId: string },
  now: Date,
): Promise<void> {
  const r = createPrng('homeward-demo-chain-v1')
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
  await insertTransaction(
    tx,
    {
      id: DEMO_CHAIN_MIDDLE_ID,
      status: 'active',
      buyerProfileId: people.sellerProfileId,
      sellerProfileId: null,
      createdBy: people.sellerProfileId,
      agreedPricePence: 685_000_00,
      createdAt: ago(33),
      property: { addressLines: ['8 Kingsley Road', 'Harpenden'], postcode: 'AL5 4JP', tenure: 'freehold' },
      stages: stagesInProgress(standardTimeline({ tenure: 'freehold' }), { completedStages: 3, currentTasksDone: 2 }),
      participants: [{ profileId: people.sellerProfileId, role: 'buyer', createdAt: ago(33) }],
    },
    () => r.uuid(),
  )
  await insertTransaction(
    tx,
    {
      id: DEMO_CHAIN_TOP_ID,
      status: 'active',
      buyerProfileId: null,
      sellerProfileId: null,
      createdBy: null,
      agreedPricePence: 845_000_00,
      createdAt: ago(30),
      property: { addressLines: ['3 Bancroft', 'Hitchin'], postcode: 'SG5 1JW', tenure: 'freehold' },
      stages: stagesInProgress(standardTimeline({ tenure: 'freehold' }), { completedStages: 4, currentTasksDone: 1 }),
      participants: [],
    },
    () => r.uuid(),
  )
  await tx.execute(sql`
    insert into chain_links (id, lower_transaction_id, upper_transaction_id, status, requested_from, requested_by,
      responded_at, created_at)
    values
      (${r.uuid()}, ${people.demoTransactionId}, ${DEMO_CHAIN_MIDDLE_ID}, 'confirmed', ${people.demoTransactionId},
        ${people.sellerProfileId}, ${ago(31)}, ${ago(32)}),
      (${r.uuid()}, ${DEMO_CHAIN_MIDDLE_ID}, ${DEMO_CHAIN_TOP_ID}, 'confirmed', ${DEMO_CHAIN_MIDDLE_ID},
        ${people.sellerProfileId}, ${ago(29)}, ${ago(30)})`)
  const proposalId = r.uuid()
  await tx.execute(sql`
    insert into chain_date_proposals (id, proposed_from, proposed_by, exchange_date, completion_date, status, created_at)
    values (${proposalId}, ${people.demoTransactionId}, ${people.conveyancerProfileId},
      ${workingDayAfter(now, 28)}::date, ${workingDayAfter(now, 42)}::date, 'open', ${ago(2)})`)
  await tx.execute(sql`
    insert into chain_date_responses (proposal_id, transaction_id, response, responded_by, responded_at)
    values (${proposalId}, ${people.demoTransactionId}, 'accepted', ${people.conveyancerProfileId}, ${ago(2)}),
      (${proposalId}, ${DEMO_CHAIN_MIDDLE_ID}, 'pending', null, null),
      (${proposalId}, ${DEMO_CHAIN_TOP_ID}, 'pending', null, null)`)
}
