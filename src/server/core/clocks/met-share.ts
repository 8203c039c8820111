/**
 * 'SLA met share' of a firm: of its closed SLA clocks (stopped on their event; withdrawn enquiries'
 * clocks are neither met nor missed), the share that were met, 0..1, or null when none has closed.
 * Called by the accreditation tiers engine for the criterion 'SLA met on more than 70% of
 * deadlines'. Clocks belong to the firm of the side's conveyancer when they started.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { evaluateClock, slaMetShare } from '#shared/domain/sla-clocks.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'
import { CLOCK_PAUSES_JSON, PausesColumn, pausesOf } from './clock-pauses'

export interface SlaMetShare {
  met: number
  missed: number
  /** met / (met + missed), or null with no closed clock. */
  share: number | null
}

/** A closed clock (stopped, not cancelled) with its pauses. */
const ClosedClock = z.object({
  started_at: Timestamp,
  stopped_at: Timestamp,
  target_working_days: z.number(),
  pauses: PausesColumn,
})

/** Counts the firm's closed clocks as met or missed (working days, pauses and bank holidays applied). */
export async function slaMetShareForOrganization(
  db: Database['db'] | Tx,
  organizationId: string,
): Promise<SlaMetShare> {
  const res = await db.execute(sql`
    select c.started_at, c.stopped_at, c.target_working_days, ${CLOCK_PAUSES_JSON} as pauses
    from sla_clocks c
    where c.organization_id = ${organizationId} and c.stopped_at is not null and c.cancelled_at is null`)
  let met = 0
  let missed = 0
  for (const row of rows(ClosedClock, res)) {
    const e = evaluateClock({
      startedAt: new Date(row.started_at),
      stoppedAt: new Date(row.stopped_at),
      pauses: pausesOf(row.pauses),
      targetWorkingDays: row.target_working_days,
    })
    if (e.state === 'met') met += 1
    else missed += 1
  }
  return { met, missed, share: slaMetShare({ met, missed }) }
}
