/**
 * Record, correct and remove an off-platform party (issue 37 item 1; the rule of who may record which
 * seat: src/shared/domain/off-platform-parties.ts mayRecordOffPlatform). Each write locks the move,
 * checks the viewer's role on it (404 when they may not see it, 403 naming who may record the seat),
 * writes the record and its audit entry (audience everyone: who holds each seat is the move's
 * business, decision 052) in one database transaction. One open record per seat, and none for a seat
 * someone on Homeward holds (409 naming them).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  OffPlatformParty,
  OffPlatformPartyInput,
  UpdateOffPlatformPartyInput,
} from '#shared/contracts/off-platform-parties.ts'
import {
  mayRecordOffPlatform,
  NOT_ON_HOMEWARD,
  offPlatformRecordRefusal,
  offPlatformRegulatorProblem,
  type OffPlatformRole,
} from '#shared/domain/off-platform-parties.ts'
import { participantRoleLabel, type ParticipantRole } from '#shared/domain/roles.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { lockTransactionForViewer, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { listOffPlatformParties } from '#server/core/off-platform-parties/list-parties.ts'
import { insertOffPlatformRecord } from '#server/core/off-platform-parties/insert-record.ts'

interface Ctx {
  database: Database
  viewer: Viewer
  txId: string
}

/** The open records of a move for anyone who may see it (404 otherwise). */
export async function listPartiesForViewer(ctx: Ctx): Promise<OffPlatformParty[]> {
  return ctx.database.db.transaction(async (tx) => {
    await readViewerRole(tx, ctx.viewer, ctx.txId)
    return listOffPlatformParties(tx, ctx.txId)
  })
}

function assertMayRecord(viewerRole: string, role: OffPlatformRole): void {
  requirePermission(
    'update:off-platform-party:recorder',
    mayRecordOffPlatform(viewerRole as ParticipantRole, role),
    offPlatformRecordRefusal(role),
  )
}

function assertRegulatorFits(
  role: OffPlatformRole,
  regulator: string | null | undefined,
  number: string | null | undefined,
) {
  const problem = offPlatformRegulatorProblem(role, regulator as never, number)
  if (problem) throw new AppError('validation_failed', problem)
}

/** 409 when someone on Homeward holds the seat: a participant in the role, or (for a conveyancer) a firm's matter. */
async function assertSeatEmpty(tx: Tx, txId: string, role: OffPlatformRole): Promise<void> {
  const side = role === 'buyer_conveyancer' ? 'buyer' : role === 'seller_conveyancer' ? 'seller' : null
  const res = await tx.execute(sql`
    select coalesce(p.full_name, 'Someone') as name from transaction_participants tp
      left join profiles p on p.id = tp.user_id
     where tp.transaction_id = ${txId} and tp.role = ${role}
    union all
    select o.name from matters m join organizations o on o.id = m.organization_id
     where m.transaction_id = ${txId} and m.side = ${side}
    limit 1`)
  const holder = firstRow(z.object({ name: z.string() }), res)
  if (holder)
    throw new AppError(
      'conflict',
      `${holder.name} is already on Homeward as ${participantRoleLabel(role)} on this move, so there is nothing to record.`,
    )
}

async function openRecord(tx: Tx, txId: string, partyId: string): Promise<OffPlatformParty> {
  const party = (await listOffPlatformParties(tx, txId)).find((p) => p.id === partyId)
  if (!party)
    throw new AppError(
      'not_found',
      'Could not find this recorded firm on the move. It may have joined Homeward or been removed.',
    )
  return party
}

/** Records a party in an empty seat; returns it. 403/404/409 as the module says. */
export async function recordOffPlatformParty(ctx: Ctx & { input: OffPlatformPartyInput }): Promise<OffPlatformParty> {
  const { input, txId, viewer } = ctx
  return ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole } = await lockTransactionForViewer(tx, viewer, txId)
    assertMayRecord(viewerRole, input.role)
    assertRegulatorFits(input.role, input.regulator, input.regulator_number)
    await assertSeatEmpty(tx, txId, input.role)
    const existing = (await listOffPlatformParties(tx, txId)).find((p) => p.role === input.role)
    if (existing)
      throw new AppError(
        'conflict',
        `${existing.firm_name} is already recorded as ${participantRoleLabel(input.role)}. Edit that record instead, or remove it first.`,
      )
    const id = await insertOffPlatformRecord(tx, { txId, recordedBy: viewer.profileId, input })
    return openRecord(tx, txId, id)
  })
}

/** Corrects an open record's fields (not its seat); returns it. */
export async function updateOffPlatformParty(
  ctx: Ctx & { partyId: string; input: UpdateOffPlatformPartyInput },
): Promise<OffPlatformParty> {
  const { input, txId, viewer } = ctx
  return ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole } = await lockTransactionForViewer(tx, viewer, txId)
    const before = await openRecord(tx, txId, ctx.partyId)
    assertMayRecord(viewerRole, before.role)
    const regulator = input.regulator !== undefined ? input.regulator : before.regulator
    const number = input.regulator_number !== undefined ? input.regulator_number : before.regulator_number
    assertRegulatorFits(before.role, regulator, number)
    const firm = input.firm_name ?? before.firm_name
    const orNull = (v: string | null | undefined, was: string | null) => (v === undefined ? was : v || null)
    await tx.execute(sql`
      update off_platform_parties set firm_name = ${firm},
        person_name = ${orNull(input.person_name, before.person_name)},
        email = ${(input.email ?? before.email).toLowerCase()},
        phone = ${orNull(input.phone, before.phone)},
        regulator = ${regulator ?? null}, regulator_number = ${number || null}, updated_at = now()
       where id = ${before.id}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'off_platform.updated',
      summary: `updated the record of ${firm} as ${participantRoleLabel(before.role)} (${NOT_ON_HOMEWARD})`,
      payload: { partyId: before.id, role: before.role },
    })
    return openRecord(tx, txId, before.id)
  })
}

/** Removes an open record: the seat reads as empty again; the trail keeps that it was recorded. */
export async function removeOffPlatformParty(ctx: Ctx & { partyId: string }): Promise<void> {
  const { txId, viewer } = ctx
  await ctx.database.db.transaction(async (tx) => {
    const { role: viewerRole } = await lockTransactionForViewer(tx, viewer, txId)
    const before = await openRecord(tx, txId, ctx.partyId)
    assertMayRecord(viewerRole, before.role)
    await tx.execute(sql`delete from off_platform_parties where id = ${before.id}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'off_platform.removed',
      summary: `removed ${before.firm_name} as ${participantRoleLabel(before.role)} (${NOT_ON_HOMEWARD})`,
      payload: { partyId: before.id, role: before.role },
    })
  })
}
