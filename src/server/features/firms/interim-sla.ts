/**
 * INTERIM SLA clocks of the cases board, computed from task completion times until the SLA clocks
 * table (`sla_clocks`, one row per clock with its own status) lands. SWITCH-OVER: replace
 * `interimSlaLateralSql` in list-board.ts with a lateral over `sla_clocks` for the matter
 * (`select clock, due_on, status ... where matter_id = b.matter_id and status in ('running', ...)`
 * ordered the same way); the board's columns and filters stay as they are.
 *
 * The clocks and their limits are the firm defaults the product names: draft contract pack out within
 * 5 working days of instruction; searches back within 10 working days of order; replies to enquiries
 * within 5 working days; report on title within 5 working days of searches and replies. A clock runs
 * from its start event until its stop task is ticked, and is paused (not shown) while the stop task's
 * stage is blocked. Working days here are Monday to Friday in Europe/London: England and Wales bank
 * holidays are NOT skipped yet (the SLA clocks bring the official calendar).
 *
 * Status of a running clock: 'breached' after its due day, 'due_soon' on its due day or the working
 * day before it, 'on_track' otherwise. The clock that drives a matter's status is its worst, then the
 * one due first.
 */
import { sqlInList } from '../../db/schema/sql-lists'

export interface InterimClock {
  name: string
  /** The side of the firm this clock runs for. */
  side: 'buyer' | 'seller'
  /** Start: the matter's instruction, or when all these tasks are ticked (the latest of them). */
  startTasks: 'instruction' | string[]
  /** The task whose ticking stops the clock. */
  stopTask: string
  workingDays: number
}

export const INTERIM_SLA_CLOCKS: readonly InterimClock[] = [
  {
    name: 'Draft contract pack',
    side: 'seller',
    startTasks: 'instruction',
    stopTask: "Draft contract pack sent to the buyer's conveyancer",
    workingDays: 5,
  },
  {
    name: 'Searches back',
    side: 'buyer',
    startTasks: ['Local authority search (LLC1 + CON29) ordered'],
    stopTask: 'Search results received and reviewed',
    workingDays: 10,
  },
  {
    name: 'Replies to enquiries',
    side: 'seller',
    startTasks: ["Pre-contract enquiries raised with the seller's conveyancer"],
    stopTask: 'Replies to pre-contract enquiries sent',
    workingDays: 5,
  },
  {
    name: 'Report on title',
    side: 'buyer',
    startTasks: ['Search results received and reviewed', 'Replies to pre-contract enquiries sent'],
    stopTask: 'Report on title sent to the buyer',
    workingDays: 5,
  },
]

const lit = (s: string) => sqlInList([s]).slice(1, -1)

const TITLES = [
  ...new Set(INTERIM_SLA_CLOCKS.flatMap((c) => [...(c.startTasks === 'instruction' ? [] : c.startTasks), c.stopTask])),
]

/**
 * Aggregate columns over the matter's `timeline_stages s join tasks k` rows that the clocks need:
 * `sla_t<i>` when each task involved was ticked (null when open), `sla_p<i>` whether clock i's stop
 * task sits in a blocked stage (the clock is paused). For the select list of the board's one pass
 * over the matter's tasks.
 */
export function interimSlaAggregateColumnsSql(): string {
  return [
    ...TITLES.map(
      (t, i) => `max(k.completed_at) filter (where k.title = ${lit(t)} and k.status = 'completed') as sla_t${i}`,
    ),
    ...INTERIM_SLA_CLOCKS.map(
      (c, i) =>
        `coalesce(bool_or(s.status = 'blocked') filter (where k.title = ${lit(c.stopTask)}), false) as sla_p${i}`,
    ),
  ].join(',\n      ')
}

/**
 * The London date `n` working days (Monday to Friday) after the date expression `d`, closed form: a
 * weekend day counts from the Friday before it; then n days plus two for every weekend crossed.
 */
export function addWorkingDaysSql(d: string, n: number): string {
  const dow = `extract(isodow from ${d})::int`
  return `((${d}) - greatest(${dow} - 5, 0) + ${n} + 2 * ((least(${dow}, 5) - 1 + ${n}) / 5))`
}

/**
 * A lateral subquery for the board row `b` (columns side, instructed_at) and the aggregate row `tl`
 * (interimSlaAggregateColumnsSql) giving the driving clock: columns sla_clock, sla_due_on (date),
 * sla_status, sla_stop_task. No row when no clock runs.
 */
export function interimSlaLateralSql(): string {
  const col = (title: string) => `tl.sla_t${TITLES.indexOf(title)}`
  const values = INTERIM_SLA_CLOCKS.map((c, i) => {
    const start =
      c.startTasks === 'instruction'
        ? 'b.instructed_at'
        : c.startTasks.length === 1
          ? col(c.startTasks[0])
          : `case when ${c.startTasks.map((t) => `${col(t)} is not null`).join(' and ')} then greatest(${c.startTasks.map(col).join(', ')}) end`
    return `(${i}, ${lit(c.name)}, ${lit(c.side)}, ${start}, ${col(c.stopTask)}, tl.sla_p${i}, ${lit(c.stopTask)})`
  })
  const dueCases = INTERIM_SLA_CLOCKS.map(
    (c, i) => `when ${i} then ${addWorkingDaysSql("(c.started_at at time zone 'Europe/London')::date", c.workingDays)}`,
  ).join('\n        ')
  return `(
    select e.clock as sla_clock, e.due_on as sla_due_on, e.status as sla_status, e.stop_task as sla_stop_task from (
      select d.clock, d.due_on, d.stop_task,
        case when d.today > d.due_on then 'breached'
          when d.due_on <= ${addWorkingDaysSql('d.today', 1)} then 'due_soon'
          else 'on_track' end as status
      from (
        select c.clock, c.stop_task, (case c.i
        ${dueCases}
        end) as due_on, (now() at time zone 'Europe/London')::date as today
        from (values ${values.join(',\n          ')}) as c(i, clock, side, started_at, stopped_at, paused, stop_task)
        where c.side = b.side and c.started_at is not null and c.stopped_at is null and not c.paused
      ) d
    ) e
    order by case e.status when 'breached' then 0 when 'due_soon' then 1 else 2 end, e.due_on, e.clock
    limit 1
  )`
}
