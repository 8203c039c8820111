/**
 * The completion fee's outbox, drained: a fee is recorded due inside the completion's database
 * transaction (recordCompletionFeeDue, a timeline hook) and charged after commit. When that charge
 * could not be made (the payments provider unreachable, the process stopped before it ran), the fee
 * stays 'due' with the payer's accepted card, and this job charges it on a later tick. Fees declined
 * by the provider are 'failed' and wait for the payer (another card); fees never accepted are
 * emailed once by collectCompletionFee and left alone. Several processes may run the job: the fee
 * row is locked while it is charged, so a fee is charged once.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import type { PaymentsProvider } from '#server/providers/payments/index.ts'
import { collectCompletionFee } from './completion-fee'
import type { Supplier } from './supplier'

/** How often due fees with a card are retried: every 10 minutes. */
export const COMPLETION_FEE_RETRY_MS = 10 * 60_000

/** Fees older than this are no longer retried automatically (the payer is asked through the app). */
const RETRY_WINDOW = sql`interval '30 days'`

/**
 * Charges every fee still 'due' whose payer accepted it with a card of this provider, created more
 * than a minute ago (the after-commit charge of a fresh completion goes first). Returns how many
 * ended paid.
 */
export async function retryDueCompletionFees(opts: {
  database: Database
  provider: PaymentsProvider
  publicUrl: string
  deliverMail: boolean
  supplier: Supplier
}): Promise<number> {
  const due = rows(
    z.object({ transaction_id: z.string() }),
    await opts.database.db.execute(sql`
      select f.transaction_id from completion_fees f
      join completion_fee_acceptances a on a.transaction_id = f.transaction_id
        and a.payer_profile_id = f.payer_profile_id and a.status = 'accepted' and a.provider = ${opts.provider.name}
        and a.payment_method_ref is not null
      where f.status = 'due' and f.created_at < now() - interval '1 minute' and f.created_at > now() - ${RETRY_WINDOW}
      order by f.created_at limit 50`),
  )
  let paid = 0
  for (const { transaction_id } of due) {
    if ((await collectCompletionFee({ ...opts, txId: transaction_id })) === 'paid') paid++
  }
  return paid
}
