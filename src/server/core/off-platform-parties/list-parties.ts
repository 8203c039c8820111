/**
 * Reading the off-platform parties of a move (src/shared/domain/off-platform-parties.ts): the open
 * records only (a party that joined is a participant). No access check here: callers check the
 * viewer first (access/transactions.ts), as every reader of a move does. The one home of these reads:
 * the People tab's list (listOffPlatformParties), and the SQL pieces the one-statement reads embed
 * (the transaction detail, the cases board, the chain): offPlatformPartiesJsonSql and seatHolderJsonSql.
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

/**
 * SQL (a json array, never null) of the open records of the move `txExpr` (a SQL expression over
 * the caller's aliases, never user input) in OffPlatformParty's shape, by role then when recorded:
 * what listOffPlatformParties returns, for statements that build their answer as JSON.
 */
export function offPlatformPartiesJsonSql(txExpr: string): string {
  return `coalesce((select json_agg(json_build_object('id', op.id, 'role', op.role, 'firm_name', op.firm_name,
      'person_name', op.person_name, 'email', op.email, 'phone', op.phone, 'regulator', op.regulator,
      'regulator_number', op.regulator_number, 'recorded_by', op.recorded_by,
      'created_at', to_char(op.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      order by op.role, op.created_at)
    from off_platform_parties op where op.transaction_id = ${txExpr} and op.joined_at is null), '[]'::json)`
}

/**
 * SQL (json, or SQL null when the seat is empty) naming who holds the conveyancer seat `roleExpr`
 * ('buyer_conveyancer' or 'seller_conveyancer', a SQL expression) on the move `txExpr`, in
 * SeatHolder's shape (src/shared/contracts/off-platform-parties.ts): a participant on Homeward (their
 * firm, else their name; `on_homeward` true), else a firm's matter on that side (on Homeward), else
 * the open off-platform record (`on_homeward` false: shown with NOT_ON_HOMEWARD). Indexed lookups
 * by move; callers check the viewer may see the move.
 */
export function seatHolderJsonSql(txExpr: string, roleExpr: string): string {
  return `coalesce(
    (select json_build_object('name', coalesce(sho.name, shp.full_name),
        'person_name', case when sho.name is not null then shp.full_name end, 'on_homeward', true)
      from transaction_participants shtp join profiles shp on shp.id = shtp.user_id
      left join organizations sho on sho.id = shtp.organization_id
      where shtp.transaction_id = ${txExpr} and shtp.role = ${roleExpr}
      order by shtp.created_at, shtp.id limit 1),
    (select json_build_object('name', shmo.name, 'person_name', null, 'on_homeward', true)
      from matters shm join organizations shmo on shmo.id = shm.organization_id
      where shm.transaction_id = ${txExpr} and shm.side || '_conveyancer' = ${roleExpr}
      order by shm.instructed_at, shm.id limit 1),
    (select json_build_object('name', sho2.firm_name, 'person_name', sho2.person_name, 'on_homeward', false)
      from off_platform_parties sho2
      where sho2.transaction_id = ${txExpr} and sho2.role = ${roleExpr} and sho2.joined_at is null limit 1))`
}
