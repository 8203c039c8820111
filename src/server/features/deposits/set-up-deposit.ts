/**
 * The deposit's set-up, before any money moves:
 * - PUT /deposit: the buyer's conveyancer sets the amount (usually 10% of the price); the first time,
 *   the partner opens the move's held-funds account and gives its payment instructions. Once money
 *   has arrived the amount is fixed (409).
 * - POST /deposit/payee-check: the buyer's Confirmation of Payee check of the receiving account: the
 *   name they were given, against the name the bank holds. Only after a match or close match does
 *   the buyer see the account number (read-deposit.ts).
 * - POST /deposit/sandbox-transfer: the sandbox's "Simulate bank transfer received" (the buyer, after
 *   their CoP check): the sandbox partner's funds.received webhook follows shortly.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DepositResponse } from '#shared/contracts/deposits.ts'
import { formatPence } from '#shared/domain/surveys.ts'
import { readBuyerSideRole, requireDepositManager } from '#server/access/deposits.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { enforceLimit, PAYEE_CHECK } from '#server/core/limits.ts'
import { ClientMoneyError, type ClientMoneyPartner } from '#server/providers/client-money/index.ts'
import { sandboxTransferEvent } from '#server/providers/client-money/sandbox-provider.ts'
import type { SandboxWebhookDispatcher } from '#server/providers/webhooks/sandbox-webhooks.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tellBuyers } from './buyer-notices'
import { readDepositIn } from './read-deposit'

/** The partner's webhook endpoint (routes.ts). */
export const CLIENT_MONEY_WEBHOOK_PATH = '/api/webhooks/client-money'

/** A partner failure as the person sees it. */
export function partnerError(err: unknown): never {
  if (err instanceof ClientMoneyError && err.reason === 'refused') throw new AppError('unprocessable', err.message)
  if (err instanceof ClientMoneyError)
    throw new AppError('database_unavailable', `${err.message} Nothing has changed; try again shortly.`)
  throw err
}

export async function setDeposit(opts: {
  database: Database
  viewer: Viewer
  txId: string
  partner: ClientMoneyPartner
  amountPence: number
  /** Where the buyer's notification email links to and whether it leaves. */
  notify: NotificationDelivery
  ip?: string | null
}): Promise<DepositResponse> {
  const { database, viewer, txId, partner } = opts
  const buyerName = await database.db.transaction(async (tx) => {
    await requireDepositManager(tx, viewer, txId)
    const r = await tx.execute(sql`
      select coalesce((select full_name from profiles where id = t.buyer_user_id), 'The buyer') as name
      from transactions t where t.id = ${txId}`)
    return oneRow(z.object({ name: z.string() }), r).name
  })
  // The partner opens the account idempotently by the move's id: asked before anything is written.
  const opened = await partner.openAccount({ transactionId: txId, buyerName }).catch(partnerError)
  return database.db.transaction(async (tx) => {
    await lockTransactionForViewer(tx, viewer, txId)
    await requireDepositManager(tx, viewer, txId)
    const existing = await tx.execute(sql`
      select d.id, d.amount_pence::text as amount,
        exists(select 1 from ledger_entries e where e.transaction_id = d.transaction_id) as moved
      from deposits d where d.transaction_id = ${txId} for update`)
    const row = firstRow(z.object({ id: z.string(), amount: z.string(), moved: z.boolean() }), existing)
    if (row?.moved && Number(row.amount) !== opts.amountPence) {
      throw new AppError(
        'conflict',
        'Money has already arrived for this deposit, so its amount is fixed. Ask the buyer to pay any difference separately.',
      )
    }
    const i = opened.instructions
    if (row) {
      await tx.execute(
        sql`update deposits set amount_pence = ${opts.amountPence}, set_by = ${viewer.profileId}, updated_at = now() where id = ${row.id}`,
      )
    } else {
      await tx.execute(sql`
        insert into deposits (transaction_id, partner, partner_account_id, amount_pence, account_name, sort_code,
          account_number, reference, set_by)
        values (${txId}, ${partner.name}, ${opened.account_id}, ${opts.amountPence}, ${i.account_name}, ${i.sort_code},
          ${i.account_number}, ${i.reference}, ${viewer.profileId})`)
    }
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: row ? 'deposit.amount_changed' : 'deposit.opened',
      summary: row
        ? `changed the deposit to ${formatPence(opts.amountPence)}`
        : `opened a held-funds account with ${partner.label === 'Sandbox' ? 'the sandbox partner' : partner.label} for a deposit of ${formatPence(opts.amountPence)}`,
      payload: { amountPence: opts.amountPence, partner: partner.name },
      ip: opts.ip,
    })
    await tellBuyers(tx, {
      txId,
      actorId: viewer.profileId,
      title: row
        ? `Your deposit is now ${formatPence(opts.amountPence)}`
        : `Your deposit of ${formatPence(opts.amountPence)} is ready to pay`,
      body: `${viewer.fullName}, your conveyancer, ${row ? 'changed' : 'set'} it. Open the deposit page to check the receiving account with your bank before you pay; bank details are never changed by email or chat.`,
      notify: opts.notify,
    })
    return readDepositIn(tx, { viewer, txId, partner })
  })
}

export async function checkPayee(opts: {
  database: Database
  viewer: Viewer
  txId: string
  partner: ClientMoneyPartner
  accountName: string
  ip?: string | null
}): Promise<DepositResponse> {
  const { database, viewer, txId, partner } = opts
  const deposit = await database.db.transaction(async (tx) => {
    await readBuyerSideRole(tx, viewer, txId)
    const r = await tx.execute(sql`select id, sort_code, account_number from deposits where transaction_id = ${txId}`)
    const d = firstRow(z.object({ id: z.string(), sort_code: z.string(), account_number: z.string() }), r)
    if (!d)
      throw new AppError('unprocessable', 'Your conveyancer has not set up the deposit yet. Nothing to pay for now.')
    // Counted per move once the viewer is known to be on it (an outsider cannot spend the move's
    // checks), and committed before the paid partner call.
    await enforceLimit(tx, PAYEE_CHECK, txId)
    return d
  })
  const check = await partner
    .checkPayee({ sort_code: deposit.sort_code, account_number: deposit.account_number, name: opts.accountName })
    .catch(partnerError)
  return database.db.transaction(async (tx) => {
    await readBuyerSideRole(tx, viewer, txId)
    await tx.execute(sql`
      insert into deposit_payee_checks (deposit_id, profile_id, name_checked, result, registered_name)
      values (${deposit.id}, ${viewer.profileId}, ${opts.accountName}, ${check.result}, ${check.registered_name})`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'deposit.payee_checked',
      summary: `checked the name of the deposit account: ${check.result === 'match' ? 'a match' : check.result === 'close_match' ? 'a close match' : 'no match'}`,
      payload: { result: check.result },
      ip: opts.ip,
    })
    return readDepositIn(tx, { viewer, txId, partner })
  })
}

export async function simulateTransfer(opts: {
  database: Database
  viewer: Viewer
  txId: string
  partner: ClientMoneyPartner
  sandboxWebhooks: SandboxWebhookDispatcher
  amountPence?: number
}): Promise<void> {
  const { database, viewer, txId, partner } = opts
  const event = await database.db.transaction(async (tx) => {
    const role = await readBuyerSideRole(tx, viewer, txId)
    if (partner.name !== 'sandbox') throw notFound('sandbox')
    if (role !== 'buyer') throw new AppError('forbidden', 'Only the buyer pays the deposit.')
    const r = await tx.execute(sql`
      select d.partner_account_id, d.amount_pence::text as amount, p.full_name,
        exists(select 1 from deposit_payee_checks c where c.deposit_id = d.id and c.profile_id = ${viewer.profileId}
          and c.result <> 'no_match') as checked,
        coalesce((select -balance_pence from ledger_accounts a where a.transaction_id = d.transaction_id
          and a.code = 'buyer_payments'), 0)::text as received
      from deposits d join profiles p on p.id = ${viewer.profileId} where d.transaction_id = ${txId}`)
    const d = firstRow(
      z.object({
        partner_account_id: z.string(),
        amount: z.string(),
        full_name: z.string(),
        checked: z.boolean(),
        received: z.string(),
      }),
      r,
    )
    if (!d) throw new AppError('unprocessable', 'Your conveyancer has not set up the deposit yet.')
    if (!d.checked) throw new AppError('unprocessable', 'Check the name of the receiving account first.')
    const remaining = Number(d.amount) - Number(d.received)
    const amount = opts.amountPence ?? (remaining > 0 ? remaining : Number(d.amount))
    return sandboxTransferEvent({ account_id: d.partner_account_id, amount_pence: amount, payer_name: d.full_name })
  })
  opts.sandboxWebhooks.send({ path: CLIENT_MONEY_WEBHOOK_PATH, event, delayMs: 300 })
}
