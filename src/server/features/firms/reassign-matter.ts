/**
 * An admin hands a matter to another admin or fee earner of the firm (PATCH
 * /api/matters/{matterId}/fee-earner). 404 when the matter is not the viewer's firm's (as for any
 * matter they may not see), 403 for a non-admin, 422 naming the rule for a non-member or an
 * assistant, 409 with the current version when someone changed the matter meanwhile. The move's
 * conveyancer participant follows the matter; the move's audit trail and the firm's events
 * (firm.matter_reassigned) say who handed it to whom.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canManageFirm, conveyancerRoleForSide, MATTER_SIDES } from '#shared/domain/firms.ts'
import { lockViewerFirm } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'
import { assertFeeEarnerOfFirm } from './open-matter'

export async function reassignMatter({
  database,
  viewer,
  matterId,
  feeEarnerId,
  version,
  origin,
}: {
  database: Database
  viewer: Viewer
  matterId: string
  feeEarnerId: string
  version: number
  origin?: ClientInfo
}): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const firm = await lockViewerFirm(tx, viewer)
    if (!firm) throw notFound('matter')
    const res =
      await tx.execute(sql`select m.transaction_id, m.side, m.fee_earner_id, m.version, p.full_name as old_name,
        (select array_to_string(pp.address_lines, ', ') from properties pp where pp.transaction_id = m.transaction_id) as address
      from matters m left join profiles p on p.id = m.fee_earner_id
      where m.id = ${matterId} and m.organization_id = ${firm.organizationId} for update of m`)
    const matter = firstRow(
      z.object({
        transaction_id: z.string(),
        side: z.enum(MATTER_SIDES),
        fee_earner_id: z.string().nullable(),
        version: z.number(),
        old_name: z.string().nullable(),
        address: z.string().nullable(),
      }),
      res,
    )
    if (!matter) throw notFound('matter')
    if (!canManageFirm(firm.role))
      throw new AppError('forbidden', `Only an admin of ${firm.firmName} can reassign a matter.`)
    const newName = await assertFeeEarnerOfFirm(tx, firm, feeEarnerId)
    if (matter.version !== version) {
      throw new AppError(
        'conflict',
        `Someone changed this matter meanwhile (now version ${matter.version}). Reload and try again.`,
      )
    }
    if (matter.fee_earner_id === feeEarnerId) return { version: matter.version }
    const role = conveyancerRoleForSide(matter.side)
    // The conveyancer seat on the move follows the matter: the old fee earner's participant row
    // becomes the new one's, unless the new one is already on the move.
    if (matter.fee_earner_id) {
      await tx.execute(sql`update transaction_participants set user_id = ${feeEarnerId}, appointed_by = ${viewer.profileId}
        where transaction_id = ${matter.transaction_id} and user_id = ${matter.fee_earner_id} and role = ${role}
          and not exists(select 1 from transaction_participants x where x.transaction_id = ${matter.transaction_id} and x.user_id = ${feeEarnerId})`)
    }
    const upd =
      await tx.execute(sql`update matters set fee_earner_id = ${feeEarnerId}, version = version + 1, updated_at = now()
      where id = ${matterId} returning version`)
    await recordActivity(tx, {
      transactionId: matter.transaction_id,
      actorId: viewer.profileId,
      kind: 'matter.reassigned',
      summary: `handed the matter from ${matter.old_name ?? 'nobody'} to ${newName}`,
      payload: { matterId, from: matter.fee_earner_id, to: feeEarnerId },
    })
    // And in the firm's activity (its admins see the firm's handovers in one list).
    await recordFirmEvent(tx, {
      viewer,
      kind: 'firm.matter_reassigned',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: {
        matter_id: matterId,
        transaction_id: matter.transaction_id,
        address: matter.address,
        from: matter.fee_earner_id,
        from_name: matter.old_name,
        to: feeEarnerId,
        to_name: newName,
      },
      origin,
    })
    return { version: oneRow(z.object({ version: z.number() }), upd).version }
  })
}
