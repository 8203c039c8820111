/**
 * The cases board benchmark's data: on top of bench/bench-data.ts (1,000 users, 5,000 transactions),
 * a conveyancing firm whose fee earner holds 100 matters (or `count`) on the standard
 * England and Wales timeline at varied stages, both sides, some blocked, task times spread over the
 * last 120 days so that SLA clocks run, breach and fall due (started by the app's clock sync), and 12
 * chat messages per matter from others, partly read by the fee earner (the board's unread counts).
 * Inserted through the same insertTransaction the app and the seed use.
 */
import { randomUUID } from 'node:crypto'
import { standardTimeline } from '../src/shared/domain/timeline-template'
import type { Database } from '../src/server/db/client'
import { matters, organizationMembers, organizations } from '../src/server/db/schema'
import { syncTaskClocks } from '#server/core/clocks/clock-sync.ts'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from '../src/server/seed/prng'

export const BOARD_MATTERS = 100
const DAY = 86_400_000

/** Inserts the firm (the fee earner its admin) and its `count` matters (default BOARD_MATTERS, 100). */
export async function seedBoard(database: Database, feeEarnerProfileId: string, count = BOARD_MATTERS): Promise<void> {
  const r = createPrng('bench-cases-board')
  const orgId = randomUUID()
  const template = standardTimeline({ tenure: 'freehold' })
  await database.db.transaction(async (tx) => {
    await tx.insert(organizations).values({
      id: orgId,
      name: count === BOARD_MATTERS ? 'Bench Conveyancing LLP' : `Bench Conveyancing ${count} LLP`,
      type: 'law',
      town: 'Harpenden',
    })
    await tx.insert(organizationMembers).values({ organizationId: orgId, profileId: feeEarnerProfileId, role: 'admin' })
    for (let i = 0; i < count; i++) {
      const completedStages = r.int(0, 7)
      const daysAgo = r.int(1 + completedStages * 8, 15 + completedStages * 14)
      const created = new Date(Date.now() - daysAgo * DAY)
      const stages = stagesInProgress(template, {
        completedStages,
        currentTasksDone: r.int(0, 3),
        ...(r.chance(0.1) && completedStages < 7
          ? { blocked: { stageIndex: completedStages + 1, reason: 'Waiting for the council' } }
          : {}),
      })
      stages.forEach((s, si) =>
        s.tasks.forEach((t) => {
          if (t.status === 'completed') {
            t.completedAt = new Date(created.getTime() + Math.min(daysAgo - 1, si * 7 + r.int(0, 5)) * DAY)
          }
        }),
      )
      const txId = randomUUID()
      const side = i % 3 === 1 ? 'seller' : 'buyer'
      await insertTransaction(
        tx,
        {
          id: txId,
          status: 'active',
          buyerProfileId: null,
          sellerProfileId: null,
          createdBy: feeEarnerProfileId,
          createdAt: created,
          property: { addressLines: [`${i + 1} Board Lane`, 'Harpenden'], postcode: `AL5 ${1 + (i % 9)}QP` },
          stages,
          participants: [
            {
              profileId: feeEarnerProfileId,
              role: side === 'buyer' ? 'buyer_conveyancer' : 'seller_conveyancer',
              organizationId: orgId,
            },
          ],
        },
        randomUUID,
      )
      await tx.insert(matters).values({
        organizationId: orgId,
        transactionId: txId,
        side,
        feeEarnerId: feeEarnerProfileId,
        clientName: `Client ${i + 1}`,
        instructedAt: created,
      })
      // Its SLA clocks, as the app starts them after a task write.
      await syncTaskClocks(tx, txId)
    }
  })
  // The chat on each matter's move: 12 messages from the other side's people over the last days, of
  // which the fee earner has read up to the 8th on two matters in three (thread_reads), so that the
  // board's unread counts have messages to count, as a working firm's have.
  await database.query(
    `insert into messages (transaction_id, thread_id, author_id, body_md, created_at)
     select m.transaction_id, th.id, (select id from profiles where id <> $1 order by id offset (k * 7) % 50 limit 1),
       'Any news on the searches? (' || k || ')', now() - interval '6 days' + k * interval '9 hours'
     from matters m join message_threads th on th.transaction_id = m.transaction_id and th.topic = 'general'
     cross join generate_series(1, 12) k
     where m.organization_id = $2`,
    [feeEarnerProfileId, orgId],
  )
  await database.query(
    `insert into thread_reads (thread_id, profile_id, last_read_at)
     select th.id, $1, now() - interval '6 days' + 8.5 * interval '9 hours'
     from matters m join message_threads th on th.transaction_id = m.transaction_id and th.topic = 'general'
     where m.organization_id = $2 and get_byte(decode(md5(m.id::text), 'hex'), 0) % 3 <> 0`,
    [feeEarnerProfileId, orgId],
  )
  await database.query('analyze')
}
