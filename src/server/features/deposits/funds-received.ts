/**
 * POST /api/webhooks/client-money: the partner tells us money arrived in a held-funds account. No
 * session: the Standard Webhooks signature is the authentication (provider-webhooks.ts: 401 for a
 * bad signature, 409 for a replayed delivery). In one database transaction: the receipt, the
 * deposit locked, the posting (Dr held_for_buyer, Cr buyer_payments; the partner's payment id is
 * unique, so the same payment in another delivery posts nothing), the status and the audit entry.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatPence } from '#shared/domain/surveys.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ClientMoneyPartner } from '#server/providers/client-money/index.ts'
import { acceptWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { followDepositTask, tellBuyers } from './buyer-notices'
import { ledgerBalances, postEntry, transfer } from './ledger'
import { refreshDepositStatus } from './read-deposit'

/** The `type` of a delivery, for its receipt (the partner's parseEvent reads the rest). */
const EventEnvelope = z.object({ type: z.unknown().optional() })

export async function receiveClientMoneyWebhook(opts: {
  database: Database
  partner: ClientMoneyPartner
  secret: string
  headers: Headers
  body: string
  /** Where the buyer's notification email links to and whether it leaves. */
  notify: NotificationDelivery
}): Promise<void> {
  const { partner } = opts
  const held = await opts.database.db.transaction(async (tx) => {
    const payload = await acceptWebhook({
      tx,
      provider: `client-money-${partner.name}`,
      secret: opts.secret,
      headers: opts.headers,
      body: opts.body,
      eventType: (p) => String(EventEnvelope.safeParse(p).data?.type ?? 'unknown'),
    })
    let event
    try {
      event = partner.parseEvent(payload)
    } catch (err) {
      if (!(err instanceof Error)) throw err
      throw new AppError('unprocessable', err.message)
    }
    const r = await tx.execute(sql`
      select transaction_id, amount_pence::text as amount from deposits
      where partner = ${partner.name} and partner_account_id = ${event.account_id} for update`)
    const d = firstRow(z.object({ transaction_id: z.string(), amount: z.string() }), r)
    if (!d) throw new AppError('unprocessable', `No deposit has the held-funds account ${event.account_id}.`)
    const posted = await postEntry(tx, {
      transactionId: d.transaction_id,
      kind: 'funds_received',
      description: `Bank transfer received from ${event.payer_name}`,
      externalRef: event.payment_id,
      lines: transfer('buyer_payments', 'held_for_buyer', event.amount_pence),
    })
    if (!posted) return null
    const status = await refreshDepositStatus(tx, d.transaction_id)
    await recordActivity(tx, {
      transactionId: d.transaction_id,
      actorId: null,
      kind: 'deposit.funds_received',
      summary: `The client-money partner received ${formatPence(event.amount_pence)} for the deposit${status === 'held' ? ': the deposit is held' : ''}`,
      payload: { amountPence: event.amount_pence, paymentId: event.payment_id, status },
    })
    const balances = await ledgerBalances(tx, d.transaction_id)
    await tellBuyers(tx, {
      txId: d.transaction_id,
      actorId: null,
      title:
        status === 'held'
          ? `Your deposit of ${formatPence(Number(d.amount))} has arrived and is held`
          : `${formatPence(event.amount_pence)} of your deposit has arrived`,
      body:
        status === 'held'
          ? `${opts.partner.partnerName} holds it until two people at your conveyancer's firm release it at exchange or completion.`
          : `${formatPence(Math.max(Number(d.amount) - balances.held_for_buyer, 0))} is still to pay. ${opts.partner.partnerName} holds what has arrived.`,
      notify: opts.notify,
    })
    await followDepositTask(tx, { txId: d.transaction_id, status, actorId: null, notify: opts.notify })
    return status === 'held' ? { accountId: event.account_id, amount: Number(d.amount) } : null
  })
  // Ring-fencing at the partner once the posting committed. The funds are already in a held-funds
  // account that only our two-person release moves, so a failed hold is not a reason to refuse the
  // delivery (the partner would retry it and meet the replay check).
  if (held) await partner.hold({ account_id: held.accountId, amount_pence: held.amount }).catch(() => undefined)
}
