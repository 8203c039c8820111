/**
 * The SLA clock that drives a matter's status on the cases board, as SQL for the board's one
 * statement: of the matter's open clocks (not stopped, not cancelled) of the firm's side, the one
 * nearest breach: breached first, then due soon, then on track; a running clock before a paused
 * one; then the earliest due date. Its status on the London day given as a parameter is a
 * comparison with the milestones stored on the clock (clock-milestones.ts), so the board and the
 * clock alerts share one working-day calendar (England and Wales bank holidays included).
 */
import { SLA_CLOCK_DEFINITIONS, SLA_CLOCK_TYPES } from '#shared/domain/sla-clocks.ts'
import { sqlInList } from '#server/db/schema/sql-lists.ts'
import { CLOCK_STOP_TASK_TITLES } from './clock-sync'

const lit = (s: string) => sqlInList([s]).slice(1, -1)

/**
 * A lateral subquery over matter row `alias` (columns transaction_id, side) giving sla_clock (the
 * clock's label), sla_due_on (date; null while paused before its due day), sla_status ('on_track',
 * 'due_soon', 'breached'), sla_paused (boolean) and sla_stop_task (the title of the task that stops
 * it). No row when no clock is open. `today` is the SQL of the London date to judge on.
 */
export function drivingClockLateralSql(alias: string, today: string): string {
  const status = `case when c.breached_on <= ${today} then 'breached' when c.due_soon_on <= ${today} then 'due_soon' else 'on_track' end`
  const label = `case c.clock_type ${SLA_CLOCK_TYPES.map((t) => `when ${lit(t)} then ${lit(SLA_CLOCK_DEFINITIONS[t].label)}`).join(' ')} end`
  const stop = `case c.clock_type ${SLA_CLOCK_TYPES.map((t) => `when ${lit(t)} then ${lit(CLOCK_STOP_TASK_TITLES[t])}`).join(' ')} end`
  return `(
    select ${label} as sla_clock, c.due_on as sla_due_on, ${status} as sla_status, c.paused as sla_paused,
      ${stop} as sla_stop_task
    from sla_clocks c
    where c.transaction_id = ${alias}.transaction_id and c.side = ${alias}.side and c.stopped_at is null
      and c.cancelled_at is null
    order by case when c.breached_on <= ${today} then 0 when c.due_soon_on <= ${today} then 1 else 2 end,
      c.paused, c.due_on nulls last, c.started_at, c.id
    limit 1
  )`
}
