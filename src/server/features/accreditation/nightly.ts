/**
 * The nightly recomputation of every organization's accreditation (so that time-based inputs, such
 * as a course passed more than 12 months ago, take effect without any other change). Every server
 * process checks hourly; the advisory lock of the engine and the check of the last nightly run inside
 * the same transaction make one run a night, whichever process gets there first.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'

/** The nightly run happens from this hour, Europe/London time. */
export const NIGHTLY_HOUR_LONDON = 2

const HOUR_MS = 3_600_000

/** The hour of the day in Europe/London, 0..23. */
function londonHour(at: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(at),
  )
}

/**
 * True when a nightly run is due at `now`: it is NIGHTLY_HOUR_LONDON or later in London and no
 * nightly run happened in the last 20 hours (so one run a night, even across a clock change).
 */
export function nightlyDue(lastRun: Date | null, now: Date): boolean {
  if (londonHour(now) < NIGHTLY_HOUR_LONDON) return false
  return lastRun === null || now.getTime() - lastRun.getTime() >= 20 * HOUR_MS
}

/** Runs the nightly recomputation when due; returns the number of organizations recomputed (0 when not due). */
export async function runNightlyIfDue(database: Database, now = new Date()): Promise<number> {
  return database.db.transaction(async (tx) => {
    const res = await tx.execute(
      sql`select max(recorded_at) as last from accreditation_metrics where source = 'nightly'`,
    )
    const last = (res.rows[0] as { last: string | Date | null }).last
    if (!nightlyDue(last ? new Date(last) : null, now)) return 0
    await tx.execute(sql`select pg_advisory_xact_lock(4242019)`)
    // Checked again under the lock: another process may have run it meanwhile.
    const again = await tx.execute(
      sql`select max(recorded_at) as last from accreditation_metrics where source = 'nightly'`,
    )
    const last2 = (again.rows[0] as { last: string | Date | null }).last
    if (!nightlyDue(last2 ? new Date(last2) : null, now)) return 0
    return (await recomputeAccreditation(tx, { organizationIds: 'all', source: 'nightly', at: now })).organizations
  })
}
