/**
 * Whether a move's completion really happened (decision 061, `completionHappened` in
 * src/shared/domain/preconditions.ts): completed, with a completion date today or earlier in
 * Europe/London. What follows completion (the completion fee, the home logbook, review requests)
 * runs only then; read inside the caller's database transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { completionHappened } from '#shared/domain/preconditions.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'

export async function moveCompletionHappened(tx: Tx, txId: string, now: Date = new Date()): Promise<boolean> {
  const res = await tx.execute(
    sql`select status, completion_date::text as completion_date from transactions where id = ${txId}`,
  )
  const move = firstRow(z.object({ status: z.string(), completion_date: z.string().nullable() }), res)
  return (
    !!move && completionHappened({ status: move.status, completionDate: move.completion_date, today: londonDate(now) })
  )
}
