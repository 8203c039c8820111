/**
 * A matter's SLA clocks as the API shows them (ClockStatus): read through the access check, then
 * evaluated at `now` by the pure clock (working days, bank holidays, pauses).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ClockStatus } from '#shared/contracts/enquiries.ts'
import { evaluateClock, SLA_CLOCK_DEFINITIONS, SLA_CLOCK_TYPES } from '#shared/domain/sla-clocks.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'
import { CLOCK_PAUSES_JSON, PausesColumn, pausesOf } from './clock-pauses'

const Row = z.object({
  id: z.string(),
  clock_type: z.enum(SLA_CLOCK_TYPES),
  side: z.enum(['buyer', 'seller']),
  enquiry_id: z.string().nullable(),
  target_working_days: z.number(),
  started_at: Timestamp,
  stopped_at: Timestamp.nullable(),
  pauses: PausesColumn,
})
type Row = z.output<typeof Row>

const iso = (v: string | Date) => new Date(v).toISOString()

/** Evaluates one clock row (with its pauses) at `now`. */
export function clockStatus(row: Row, now: Date = new Date()): ClockStatus {
  const e = evaluateClock(
    {
      startedAt: new Date(row.started_at),
      stoppedAt: row.stopped_at ? new Date(row.stopped_at) : null,
      pauses: pausesOf(row.pauses),
      targetWorkingDays: row.target_working_days,
    },
    now,
  )
  return {
    id: row.id,
    clock_type: row.clock_type,
    label: SLA_CLOCK_DEFINITIONS[row.clock_type].label,
    side: row.side,
    state: e.state,
    sla: e.sla,
    target_working_days: row.target_working_days,
    used_working_days: e.usedWorkingDays,
    remaining_working_days: e.remainingWorkingDays,
    due_date: e.dueDate,
    started_at: iso(row.started_at),
    stopped_at: row.stopped_at ? iso(row.stopped_at) : null,
    enquiry_id: row.enquiry_id,
  }
}

/** Every clock of the matter except cancelled ones, newest start first (in the caller's transaction). */
export async function readClocks(tx: Tx | Database['db'], txId: string, now = new Date()): Promise<ClockStatus[]> {
  const res = await tx.execute(sql`
    select c.id, c.clock_type, c.side, c.enquiry_id, c.target_working_days, c.started_at, c.stopped_at,
      ${CLOCK_PAUSES_JSON} as pauses
    from sla_clocks c where c.transaction_id = ${txId} and c.cancelled_at is null
    order by c.started_at desc`)
  return rows(Row, res).map((r) => clockStatus(r, now))
}

/** GET a matter's clocks: anyone who may see the matter (404 otherwise). */
export async function listClocks(opts: { database: Database; viewer: Viewer; txId: string }) {
  return opts.database.db.transaction(async (tx) => {
    await readViewerRole(tx, opts.viewer, opts.txId)
    return { clocks: await readClocks(tx, opts.txId) }
  })
}
