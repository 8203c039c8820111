/** The set of matters an SLA clock sync covers, and its SQL condition. */
import { sql, type SQL } from 'drizzle-orm'

/**
 * Which matters a sync covers: one transaction id, a batch of ids (the periodic job walks the live
 * matters in batches, so that no statement grows with the whole database), or null for every live
 * matter.
 */
export type ClockScope = string | readonly string[] | null

/** SQL condition that the id expression `column` is in `scope` (null: no condition). */
export function inClockScope(column: SQL, scope: ClockScope): SQL | null {
  if (scope === null) return null
  if (typeof scope === 'string') return sql`${column} = ${scope}`
  if (scope.length === 0) return sql`false`
  return sql`${column} in (${sql.join(
    scope.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`
}
