/**
 * A firm's SLA targets: each clock type's working days, the firm's own value or the default
 * (src/shared/domain/sla-clocks.ts). Changes apply to clocks that start afterwards; running clocks
 * keep the target they started with. Only people acting for the firm (access/firms.ts).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SlaSettings } from '#shared/contracts/enquiries.ts'
import { SLA_CLOCK_DEFINITIONS, SLA_CLOCK_TYPES, type SlaClockType } from '#shared/domain/sla-clocks.ts'
import { assertCanManageFirm } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { firmName, recordFirmEvent } from '../audit/firm-events'

async function readSettings(db: Database['db'] | Tx, orgId: string): Promise<SlaSettings> {
  const res = await db.execute(sql`select clock_type, working_days from sla_settings where organization_id = ${orgId}`)
  const own = new Map(
    rows(z.object({ clock_type: z.string(), working_days: z.number() }), res).map((r) => [
      r.clock_type,
      r.working_days,
    ]),
  )
  return {
    organization_id: orgId,
    clocks: SLA_CLOCK_TYPES.map((t) => ({
      clock_type: t,
      label: SLA_CLOCK_DEFINITIONS[t].label,
      description: SLA_CLOCK_DEFINITIONS[t].description,
      working_days: own.get(t) ?? SLA_CLOCK_DEFINITIONS[t].defaultWorkingDays,
      default_working_days: SLA_CLOCK_DEFINITIONS[t].defaultWorkingDays,
    })),
  }
}

export async function getSlaSettings(opts: { database: Database; viewer: Viewer; orgId: string }) {
  await assertCanManageFirm(opts.database.db, opts.viewer, opts.orgId)
  return readSettings(opts.database.db, opts.orgId)
}

/**
 * Sets clock types' working days (admins; 404 for anyone else, as for a firm they are not in) and,
 * when any changed, appends firm.sla_targets_changed with each change's before and after.
 */
export async function putSlaSettings(opts: {
  database: Database
  viewer: Viewer
  orgId: string
  clocks: { clock_type: SlaClockType; working_days: number }[]
  origin?: ClientInfo
}): Promise<SlaSettings> {
  return opts.database.db.transaction(async (tx) => {
    await assertCanManageFirm(tx, opts.viewer, opts.orgId, { admin: true })
    const before = new Map((await readSettings(tx, opts.orgId)).clocks.map((c) => [c.clock_type, c.working_days]))
    const changes = opts.clocks
      .filter((c) => before.get(c.clock_type) !== c.working_days)
      .map((c) => ({
        clock_type: c.clock_type,
        label: SLA_CLOCK_DEFINITIONS[c.clock_type].label,
        from: before.get(c.clock_type),
        to: c.working_days,
      }))
    for (const c of opts.clocks) {
      await tx.execute(sql`
        insert into sla_settings (organization_id, clock_type, working_days, updated_by)
        values (${opts.orgId}, ${c.clock_type}, ${c.working_days}, ${opts.viewer.profileId})
        on conflict (organization_id, clock_type)
        do update set working_days = excluded.working_days, updated_by = excluded.updated_by, updated_at = now()`)
    }
    if (changes.length > 0) {
      await recordFirmEvent(tx, {
        viewer: opts.viewer,
        kind: 'firm.sla_targets_changed',
        organizationId: opts.orgId,
        firmName: await firmName(tx, opts.orgId),
        detail: { changes },
        origin: opts.origin,
      })
    }
    return readSettings(tx, opts.orgId)
  })
}
