/**
 * Reading the off-platform parties of a move (src/shared/domain/off-platform-parties.ts): the open
 * records only (a party that joined is a participant). No access check here: callers check the
 * viewer first (access/transactions.ts), as every reader of a move does.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OffPlatformParty } from '#shared/contracts/off-platform-parties.ts'
import type { OffPlatformRole } from '#shared/domain/off-platform-parties.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

const PartyRow = z.object({
  id: z.string(),
  role: z.string(),
  firm_name: z.string(),
  person_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  regulator: z.string().nullable(),
  regulator_number: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: Timestamp,
})

function toParty(row: z.output<typeof PartyRow>): OffPlatformParty {
  return {
    ...row,
    role: row.role as OffPlatformParty['role'],
    regulator: row.regulator as OffPlatformParty['regulator'],
    created_at: new Date(row.created_at).toISOString(),
  }
}

/** The open off-platform parties of a move, by role then when recorded. */
export async function listOffPlatformParties(db: Db | Tx, txId: string): Promise<OffPlatformParty[]> {
  const result = await db.execute(sql`
    select id, role, firm_name, person_name, email, phone, regulator, regulator_number, recorded_by, created_at
      from off_platform_parties
     where transaction_id = ${txId} and joined_at is null
     order by role, created_at`)
  return rows(PartyRow, result).map(toParty)
}

/** The open off-platform party holding `role` on the move, or null. */
export async function findOffPlatformParty(
  db: Db | Tx,
  txId: string,
  role: OffPlatformRole,
): Promise<OffPlatformParty | null> {
  return (await listOffPlatformParties(db, txId)).find((p) => p.role === role) ?? null
}
