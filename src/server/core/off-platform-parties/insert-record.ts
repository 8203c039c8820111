/**
 * Writes one off-platform party record (decision 053) and its audit entry ('off_platform.recorded',
 * audience everyone) inside the caller's database transaction; returns the record's id. The one home
 * of that write: the People tab's "Record a firm" (features/off-platform-parties/record-party.ts) and
 * the estate agent's new sale at SSTC (features/portfolio/create-sale.ts), each after its own checks
 * (who may record the seat, the seat empty, the regulator fitting the trade).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { NOT_ON_HOMEWARD, type OffPlatformRole } from '#shared/domain/off-platform-parties.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { recordActivity } from '../audit/record-activity'

export interface OffPlatformRecordInput {
  role: OffPlatformRole
  firm_name: string
  person_name?: string | null
  email: string
  phone?: string | null
  regulator?: string | null
  regulator_number?: string | null
}

/** Inserts the record (email lower-cased, empty optional fields as null) and its audit entry. */
export async function insertOffPlatformRecord(
  tx: Tx,
  opts: { txId: string; recordedBy: string; input: OffPlatformRecordInput },
): Promise<string> {
  const { txId, recordedBy, input } = opts
  const res = await tx.execute(sql`
    insert into off_platform_parties (transaction_id, role, firm_name, person_name, email, phone, regulator,
      regulator_number, recorded_by)
    values (${txId}, ${input.role}, ${input.firm_name}, ${input.person_name || null}, ${input.email.toLowerCase()},
      ${input.phone || null}, ${input.regulator ?? null}, ${input.regulator_number || null}, ${recordedBy})
    returning id`)
  const { id } = firstRow(z.object({ id: z.string() }), res)!
  await recordActivity(tx, {
    transactionId: txId,
    actorId: recordedBy,
    kind: 'off_platform.recorded',
    summary: `recorded ${input.firm_name} as ${participantRoleLabel(input.role)} (${NOT_ON_HOMEWARD})`,
    payload: { partyId: id, role: input.role },
  })
  return id
}
