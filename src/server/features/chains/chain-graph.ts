/**
 * Reading a chain's links from the database: the links connected to a move (recursive walk over
 * chain_links), and the lock every chain write takes first so that two links made at the same time
 * cannot close a loop that neither of them sees.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { chainOrder, chainPlace, type ChainEdge } from '#shared/domain/chains.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'

/** Advisory lock class for "change any chain link or chain date proposal" (transaction-scoped). */
const CHAIN_WRITE_LOCK = 4_242_030

/**
 * Serialises every write to chains (links asked, confirmed, declined; dates proposed and answered)
 * for the rest of the database transaction. A loop can be closed by two links on moves that share no
 * row (the top of chain X linked to the bottom of Y while the top of Y is linked to the bottom of X),
 * so locking the two moves' rows alone would let both through; chain writes are rare, so one lock
 * for all of them costs nothing measurable. Callers lock the moves' rows too (`for update`), which
 * queues them behind stage and status changes on the same moves.
 */
export async function lockChains(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_WRITE_LOCK})`)
}

/**
 * The links connected to `txId` (both ways, any distance) with a status in `statuses`: confirmed
 * links for the chain view; pending and confirmed for the rules about new links. `union` (not `union
 * all`) stops the walk at a move already reached, so even a loop in bad data ends.
 */
export async function connectedEdges(
  tx: Tx,
  txId: string,
  statuses: readonly string[] = ['confirmed'],
): Promise<Array<ChainEdge & { id: string; status: string }>> {
  const list = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )
  const res = await tx.execute(sql`
    with recursive reached(id) as (
      select ${txId}::uuid
      union
      select case when l.lower_transaction_id = r.id then l.upper_transaction_id else l.lower_transaction_id end
      from chain_links l join reached r on r.id in (l.lower_transaction_id, l.upper_transaction_id)
      where l.status in (${list})
    )
    select l.id, l.lower_transaction_id as lower, l.upper_transaction_id as upper, l.status
    from chain_links l where l.status in (${list}) and l.lower_transaction_id in (select id from reached)`)
  return rows(z.object({ id: z.string(), lower: z.string(), upper: z.string(), status: z.string() }), res)
}

/** The moves of `txId`'s confirmed chain, bottom (first buyer) to top. */
export async function chainOf(tx: Tx, txId: string): Promise<string[]> {
  return chainOrder(await connectedEdges(tx, txId), txId)
}

/** Locks the rows of `ids` (`for update`, in id order so that lockers never deadlock) and returns each status. */
export async function lockMoves(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const res = await tx.execute(sql`
    select id, status from transactions where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`)
  return new Map(rows(z.object({ id: z.string(), status: z.string() }), res).map((r) => [r.id, r.status]))
}

/** 'St Albans, AL1' for one move: what the rest of the chain may know of where it is. */
export async function placeOf(tx: Tx, txId: string): Promise<string> {
  const res = await tx.execute(sql`select address_lines, postcode from properties where transaction_id = ${txId}`)
  const row = firstRow(z.object({ address_lines: z.array(z.string()), postcode: z.string() }), res)
  if (!row) return 'a move'
  return chainPlace(row.address_lines, row.postcode)
}
