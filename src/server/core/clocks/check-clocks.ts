/**
 * Raises the alerts of SLA clocks: when a clock becomes due soon, and when it is breached (a clock
 * stopped late counts as breached too), the side's people are notified (kinds 'sla_due_soon' and
 * 'sla_breached': in-app, and email through the outbox unless their settings say otherwise) and the
 * matter's audit trail records it. Each transition alerts once: the clock row keeps when each went
 * out, and clocks are locked (SKIP LOCKED) while checked, so several server processes never alert
 * twice; every clock checked is rescheduled (sla_clocks.alert_due_at, clock-alert-due.ts) in the
 * same transaction. Runs from a periodic job (sla-clocks in src/server/jobs.ts), which looks only at
 * the clocks due by that time and the matters queued as changed, and after the writes that move clocks.
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
import { rescheduleClockAlerts } from './clock-alert-due'
import { queueStaleCalendarClocks, refreshClockMilestones } from './clock-milestones'

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
  const checked = rows(ClockRow, res)
  for (const row of checked) {
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
  await rescheduleClockAlerts(
    tx,
    checked.map((r) => r.id),
    now,
  )
  return sent
}

/** Queued matters per sync transaction, and due clocks per alert transaction, in checkSlaClocks. */
export const SYNC_BATCH_SIZE = 100

/** What one run of checkSlaClocks did. */
export interface SlaCheckRun {
  /** Alerts sent (due soon and breached). */
  alerts: number
  /** Queued matters whose task clocks were synced. */
  synced: number
  /** Due clocks claimed and checked. */
  checked: number
  /** The run ended early because `signal` was aborted (the process is stopping). */
  aborted: boolean
}

/** Databases whose calendars this process checked (queueStaleCalendarClocks runs once per process). */
const calendarChecked = new WeakSet<Database>()

/**
 * The periodic SLA check, costing what changed since the last run rather than every live matter:
 * 1. syncs the task clocks of the matters queued in sla_clock_sync_queue (queued by triggers when
 *    their tasks, stages or conveyancers changed: a clock whose start was missed by a write still
 *    starts), taking `batchSize` queue rows at a time with for update skip locked and deleting them
 *    in the same transaction;
 * 2. checks the clocks whose alert_due_at (clock-alert-due.ts) has come, found by
 *    sla_clocks_alert_due_idx, `batchSize` at a time, each batch claimed with for update skip locked
 *    and rescheduled in the transaction that alerts, so two processes never check (or alert) twice.
 * `signal` is looked at between batches: an abort (shutdown) ends the run after the batch in hand.
 */
export async function checkSlaClocks({
  database,
  delivery,
  now = new Date(),
  batchSize = SYNC_BATCH_SIZE,
  signal,
}: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
  /** How many queued matters, or due clocks, each transaction covers. */
  batchSize?: number
  signal?: AbortSignal
}): Promise<SlaCheckRun> {
  const run: SlaCheckRun = { alerts: 0, synced: 0, checked: 0, aborted: false }
  const stop = () => (signal?.aborted ? (run.aborted = true) : false)
  if (!calendarChecked.has(database)) {
    await database.db.transaction((tx) => queueStaleCalendarClocks(tx))
    calendarChecked.add(database)
  }
  for (;;) {
    if (stop()) return run
    const taken = await database.db.transaction(async (tx) => {
      const res = await tx.execute(sql`
        with taken as (
          delete from sla_clock_sync_queue where transaction_id in (
            select q.transaction_id from sla_clock_sync_queue q order by q.queued_at
            limit ${batchSize} for update skip locked)
          returning transaction_id)
        select t.id from taken join transactions t on t.id = taken.transaction_id
        where t.status in ('draft', 'active')`)
      const ids = rows(IdRow, res).map((r) => r.id)
      if (ids.length > 0) await syncTaskClocks(tx, ids)
      return res.rows.length === 0 ? -1 : ids.length
    })
    if (taken < 0) break
    run.synced += taken
  }
  const at = sql`${now.toISOString()}::timestamptz`
  for (;;) {
    if (stop()) return run
    const claimed = await database.db.transaction(async (tx) => {
      const res = await tx.execute(sql`
        select c.id, c.transaction_id from sla_clocks c
        where c.alert_due_at is not null and c.alert_due_at <= ${at}
        order by c.alert_due_at limit ${batchSize}
        for update skip locked`)
      const due = rows(z.object({ id: z.string(), transaction_id: z.string() }), res)
      if (due.length === 0) return 0
      const matters = [...new Set(due.map((d) => d.transaction_id))]
      const live = rows(
        IdRow,
        await tx.execute(sql`select t.id from transactions t where t.status in ('draft', 'active')
          and t.id in (${sql.join(
            matters.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      ).map((r) => r.id)
      // Milestones of clocks written before they were kept (or under another calendar) first, so that
      // each clock's next time is known when it is rescheduled.
      if (live.length > 0) await refreshClockMilestones(tx, live)
      for (const txId of live) run.alerts += await alertClocksOfTransaction(tx, txId, delivery, now)
      await rescheduleClockAlerts(
        tx,
        due.map((d) => d.id),
        now,
      )
      return due.length
    })
    if (claimed === 0) break
    run.checked += claimed
  }
  return run
}
