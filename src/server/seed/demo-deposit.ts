/**
 * The demo move's deposit: Priya (Amelia's conveyancer) set it at 10% of the agreed price twelve days
 * ago, the sandbox partner opened its held-funds account, Amelia checked the account's name and paid,
 * and the deposit is held, so the demo shows a held deposit, its ledger and the release waiting to be
 * asked for. Idempotent (one deposit per move).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import type { Tx } from '#server/db/client.ts'
import { postEntry, transfer } from '#server/features/deposits/ledger.ts'
import { refreshDepositStatus } from '#server/features/deposits/read-deposit.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { SANDBOX_ACCOUNT_NAME, sandboxInstructions } from '#server/providers/client-money/sandbox-provider.ts'

export async function insertDemoDeposit(
  tx: Tx,
  people: { amelia: string; priya: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const txId = people.demoTransactionId
  const found = await tx.execute(sql`select 1 from deposits where transaction_id = ${txId}`)
  if (found.rows.length) return
  const price = await tx.execute(sql`select agreed_price_pence::text as p from transactions where id = ${txId}`)
  const amount = Math.round(Number(firstRow(z.object({ p: z.string().nullable() }), price)?.p ?? 0) / 10)
  if (!amount) return
  const { account_id, instructions: i } = sandboxInstructions(txId)
  const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString()
  const inserted = await tx.execute(sql`
    insert into deposits (transaction_id, partner, partner_account_id, amount_pence, account_name, sort_code,
      account_number, reference, set_by, created_at, updated_at)
    values (${txId}, 'sandbox', ${account_id}, ${amount}, ${i.account_name}, ${i.sort_code}, ${i.account_number},
      ${i.reference}, ${people.priya}, ${day(12)}, ${day(12)}) returning id`)
  const depositId = oneRow(IdRow, inserted).id
  await tx.execute(sql`
    insert into deposit_payee_checks (deposit_id, profile_id, name_checked, result, checked_at)
    values (${depositId}, ${people.amelia}, ${SANDBOX_ACCOUNT_NAME}, 'match', ${day(10)})`)
  await postEntry(tx, {
    transactionId: txId,
    kind: 'funds_received',
    description: 'Bank transfer received from Amelia Clarke',
    externalRef: `sbx_in_demo_${txId}`,
    lines: transfer('buyer_payments', 'held_for_buyer', amount),
    postedAt: day(9),
  })
  await refreshDepositStatus(tx, txId)
  await recordActivity(tx, {
    transactionId: txId,
    actorId: people.priya,
    kind: 'deposit.opened',
    summary: 'opened a held-funds account with the sandbox partner for the deposit',
    payload: { amountPence: amount, partner: 'sandbox' },
  })
  await recordActivity(tx, {
    transactionId: txId,
    actorId: null,
    kind: 'deposit.funds_received',
    summary: 'The client-money partner received the deposit: the deposit is held',
    payload: { amountPence: amount, status: 'held' },
  })
}
