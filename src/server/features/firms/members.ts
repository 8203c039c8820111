/**
 * An admin changes a member's role or removes them from the firm. The firm keeps at least one admin
 * (409); a member who still holds live matters as fee earner is neither removed nor made an assistant
 * until an admin reassigns those matters (409 naming how many). A removed member keeps their row
 * (removed_at) and loses sight of every matter of the firm at once (access/firms.ts).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canBeFeeEarner, canManageFirm, MEMBER_ROLES, type MemberRole } from '#shared/domain/firms.ts'
import { lockViewerFirm } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { AppError } from '#server/core/errors.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'

interface Target {
  role: MemberRole
  name: string
  email: string
  liveMatters: number
  admins: number
}

async function lockTarget(tx: Tx, viewer: Viewer, profileId: string) {
  const firm = await lockViewerFirm(tx, viewer)
  if (!firm || !canManageFirm(firm.role)) {
    throw new AppError('forbidden', `Only an admin of ${firm?.firmName ?? 'the firm'} can change its members.`)
  }
  const res = await tx.execute(sql`select om.role, p.full_name as name, p.email,
      (select count(*) from matters m join transactions t on t.id = m.transaction_id
        where m.organization_id = om.organization_id and m.fee_earner_id = om.profile_id
          and t.status not in ('completed', 'cancelled'))::int as live_matters,
      (select count(*) from organization_members a where a.organization_id = om.organization_id
        and a.removed_at is null and a.role = 'admin')::int as admins
    from organization_members om join profiles p on p.id = om.profile_id
    where om.organization_id = ${firm.organizationId} and om.profile_id = ${profileId} and om.removed_at is null`)
  const row = firstRow(
    z.object({
      role: z.enum(MEMBER_ROLES),
      name: z.string(),
      email: z.string(),
      live_matters: z.number(),
      admins: z.number(),
    }),
    res,
  )
  if (!row) throw new AppError('not_found', `Could not find this member of ${firm.firmName}.`)
  const target: Target = {
    role: row.role,
    name: row.name,
    email: row.email,
    liveMatters: row.live_matters,
    admins: row.admins,
  }
  return { firm, target }
}

function assertKeepsAnAdmin(target: Target, firmName: string): void {
  if (target.role === 'admin' && target.admins <= 1) {
    throw new AppError('conflict', `${firmName} needs at least one admin. Make someone else an admin first.`)
  }
}

function assertNoLiveMatters(target: Target, action: string): void {
  if (target.liveMatters > 0) {
    throw new AppError(
      'conflict',
      `${target.name} is the fee earner of ${target.liveMatters} live matter${target.liveMatters === 1 ? '' : 's'}. Reassign ${target.liveMatters === 1 ? 'it' : 'them'} before you ${action}.`,
    )
  }
}

/**
 * Changes a member's role (admins only; 403 otherwise). 409 when it would leave the firm without an
 * admin, or make an assistant of someone who holds live matters. Records `firm.role_changed`.
 */
export async function changeMemberRole({
  database,
  viewer,
  profileId,
  role,
  origin,
}: {
  database: Database
  viewer: Viewer
  profileId: string
  role: MemberRole
  origin?: ClientInfo
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { firm, target } = await lockTarget(tx, viewer, profileId)
    if (target.role === role) return
    if (role !== 'admin') assertKeepsAnAdmin(target, firm.firmName)
    if (!canBeFeeEarner(role)) assertNoLiveMatters(target, 'make them an assistant')
    await tx.execute(sql`update organization_members set role = ${role}
      where organization_id = ${firm.organizationId} and profile_id = ${profileId} and removed_at is null`)
    await recordFirmEvent(tx, {
      viewer,
      kind: 'firm.role_changed',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: { profile_id: profileId, member: target.name, email: target.email, from: target.role, to: role },
      origin,
    })
  })
}

/**
 * Removes a member from the firm (admins only; an admin may remove themselves if another admin
 * remains). 409 for the last admin or a holder of live matters. Records `firm.member_removed`.
 */
export async function removeMember({
  database,
  viewer,
  profileId,
  origin,
}: {
  database: Database
  viewer: Viewer
  profileId: string
  origin?: ClientInfo
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { firm, target } = await lockTarget(tx, viewer, profileId)
    assertKeepsAnAdmin(target, firm.firmName)
    assertNoLiveMatters(target, 'remove them')
    await tx.execute(sql`update organization_members set removed_at = now(), removed_by = ${viewer.profileId}
      where organization_id = ${firm.organizationId} and profile_id = ${profileId} and removed_at is null`)
    await recordFirmEvent(tx, {
      viewer,
      kind: 'firm.member_removed',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: { profile_id: profileId, member: target.name, email: target.email, role: target.role },
      origin,
    })
  })
}
