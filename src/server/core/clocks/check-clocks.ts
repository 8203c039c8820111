/**
 * Raises the alerts of SLA clocks: when a clock becomes due soon, and when it is breached (a clock
 * stopped late counts as breached too), the side's people are notified (kinds 'sla_due_soon' and
 * 'sla_breached': in-app, and email through the outbox unless their settings say otherwise) and the
 * matter's audit trail records it. Each transition alerts once: the clock row keeps when each went
 * out, and clocks are locked (SKIP LOCKED) while checked, so several server processes never alert
 * twice. Runs from a periodic job (sla-clocks in src/server/jobs.ts) and after the writes that move clocks.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { evaluateClock, SLA_CLOCK_DEFINITIONS, SLA_CLOCK_TYPES } from '#shared/domain/sla-clocks.ts'
import { transactionPath } from '#shared/paths.ts'
import { clockWording } from '#shared/domain/sla-wording.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { deadlineRecipients } from '#server/access/firms.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { IdRow, rows, Timestamp } from '#server/db/rows.ts'
import { notifyPeople, type NotificationDelivery } from '../notify/notify-people'
import { recordActivity } from '../audit/record-activity'
import { CLOCK_PAUSES_JSON, PausesColumn, pausesOf } from './clock-pauses'
import { syncTaskClocks } from './clock-sync'

const ClockRow = z.object({
  id: z.string(),
  transaction_id: z.string(),
  clock_type: z.enum(SLA_CLOCK_TYPES),
  side: z.enum(['buyer', 'seller']),
  enquiry_number: z.number().nullable(),
  target_working_days: z.number(),
  started_at: Timestamp,
  stopped_at: Timestamp.nullable(),
  due_soon_notified_at: Timestamp.nullable(),
  breached_notified_at: Timestamp.nullable(),
  pauses: PausesColumn,
})

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v))

/**
 * Checks the clocks of one matter inside the caller's database transaction (locking the ones it
 * may alert on) and sends the alerts due at `now`. Returns how many alerts went out.
 */
export async function alertClocksOfTransaction(
  tx: Tx,
  txId: string,
  delivery: NotificationDelivery,
  now: Date = new Date(),
): Promise<number> {
  const res = await tx.execute(sql`
    select c.id, c.transaction_id, c.clock_type, c.side, c.target_working_days, c.started_at, c.stopped_at,
      c.due_soon_notified_at, c.breached_notified_at, e.number as enquiry_number, ${CLOCK_PAUSES_JSON} as pauses
    from sla_clocks c left join enquiries e on e.id = c.enquiry_id
    where c.transaction_id = ${txId} and c.cancelled_at is null and c.breached_notified_at is null
      and (c.stopped_at is null or c.stopped_at >= ${now.toISOString()}::timestamptz - interval '1 day')
    for update of c skip locked`)
  let sent = 0
  for (const row of rows(ClockRow, res)) {
    const e = evaluateClock(
      {
        startedAt: toDate(row.started_at),
        stoppedAt: row.stopped_at ? toDate(row.stopped_at) : null,
        pauses: pausesOf(row.pauses),
        targetWorkingDays: row.target_working_days,
      },
      now,
    )
    const alert =
      e.sla === 'breached'
        ? 'breached'
        : e.sla === 'due_soon' && !row.stopped_at && !row.due_soon_notified_at
          ? 'due_soon'
          : null
    if (!alert) continue
    const label =
      SLA_CLOCK_DEFINITIONS[row.clock_type].label + (row.enquiry_number ? ` (enquiry ${row.enquiry_number})` : '')
    // The one SLA wording (sla-wording.ts), on the London date of `now`: never 'due today' of a past date.
    const w = clockWording({ sla: e.sla, paused: e.state === 'paused', dueDate: e.dueDate }, londonDate(now))
    const title = alert === 'breached' ? `SLA breached: ${label}` : `SLA due soon: ${label}`
    const body =
      alert === 'breached'
        ? `The deadline of ${row.target_working_days} working days${w.due ? ` (${w.due})` : ''} has passed.`
        : `${e.remainingWorkingDays > 0 ? `${e.remainingWorkingDays} working day left. ` : ''}${w.sentence}`
    await tx.execute(
      alert === 'breached'
        ? sql`update sla_clocks set breached_notified_at = ${now.toISOString()}::timestamptz,
                due_soon_notified_at = coalesce(due_soon_notified_at, ${now.toISOString()}::timestamptz) where id = ${row.id}`
        : sql`update sla_clocks set due_soon_notified_at = ${now.toISOString()}::timestamptz where id = ${row.id}`,
    )
    await recordActivity(tx, {
      transactionId: txId,
      actorId: null,
      kind: alert === 'breached' ? 'sla.breached' : 'sla.due_soon',
      summary: `${title}. ${body}`,
      payload: { clockId: row.id, clockType: row.clock_type, dueDate: e.dueDate, used: e.usedWorkingDays },
    })
    await notifyPeople(tx, {
      recipients: await deadlineRecipients(tx, txId, row.side),
      kind: alert === 'breached' ? 'sla_breached' : 'sla_due_soon',
      transactionId: txId,
      actorId: null,
      title,
      body,
      link: transactionPath(txId, row.clock_type === 'enquiry_replies' ? { view: 'enquiries' } : { tab: 'timeline' }),
      ...delivery,
    })
    sent += 1
  }
  return sent
}

/** Live matters per clock-sync transaction in checkSlaClocks. */
export const SYNC_BATCH_SIZE = 250

/**
 * The periodic check over every live matter: syncs task clocks in batches of `batchSize` matters (a
 * clock whose start was missed by a write still starts), then alerts matter by matter, each in its own database transaction.
 * Returns how many alerts went out.
 */
export async function checkSlaClocks({
  database,
  delivery,
  now = new Date(),
  batchSize = SYNC_BATCH_SIZE,
}: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
  /** How many live matters each sync transaction covers. */
  batchSize?: number
}): Promise<number> {
  // The live matters in batches, each in its own transaction: one statement over every live matter
  // grew with the database (3,000 clocks to start on a 5,000-move database ran past the 30 s
  // statement timeout under load, and was rolled back and retried every run).
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const batch = await database.db.execute(sql`
      select t.id from transactions t where t.status in ('draft', 'active') and t.id > ${after}::uuid
      order by t.id limit ${batchSize}`)
    const ids = rows(IdRow, batch).map((r) => r.id)
    if (ids.length === 0) break
    await database.db.transaction((tx) => syncTaskClocks(tx, ids))
    after = ids[ids.length - 1]
    if (ids.length < batchSize) break
  }
  const candidates = await database.db.execute(sql`
    select distinct c.transaction_id from sla_clocks c join transactions t on t.id = c.transaction_id
    where t.status in ('draft', 'active') and c.cancelled_at is null and c.breached_notified_at is null
      and (c.stopped_at is null or c.stopped_at >= ${now.toISOString()}::timestamptz - interval '1 day')`)
  let sent = 0
  for (const { transaction_id } of rows(z.object({ transaction_id: z.string() }), candidates)) {
    sent += await database.db.transaction((tx) => alertClocksOfTransaction(tx, transaction_id, delivery, now))
  }
  return sent
}
