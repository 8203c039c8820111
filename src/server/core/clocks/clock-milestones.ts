/**
 * Stores each open SLA clock's milestones (clockMilestones, src/shared/domain/sla-clocks.ts: due
 * soon from, due on, breached from, in England and Wales working days) and whether it is paused on
 * its sla_clocks row, so that the cases board tells a clock's status on any day by comparing dates
 * in its one SQL statement. A row is recomputed when the fingerprint of its inputs (start, target,
 * pauses, the bank holiday list) differs from the one stored with it; run after every write that
 * starts a clock or opens or closes a pause, in the same database transaction, and by the periodic
 * clock check (which also catches rows written before this existed).
 */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { clockMilestones } from '#shared/domain/sla-clocks.ts'
import { BANK_HOLIDAY_DATES } from '#shared/domain/working-days.ts'
import type { Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'
import { nextAlertAtSql } from './clock-alert-due'
import { CLOCK_PAUSES_JSON, PausesColumn, pausesOf } from './clock-pauses'
import { inClockScope, type ClockScope } from './clock-scope'

/**
 * Changes when the bank holiday list or the breach rule does (decision 057: breached from the day
 * after the due date), so that either recomputes every open clock.
 */
const CALENDAR_KEY = createHash('sha1')
  .update(`breach-after-due-day|${BANK_HOLIDAY_DATES.join(',')}`)
  .digest('hex')
  .slice(0, 12)

/**
 * SQL: the fingerprint of clock `c`'s inputs, led by CALENDAR_KEY and ':' so that the clocks
 * stored under another calendar are found without recomputing every key (queueStaleCalendarClocks).
 */
const MILESTONES_KEY = sql`${CALENDAR_KEY} || ':' || md5(${CALENDAR_KEY} || '|' || c.target_working_days || '|' || extract(epoch from c.started_at)
  || '|' || coalesce((select string_agg(extract(epoch from p.paused_at) || '-' || coalesce(extract(epoch from p.resumed_at)::text, ''),
       ',' order by p.paused_at) from sla_clock_pauses p where p.clock_id = c.id), ''))`

const Row = z.object({
  id: z.string(),
  key: z.string(),
  target_working_days: z.number(),
  started_at: Timestamp,
  pauses: PausesColumn,
})

/**
 * Recomputes the milestones of the open clocks of the matters in scope (one, a batch, or every
 * matter for null) whose inputs changed since they were stored. Returns how many rows were written.
 */
export async function refreshClockMilestones(tx: Tx, txId: ClockScope): Promise<number> {
  const inScope = inClockScope(sql`c.transaction_id`, txId)
  const res = await tx.execute(sql`
    select x.* from (
      select c.id, c.target_working_days, c.started_at, c.milestones_key, ${MILESTONES_KEY} as key,
        ${CLOCK_PAUSES_JSON} as pauses
      from sla_clocks c
      where c.stopped_at is null and c.cancelled_at is null ${inScope ? sql`and ${inScope}` : sql``}
    ) x where x.milestones_key is distinct from x.key`)
  const stale = rows(Row, res)
  if (stale.length === 0) return 0
  const values = stale.map((r) => {
    const pauses = pausesOf(r.pauses)
    const m = clockMilestones({
      startedAt: new Date(r.started_at),
      pauses,
      targetWorkingDays: r.target_working_days,
    })
    return {
      id: r.id,
      key: r.key,
      due_soon_on: m.dueSoonOn,
      due_on: m.dueOn,
      breached_on: m.breachedOn,
      paused: pauses.some((p) => p.to === null),
    }
  })
  await tx.execute(sql`
    update sla_clocks c set due_soon_on = v.due_soon_on, due_on = v.due_on, breached_on = v.breached_on,
      paused = v.paused, milestones_key = v.key,
      alert_due_at = ${nextAlertAtSql({ dueSoonOn: sql`v.due_soon_on`, breachedOn: sql`v.breached_on`, milestonesKey: sql`v.key` })}
    from json_to_recordset(${JSON.stringify(values)}::json)
      as v(id uuid, key text, due_soon_on date, due_on date, breached_on date, paused boolean)
    where c.id = v.id`)
  return stale.length
}

/**
 * Queues for the clock check's sync (sla_clock_sync_queue) the live matters with an open clock whose
 * milestones were stored under another calendar (a deploy changed the bank holidays or the breach
 * rule) or never: one statement, run once per process by the periodic check. Returns how many
 * matters were queued.
 */
export async function queueStaleCalendarClocks(tx: Tx): Promise<number> {
  const res = await tx.execute(sql`
    insert into sla_clock_sync_queue (transaction_id)
    select distinct c.transaction_id from sla_clocks c join transactions t on t.id = c.transaction_id
    where c.stopped_at is null and c.cancelled_at is null and t.status in ('draft', 'active')
      and (c.milestones_key is null or left(c.milestones_key, ${CALENDAR_KEY.length + 1}) <> ${CALENDAR_KEY + ':'})
    on conflict do nothing
    returning transaction_id`)
  return res.rows.length
}
