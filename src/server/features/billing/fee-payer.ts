/**
 * Who pays a move's completion fee (docs/decisions/033-billing-and-pro.md): once completion is recorded,
 * the payer stored on the fee; before, the first seller on the move, else the first buyer; null when
 * neither is on Homeward (the fee is waived).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'

export interface FeePayer {
  profileId: string
  role: 'seller' | 'buyer'
  name: string
  email: string
}

/** The first seller, else the first buyer, on the move (by when they joined): the SQL the fee row copies. */
export const FIRST_PARTY_SQL = (txId: string) => sql`select tp.user_id, tp.role from transaction_participants tp
  where tp.transaction_id = ${txId} and tp.role in ('seller', 'buyer')
  order by tp.role = 'seller' desc, tp.created_at, tp.id limit 1`

/** The move's fee payer now (see the module comment). */
export async function feePayer(tx: Tx, txId: string): Promise<FeePayer | null> {
  const res = await tx.execute(sql`with payer as (
      select f.payer_profile_id as user_id from completion_fees f where f.transaction_id = ${txId}
      union all
      select q.user_id from (${FIRST_PARTY_SQL(txId)}) q
        where not exists (select 1 from completion_fees f where f.transaction_id = ${txId})
    )
    select p.id, p.full_name, p.email,
      coalesce((select tp.role from transaction_participants tp where tp.transaction_id = ${txId}
        and tp.user_id = p.id and tp.role in ('seller', 'buyer') order by tp.role = 'seller' desc limit 1), 'seller') as role
    from payer join profiles p on p.id = payer.user_id limit 1`)
  const row = firstRow(
    z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.enum(['seller', 'buyer']) }),
    res,
  )
  return row ? { profileId: row.id, role: row.role, name: row.full_name, email: row.email } : null
}
