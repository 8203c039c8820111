/**
 * Conversion on join (issue 37 item 1): when someone joins a move in a seat that holds an
 * off-platform record (accepting an invitation, being booked as the surveyor), the record becomes
 * their participant row: `joined_participant_id` and `joined_at` are set, in the caller's database
 * transaction, and the trail says so. The record is kept (its history: who recorded it, when, what it
 * said) and no longer listed as "not on Homeward" (find-party.ts reads open records only).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { OFF_PLATFORM_ROLES, type OffPlatformRole } from '#shared/domain/off-platform-parties.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { recordActivity } from '../audit/record-activity.ts'

const isOffPlatformRole = (role: string): role is OffPlatformRole =>
  (OFF_PLATFORM_ROLES as readonly string[]).includes(role)

/**
 * Marks the open record of seat `role` on move `txId` as taken by participant `participantId`
 * (who is `actorId`), with an audit entry; does nothing when the seat has no open record or is not an
 * off-platform seat. Returns the record's id, or null.
 */
export async function takeRecordedSeat(
  tx: Tx,
  p: { txId: string; role: string; participantId: string; actorId: string },
): Promise<string | null> {
  if (!isOffPlatformRole(p.role)) return null
  const res = await tx.execute(sql`
    update off_platform_parties set joined_participant_id = ${p.participantId}, joined_at = now(), updated_at = now()
     where transaction_id = ${p.txId} and role = ${p.role} and joined_at is null
    returning id, firm_name`)
  const taken = firstRow(z.object({ id: z.string(), firm_name: z.string() }), res)
  if (!taken) return null
  await recordActivity(tx, {
    transactionId: p.txId,
    actorId: p.actorId,
    kind: 'off_platform.joined',
    summary: `joined Homeward and took the ${participantRoleLabel(p.role)} seat recorded as ${taken.firm_name}`,
    payload: { partyId: taken.id, participantId: p.participantId, role: p.role },
  })
  return taken.id
}
