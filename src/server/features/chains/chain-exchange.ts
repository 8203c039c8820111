/**
 * An exchange inside a chain keeps the chain's agreed completion date (decision 061,
 * `chainExchangeRefusal` in src/shared/domain/preconditions.ts): run as a status hook on exchange,
 * inside the exchange's database transaction, so a refusal (409 naming the chain's date and what to
 * do) rolls the exchange back. The chain's date is the completion date of the latest proposal this
 * move agreed with the rest of its chain; a move whose chain agreed no dates is not held.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { chainExchangeRefusal } from '#shared/domain/preconditions.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'

/** The completion date the move's chain last agreed ('yyyy-mm-dd'), or null when it agreed none. */
export async function chainAgreedCompletionDate(tx: Tx, txId: string): Promise<string | null> {
  const res = await tx.execute(sql`
    select d.completion_date::text as completion_date from chain_date_proposals d
    join chain_date_responses r on r.proposal_id = d.id and r.transaction_id = ${txId}
    where d.status = 'agreed' order by d.decided_at desc nulls last, d.created_at desc limit 1`)
  return firstRow(z.object({ completion_date: z.string() }), res)?.completion_date ?? null
}

/** Throws 409 when the exchange being recorded on `txId` gives a completion date the chain did not agree. */
export async function refuseExchangeOffChainDate(tx: Tx, opts: { txId: string; completionDate: string | null }) {
  if (!opts.completionDate) return
  const refusal = chainExchangeRefusal({
    completionDate: opts.completionDate,
    chainCompletionDate: await chainAgreedCompletionDate(tx, opts.txId),
  })
  if (refusal) throw new AppError(refusal.code, refusal.message, { completion_date: [refusal.message] })
}
