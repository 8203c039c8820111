/**
 * A clock's pauses (sla_clock_pauses: a stage blocked while the clock ran), read as the pure
 * evaluator of src/shared/domain/sla-clocks.ts takes them: the SQL that gathers them as JSON, and the
 * function that turns that JSON into dates. Shared by the alerts, the stored milestones, the met
 * share and the enquiries list.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ClockPause } from '#shared/domain/sla-clocks.ts'

/** A pause as CLOCK_PAUSES_JSON gives it: timestamps as text, `to` null while it lasts. */
export const PauseJson = z.object({ from: z.string(), to: z.string().nullable() })
export type PauseJson = z.output<typeof PauseJson>

/** The column CLOCK_PAUSES_JSON gives, in a row schema. */
export const PausesColumn = z.array(PauseJson)

/** Reads a clock's pauses as the pure evaluator takes them. */
export function pausesOf(rows: PauseJson[] | null): ClockPause[] {
  return (rows ?? []).map((p) => ({ from: new Date(p.from), to: p.to ? new Date(p.to) : null }))
}

/** SQL: json array of a clock's pauses ({from, to}), oldest first, for clock alias `c`. */
export const CLOCK_PAUSES_JSON = sql`coalesce((select json_agg(json_build_object('from', p.paused_at, 'to', p.resumed_at)
  order by p.paused_at) from sla_clock_pauses p where p.clock_id = c.id), '[]'::json)`
