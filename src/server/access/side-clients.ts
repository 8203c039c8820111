/**
 * Who a move's clients are, one rule for every notice, hand-over and list that names them: a side's
 * clients are the move's lead client of that side (transactions.buyer_user_id / seller_user_id) and
 * every participant in that role, so joint buyers or sellers (decision 070) are included wherever the
 * lead is. Access itself is the role's rule (access/transactions.ts viewerRoleSql); this names people.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { IdRow, rows } from '#server/db/rows.ts'

export type ClientSide = 'buyer' | 'seller'

/**
 * A one-column subquery (`id`, profile uuids, no nulls, no repeats) of the clients on `sides` of the
 * move `txId` (a uuid value or an SQL reference such as sql`t.id`).
 */
export function sideClientIdsSql(txId: string | SQL, sides: readonly ClientSide[]): SQL {
  const leads = sides.map((side) =>
    side === 'buyer'
      ? sql`select buyer_user_id as id from transactions where id = ${txId} and buyer_user_id is not null`
      : sql`select seller_user_id as id from transactions where id = ${txId} and seller_user_id is not null`,
  )
  const roles = sql.join(
    sides.map((side) => sql`${side}`),
    sql`, `,
  )
  return sql`${sql.join(leads, sql` union `)}
    union select user_id as id from transaction_participants where transaction_id = ${txId} and role in (${roles})`
}

/** The profile ids of the clients on `sides` of the move `txId`, in no particular order. */
export async function sideClientIds(tx: Tx, txId: string, sides: readonly ClientSide[]): Promise<string[]> {
  return rows(IdRow, await tx.execute(sideClientIdsSql(txId, sides))).map((r) => r.id)
}
