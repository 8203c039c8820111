/**
 * The demo firm at work: Priya Shah (the demo conveyancer) is the admin of Shah Mercer Property
 * Lawyers, with a colleague fee earner (Daniel Mercer) and an assistant (Grace Okafor), and the firm
 * works the demo move plus DEMO_FIRM_EXTRA_MATTERS more matters at varied stages, on both sides, some
 * blocked, with task times placed so that the board shows clocks breached, due soon and on track.
 * Content comes from a fixed seed; only times follow `now`. Clients of the extra matters have not
 * joined yet (their names are on the matter).
 */
import { sql } from 'drizzle-orm'
import { conveyancerRoleForSide, type MatterSide } from '#shared/domain/firms.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { matters, organizationMembers } from '../db/schema'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import type { DemoAccount } from './demo-accounts'
import { DEMO_PASSWORD } from './demo-accounts'
import { createPrng } from './prng'
import { TOWNS } from './towns'

/** Fixed id of the demo move's matter: the seed's marker that the demo firm's data exists. */
export const DEMO_MATTER_ID = '5eed0000-0000-4000-8000-000000000003'

/** Matters the demo firm works besides the demo move. */
export const DEMO_FIRM_EXTRA_MATTERS = 33

/** Priya's colleagues, signed in like the other demo accounts. */
export const DEMO_FIRM_COLLEAGUES: readonly (DemoAccount & { memberRole: 'fee_earner' | 'assistant' })[] = [
  {
    label: 'Fee earner',
    name: 'Daniel Mercer',
    email: 'daniel.feeearner@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_conveyancer',
    memberRole: 'fee_earner',
  },
  {
    label: 'Assistant',
    name: 'Grace Okafor',
    email: 'grace.assistant@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_conveyancer',
    memberRole: 'assistant',
  },
]

// prettier-ignore
const STREETS = ['Victoria Street', 'Station Road', 'Church Lane', 'The Avenue', 'Park Road', 'Mill Lane', 'Kingsway',
  'Grove Road', 'High Street', 'Manor Road', 'Orchard Close', 'Beech Drive', 'Cedar Grove', 'London Road', 'Queens Road']
// prettier-ignore
const FIRST = ['Oliver', 'Amara', 'Harriet', 'Mohammed', 'Sophie', 'Rhys', 'Isla', 'Kwame', 'Eleanor', 'Jack', 'Priyanka',
  'George', 'Chloe', 'Aled', 'Freya', 'Samuel', 'Niamh', 'Tariq', 'Lucy', 'Ethan']
// prettier-ignore
const LAST = ['Bennett', 'Osei', 'Hughes', 'Patel', 'Lloyd', 'Morgan', 'Nwosu', 'Price', 'Fraser', 'Khan', 'Walsh',
  'Turner', 'Evans', 'Ahmed', 'Sinclair', 'Reid']

const DAY_MS = 86_400_000
const BLOCK_REASONS = [
  'Local authority search delayed by the council (est. 10 working days)',
  'Waiting for the lender to reissue the mortgage offer',
  'Chain: the onward purchase has not yet found a buyer',
]

/**
 * Writes memberships, the demo move's matter and the extra matters with `tx` (inside one database
 * transaction). `people` are profile ids.
 */
export async function insertDemoFirm(
  tx: Tx,
  people: { priya: string; daniel: string; grace: string; organizationId: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const r = createPrng('homeward-demo-firm-v1')
  const { organizationId } = people
  await tx.insert(organizationMembers).values([
    { organizationId, profileId: people.priya, role: 'admin', joinedAt: new Date(now.getTime() - 400 * DAY_MS) },
    { organizationId, profileId: people.daniel, role: 'fee_earner', joinedAt: new Date(now.getTime() - 300 * DAY_MS) },
    { organizationId, profileId: people.grace, role: 'assistant', joinedAt: new Date(now.getTime() - 120 * DAY_MS) },
  ])
  const day = (n: number) => new Date(now.getTime() - n * DAY_MS)
  await tx.insert(matters).values({
    id: DEMO_MATTER_ID,
    organizationId,
    transactionId: people.demoTransactionId,
    side: 'buyer',
    feeEarnerId: people.priya,
    clientName: 'Amelia Clarke',
    clientEmail: 'amelia.buyer@homeward.example',
    instructedAt: day(36),
    targetExchangeDate: isoDay(day(-21)),
    targetCompletionDate: isoDay(day(-35)),
  })

  const template = standardTimeline({ tenure: 'freehold' })
  for (let i = 0; i < DEMO_FIRM_EXTRA_MATTERS; i++) {
    // The first two are seller's matters whose draft contract pack clock (5 working days from
    // instruction) falls due on the next working day and is already past, whatever day `now` is.
    const side: MatterSide = i < 2 || i % 3 === 1 ? 'seller' : 'buyer'
    const feeEarner = i % 2 === 0 ? people.priya : people.daniel
    // Spread over the timeline: most matters in the first half, where the clocks run.
    const drawnStages = r.weighted<number>([
      [1, 8],
      [2, 8],
      [3, 6],
      [4, 4],
      [5, 4],
      [6, 2],
      [7, 1],
    ])
    const completedStages = i < 2 ? 1 : drawnStages
    const drawnDaysAgo = r.int(2 + completedStages * 6, 10 + completedStages * 12)
    const instructedDaysAgo = i === 0 ? calendarDaysBackForWorkingDays(now, 4) : i === 1 ? 12 : drawnDaysAgo
    const instructedAt = day(instructedDaysAgo)
    const blocked = i >= 2 && r.chance(0.12) && completedStages < 6
    const stages = stagesInProgress(template, {
      completedStages,
      currentTasksDone: r.int(0, 3),
      ...(blocked ? { blocked: { stageIndex: completedStages + 1, reason: r.pick(BLOCK_REASONS) } } : {}),
    })
    // Tasks were ticked stage by stage from instruction: the first stages within days (the contract
    // pack goes out inside its 5 working days, so the firm's closed SLA clocks are met), later ones a
    // few days each, never later than today. Its open clocks due soon and breached come from the
    // matters set up for them above.
    const pace = stages.map((_, si) => (si <= 2 ? r.int(1, 2) : r.int(3, 7)))
    stages.forEach((stage, si) =>
      stage.tasks.forEach((task) => {
        if (task.status !== 'completed') return
        const elapsed = pace.slice(0, si + 1).reduce((sum, d) => sum + d, 0) + r.int(0, 1)
        task.completedAt = day(Math.max(0, instructedDaysAgo - Math.min(instructedDaysAgo, elapsed)))
      }),
    )
    const town = r.pick(TOWNS.slice(0, 12))
    const txId = r.uuid()
    const client = `${r.pick(FIRST)} ${r.pick(LAST)}`
    await insertTransaction(
      tx,
      {
        id: txId,
        status: completedStages >= 7 ? 'exchange' : 'active',
        buyerProfileId: null,
        sellerProfileId: null,
        createdBy: feeEarner,
        agreedPricePence: r.int(180, 950) * 1000 * 100,
        createdAt: instructedAt,
        property: {
          addressLines: [`${r.int(1, 140)} ${r.pick(STREETS)}`, town.town],
          postcode: `${town.district} ${r.int(1, 9)}${r.pick(['AB', 'DF', 'HN', 'PQ', 'RT', 'WX'])}`,
          tenure: 'freehold',
        },
        stages,
        participants: [
          {
            profileId: feeEarner,
            role: conveyancerRoleForSide(side),
            organizationId,
            invitedBy: feeEarner,
            createdAt: instructedAt,
          },
        ],
      },
      () => r.uuid(),
    )
    const targetExchange = r.chance(0.7) ? day(-r.int(7, 60)) : null
    await tx.insert(matters).values({
      id: r.uuid(),
      organizationId,
      transactionId: txId,
      side,
      feeEarnerId: feeEarner,
      clientName: client,
      clientEmail: null,
      instructedAt,
      targetExchangeDate: targetExchange ? isoDay(targetExchange) : null,
      targetCompletionDate: targetExchange ? isoDay(new Date(targetExchange.getTime() + r.int(7, 28) * DAY_MS)) : null,
    })
    // The 'General' thread exists (trigger); one message from the client side for some matters, unread.
    if (r.chance(0.3)) {
      await tx.execute(sql`insert into messages (transaction_id, thread_id, author_id, body_md, created_at)
        select ${txId}::uuid, th.id, ${feeEarner}::uuid, ${'Update: chased the other side for a reply today.'},
          ${day(r.int(0, 3)).toISOString()}::timestamptz
        from message_threads th where th.transaction_id = ${txId}::uuid and th.topic = 'general'`)
    }
  }
}

/** Calendar days back from `now` to the day `n` working days (Monday to Friday) before it, in London. */
function calendarDaysBackForWorkingDays(now: Date, n: number): number {
  // Today's London date at noon UTC, so stepping back whole days never crosses midnight.
  const today = new Date(`${now.toLocaleDateString('en-CA', { timeZone: 'Europe/London' })}T12:00:00Z`)
  let back = 0
  let left = n
  while (left > 0) {
    back += 1
    const weekday = new Date(today.getTime() - back * DAY_MS).getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return back
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10)
}
