/**
 * SLA met share per organization, 0..1, for the Silver criterion "SLA above 70%": of each firm's
 * closed SLA clocks (stopped on their event; withdrawn enquiries' clocks count neither way), the
 * share met in working days with pauses and bank holidays applied (src/shared/domain/sla-clocks.ts).
 * Null for a firm with no closed clock yet, which the tier rules show as "No data yet"
 * (src/shared/domain/tiers.ts), never as a made-up figure. One query for all the firms asked about.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { evaluateClock, slaMetShare } from '#shared/domain/sla-clocks.ts'
import type { Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'
import { CLOCK_PAUSES_JSON, PausesColumn, pausesOf } from '../clocks/clock-pauses.ts'

/** A firm's closed clock (stopped, not cancelled) with its pauses. */
const FirmClosedClock = z.object({
  organization_id: z.string(),
  started_at: Timestamp,
  stopped_at: Timestamp,
  target_working_days: z.number(),
  pauses: PausesColumn,
})

export async function slaMetShareByOrganization(
  tx: Tx,
  organizationIds: readonly string[],
): Promise<Map<string, number | null>> {
  const counts = new Map(organizationIds.map((id) => [id, { met: 0, missed: 0 }]))
  if (!organizationIds.length) return new Map()
  const res = await tx.execute(sql`
    select c.organization_id, c.started_at, c.stopped_at, c.target_working_days, ${CLOCK_PAUSES_JSON} as pauses
    from sla_clocks c
    where c.organization_id = any(${`{${organizationIds.join(',')}}`}::uuid[])
      and c.stopped_at is not null and c.cancelled_at is null`)
  for (const row of rows(FirmClosedClock, res)) {
    const e = evaluateClock({
      startedAt: new Date(row.started_at),
      stoppedAt: new Date(row.stopped_at),
      pauses: pausesOf(row.pauses),
      targetWorkingDays: row.target_working_days,
    })
    const c = counts.get(row.organization_id)
    if (!c) continue
    if (e.state === 'met') c.met += 1
    else c.missed += 1
  }
  return new Map([...counts].map(([id, c]) => [id, slaMetShare(c)]))
}
