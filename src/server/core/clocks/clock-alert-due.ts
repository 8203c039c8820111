/**
 * When the periodic alert check must next look at an SLA clock (sla_clocks.alert_due_at), in one
 * place: the job (check-clocks.ts) finds the clocks due by that indexed time instead of evaluating
 * every open clock of every live matter, so its cost follows the clocks that reach a milestone.
 *
 * The rule, over clock alias `c` (milestones are London dates, clockMilestones in
 * src/shared/domain/sla-clocks.ts):
 * - no alert can come (breached alert sent, or cancelled): null;
 * - stopped: at its stop (a clock stopped late alerts breached once, at the next check);
 * - milestones not stored yet: at once;
 * - due-soon alert not sent and its day known: London midnight of `due_soon_on`;
 * - else London midnight of `breached_on` (null while paused before reaching it: a paused clock's
 *   status does not move; resuming stores new milestones and so a new time).
 * A new row defaults to '-infinity' (look at once), so no writer can leave a clock unchecked.
 * The check itself stays evaluateClock's (alertClocksOfTransaction): the time only says when to look.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'

const LONDON_MIDNIGHT = (day: SQL) => sql`((${day})::timestamp at time zone 'Europe/London')`

/**
 * SQL: the next time to look at clock `c`. The milestone columns may be given as other
 * expressions (the values being written in the same statement); they default to `c`'s own.
 */
export function nextAlertAtSql(
  m: { dueSoonOn: SQL; breachedOn: SQL; milestonesKey: SQL } = {
    dueSoonOn: sql`c.due_soon_on`,
    breachedOn: sql`c.breached_on`,
    milestonesKey: sql`c.milestones_key`,
  },
): SQL {
  return sql`(case
    when c.cancelled_at is not null or c.breached_notified_at is not null then null
    when c.stopped_at is not null then c.stopped_at
    when ${m.milestonesKey} is null then '-infinity'::timestamptz
    when c.due_soon_notified_at is null and ${m.dueSoonOn} is not null then ${LONDON_MIDNIGHT(m.dueSoonOn)}
    when ${m.breachedOn} is not null then ${LONDON_MIDNIGHT(m.breachedOn)}
    else null end)`
}

/**
 * After the clocks `ids` were checked at `now`: a stopped clock (checked once, at its stop) or one
 * of a matter no longer live is not looked at again; an open one at its next milestone, and when
 * that is not after `now` (its milestones and the evaluator disagree for today) at the next London
 * midnight, so that no clock is looked at twice in a day without a change. Runs in the checking
 * transaction, on rows it has locked.
 */
export async function rescheduleClockAlerts(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  const at = sql`${now.toISOString()}::timestamptz`
  const next = nextAlertAtSql()
  await tx.execute(sql`
    update sla_clocks c set alert_due_at = (case
      when c.stopped_at is not null then null
      when not exists (select 1 from transactions t where t.id = c.transaction_id and t.status in ('draft', 'active')) then null
      when ${next} is null then null
      when ${next} > ${at} then ${next}
      else ${LONDON_MIDNIGHT(sql`(${at} at time zone 'Europe/London')::date + 1`)} end)
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)
}
