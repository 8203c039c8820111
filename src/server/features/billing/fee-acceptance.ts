/**
 * Accepting the completion fee (docs/decisions/036-completion-fee-acceptance.md): the payer (the
 * seller; the first buyer when no seller is on Homeward) accepts the fee on the move's Overview, which
 * opens the provider's hosted checkout in setup mode to save a card; nothing is charged then. The
 * provider's signed webhook says how it went:
 * - checkout.setup_completed: the acceptance is `accepted` with the saved payment method and its label,
 *   and when the move has already completed with the fee due or failed, the fee is charged at once;
 * - checkout.payment_failed (declined, 3-D Secure failed) or checkout.session.expired (abandoned): the
 *   acceptance is `failed` with a message for the payer, who can start again.
 * Every step is in the move's audit trail (billing.completion_fee_*). Only the payer may accept (403
 * for anyone else on the move, 404 for anyone not on it); a paid or waived fee, or a cancelled move,
 * cannot be accepted (409).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { COMPLETION_FEE_GROSS_PENCE, formatPence } from '#shared/domain/billing.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import {
  PaymentsError,
  type PaymentsEvent,
  type PaymentsProvider,
} from '#server/providers/payments/payments-provider.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { feePayer } from './fee-payer'

/** The metadata `purpose` of a setup session for the completion fee (events are routed by it). */
export const FEE_SETUP_PURPOSE = 'completion_fee'

const providerRefusal = (err: unknown): never => {
  if (err instanceof PaymentsError) throw new AppError('unprocessable', err.message)
  throw err
}

/**
 * POST /api/transactions/{txId}/completion-fee/accept: the payer starts saving a card for the fee.
 * Answers the provider's hosted page to go to. Before completion this accepts the fee; after a
 * completion whose fee is due (never accepted) or failed, the card saved is charged at once.
 */
export async function acceptCompletionFee(opts: {
  database: Database
  viewer: Viewer
  provider: PaymentsProvider
  txId: string
  publicUrl: string
}): Promise<{ checkout_url: string }> {
  const { provider, txId, viewer } = opts
  return opts.database.db.transaction(async (tx) => {
    // Locks the move's row: an acceptance and the completion queue behind each other.
    const move = await lockTransactionForViewer(tx, viewer, txId)
    const fee = firstRow(
      z.object({ status: z.string(), amount_pence: z.number() }),
      await tx.execute(sql`select status, amount_pence from completion_fees where transaction_id = ${txId} for update`),
    )
    const payer = await feePayer(tx, txId)
    if (!payer) throw new AppError('forbidden', 'No one on this move pays a completion fee.')
    if (payer.profileId !== viewer.profileId)
      throw new AppError(
        'forbidden',
        `Only the ${payer.role} (${payer.name}) accepts Homeward's completion fee on this move; you do not pay it.`,
      )
    if (fee?.status === 'paid') throw new AppError('conflict', 'The completion fee on this move is already paid.')
    if (fee?.status === 'waived') throw new AppError('conflict', 'No completion fee is charged on this move.')
    if (!fee && move.status === 'cancelled')
      throw new AppError('conflict', 'This move was cancelled, so there is no completion fee to accept.')
    const current = firstRow(
      z.object({ status: z.string(), card_label: z.string().nullable() }),
      await tx.execute(sql`select status, card_label from completion_fee_acceptances
        where transaction_id = ${txId} and payer_profile_id = ${viewer.profileId} for update`),
    )
    if (!fee && current?.status === 'accepted')
      throw new AppError(
        'conflict',
        `You have already accepted the completion fee; ${current.card_label ?? 'your card'} will be charged when the move completes.`,
      )
    const amountPence = fee?.amount_pence ?? COMPLETION_FEE_GROSS_PENCE
    const customer = await provider
      .createCustomer({ name: payer.name, email: payer.email, reference: payer.profileId })
      .catch(providerRefusal)
    const back = `${opts.publicUrl}/app/transactions/${txId}`
    const session = await provider
      .createSetupSession({
        customerRef: customer.id,
        description: `Homeward completion fee: ${formatPence(amountPence)} including VAT${fee ? ', charged now (the move has completed)' : ', charged only when the move completes'}`,
        amountPence,
        successUrl: `${back}?fee=saved`,
        cancelUrl: `${back}?fee=cancelled`,
        metadata: { purpose: FEE_SETUP_PURPOSE, transaction_id: txId },
      })
      .catch(providerRefusal)
    await tx.execute(sql`insert into completion_fee_acceptances (transaction_id, payer_profile_id, status, provider,
        customer_ref, setup_session_ref)
      values (${txId}, ${viewer.profileId}, 'pending', ${provider.name}, ${customer.id}, ${session.id})
      on conflict (transaction_id) do update set payer_profile_id = excluded.payer_profile_id, status = 'pending',
        provider = excluded.provider, customer_ref = excluded.customer_ref, setup_session_ref = excluded.setup_session_ref,
        payment_method_ref = null, card_label = null, failure_reason = null, accepted_at = null, updated_at = now()`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'billing.completion_fee_accept_started',
      summary: `${payer.name} started accepting the completion fee of ${formatPence(amountPence)} (saving a card with ${provider.label})`,
    })
    return { checkout_url: session.url }
  })
}

async function lockAcceptance(tx: Tx, provider: PaymentsProvider, sessionId: string) {
  const res = await tx.execute(sql`select a.transaction_id, a.payer_profile_id, a.status, p.full_name
    from completion_fee_acceptances a left join profiles p on p.id = a.payer_profile_id
    where a.provider = ${provider.name} and a.setup_session_ref = ${sessionId} for update of a`)
  return firstRow(
    z.object({
      transaction_id: z.string(),
      payer_profile_id: z.string().nullable(),
      status: z.string(),
      full_name: z.string().nullable(),
    }),
    res,
  )
}

/**
 * Applies a setup session's event inside the webhook's database transaction. Returns the move whose
 * fee is to be charged now (completed with the fee due or failed), or null. A session that is not the
 * move's latest (the payer started again) is ignored.
 */
export async function applyFeeSetupEvent(
  tx: Tx,
  provider: PaymentsProvider,
  event: Extract<
    PaymentsEvent,
    { type: 'checkout.setup_completed' | 'checkout.payment_failed' | 'checkout.session.expired' }
  >,
): Promise<string | null> {
  const a = await lockAcceptance(tx, provider, event.sessionId)
  if (!a || a.status === 'accepted') return null
  const name = a.full_name ?? 'The payer'
  if (event.type === 'checkout.setup_completed') {
    const saved =
      event.paymentMethod ??
      (event.setupIntentRef
        ? await provider.retrieveSetupPaymentMethod(event.setupIntentRef).catch(providerRefusal)
        : null)
    if (!saved) throw new AppError('validation_failed', 'The setup event names no saved card.')
    await tx.execute(sql`update completion_fee_acceptances set status = 'accepted', customer_ref = ${event.customerRef},
        payment_method_ref = ${saved.paymentMethodRef}, card_label = ${saved.label}, failure_reason = null,
        accepted_at = now(), updated_at = now()
      where transaction_id = ${a.transaction_id}`)
    await recordActivity(tx, {
      transactionId: a.transaction_id,
      actorId: a.payer_profile_id,
      kind: 'billing.completion_fee_accepted',
      summary: `${name} accepted the completion fee of ${formatPence(COMPLETION_FEE_GROSS_PENCE)}; ${saved.label} is saved to pay it`,
      payload: { card: saved.label },
    })
    const fee = firstRow(
      z.object({ status: z.string() }),
      await tx.execute(sql`select status from completion_fees where transaction_id = ${a.transaction_id}`),
    )
    return fee && (fee.status === 'due' || fee.status === 'failed') ? a.transaction_id : null
  }
  const abandoned = event.type === 'checkout.session.expired'
  const declined = event.type === 'checkout.payment_failed' ? event.reason : ''
  const reason = abandoned
    ? 'You left the card page before saving a card, so the completion fee is not accepted yet. Nothing was charged. Accept it again when you are ready.'
    : `${declined} The completion fee is not accepted yet and nothing was charged. Try again with another card.`
  await tx.execute(sql`update completion_fee_acceptances set status = 'failed', failure_reason = ${reason},
      updated_at = now() where transaction_id = ${a.transaction_id}`)
  await recordActivity(tx, {
    transactionId: a.transaction_id,
    actorId: a.payer_profile_id,
    kind: abandoned ? 'billing.completion_fee_setup_abandoned' : 'billing.completion_fee_setup_failed',
    summary: abandoned
      ? `${name} left the card page without saving a card: the completion fee is not accepted`
      : `Saving ${name}'s card for the completion fee failed: ${declined}`,
  })
  return null
}
