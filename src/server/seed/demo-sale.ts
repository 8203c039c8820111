/**
 * A second demo matter, so that a newcomer signed in as the demo conveyancer sees enquiries and SLA
 * clocks at work: Priya Shah acts for the seller of 27 Lemsford Road, St Albans; the buyer's
 * conveyancer raised three pre-contract enquiries (the buyer's side is not on Homeward). One is
 * answered, one was raised twelve days ago and is past its five working days (its breach alert goes
 * out, by email to Priya, with the first SLA check after start), one is recent.
 */
import { sql } from 'drizzle-orm'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { refreshClockMilestones } from '#server/core/clocks/clock-milestones.ts'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from './prng'

export const DEMO_SALE_TRANSACTION_ID = '5eed0000-0000-4000-8000-000000000003'

const DAY_MS = 86_400_000

/** Inserts the demo sale with `tx` (inside the demo seed's database transaction). */
export async function insertDemoSale(
  tx: Tx,
  people: { conveyancerProfileId: string; conveyancerOrganizationId: string },
  now: Date,
): Promise<void> {
  const r = createPrng('homeward-demo-sale-v1')
  const ago = (days: number, hour = 10) => {
    const d = new Date(now.getTime() - days * DAY_MS)
    d.setUTCHours(hour, 0, 0, 0)
    return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d
  }
  const stages = stagesInProgress(standardTimeline({ tenure: 'freehold' }), { completedStages: 5, currentTasksDone: 1 })
  stages.forEach((s, i) =>
    s.tasks.forEach((k) => {
      if (k.status === 'completed') k.completedAt = ago(30 - i * 3)
    }),
  )
  stages[5].tasks[0].completedAt = ago(12)
  const priya = people.conveyancerProfileId
  await insertTransaction(
    tx,
    {
      id: DEMO_SALE_TRANSACTION_ID,
      status: 'active',
      buyerProfileId: null,
      sellerProfileId: null,
      createdBy: priya,
      agreedPricePence: 412_500_00,
      createdAt: ago(34, 9),
      property: {
        addressLines: ['27 Lemsford Road', 'St Albans'],
        postcode: 'AL1 3PB',
        uprn: '100081234518',
        tenure: 'freehold',
        titleNumber: 'HD398114',
      },
      stages,
      participants: [
        {
          profileId: priya,
          role: 'seller_conveyancer',
          organizationId: people.conveyancerOrganizationId,
          createdAt: ago(33, 11),
        },
      ],
    },
    () => r.uuid(),
  )
  const enquiry = async (
    number: number,
    category: string,
    body: string,
    raisedDaysAgo: number,
    reply?: { text: string; daysAgo: number },
  ) => {
    const id = r.uuid()
    await tx.execute(sql`
      insert into enquiries (id, transaction_id, number, category, body, status, version, created_at, updated_at)
      values (${id}, ${DEMO_SALE_TRANSACTION_ID}, ${number}, ${category}, ${body}, ${reply ? 'answered' : 'open'},
        ${reply ? 2 : 1}, ${ago(raisedDaysAgo)}, ${ago(reply?.daysAgo ?? raisedDaysAgo)})`)
    if (reply) {
      await tx.execute(sql`insert into enquiry_replies (id, enquiry_id, kind, author_id, body, created_at)
        values (${r.uuid()}, ${id}, 'reply', ${priya}, ${reply.text}, ${ago(reply.daysAgo, 15)})`)
    }
    await tx.execute(sql`
      insert into sla_clocks (id, transaction_id, organization_id, clock_type, side, enquiry_id, target_working_days,
        started_at, stopped_at)
      values (${r.uuid()}, ${DEMO_SALE_TRANSACTION_ID}, ${people.conveyancerOrganizationId}, 'enquiry_replies', 'seller',
        ${id}, 5, ${ago(raisedDaysAgo)}, ${reply ? ago(reply.daysAgo, 15) : null})`)
  }
  await enquiry(
    1,
    'title',
    'Please supply official copies of the register and title plan dated within the last three months.',
    12,
    { text: 'Official copies dated last week are now in the Property folder.', daysAgo: 10 },
  )
  await enquiry(
    2,
    'planning_building_control',
    'Please supply the building regulations completion certificate for the 2019 rear extension.',
    12,
  )
  await enquiry(3, 'other', 'Please confirm the completion date the seller is aiming for.', 2)
  await refreshClockMilestones(tx, DEMO_SALE_TRANSACTION_ID)
}
