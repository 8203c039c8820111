/**
 * The completion fee: a flat COMPLETION_FEE_GROSS_PENCE (VAT included) per completed move, paid by
 * the seller (the first seller on the move; the first buyer when no seller is on Homeward; waived
 * when neither is), shown on the move from the start, accepted by the payer with a card saved
 * (fee-acceptance.ts) and charged off-session to that card when completion is recorded
 * (docs/decisions/033-billing-and-pro.md, 036-completion-fee-acceptance.md).
 *
 * Once per move: recording completion inserts the move's one completion_fees row (its primary key is
 * the transaction) in the same database transaction; collecting it locks that row, charges the saved
 * card through the provider with the idempotency key `completion-fee-<txId>-<payment method>` (a
 * retry at the provider never charges the same card twice), stores the receipt, writes the audit
 * entry and emails the receipt, all in one database transaction. A second or concurrent collection
 * finds the row paid and does nothing. A fee never accepted is not charged: it stays `due`, and the
 * payer is emailed once how to pay it; completion is never held back by the fee.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { CompletionFee } from '#shared/contracts/billing.ts'
import { COMPLETION_FEE_COVERS, COMPLETION_FEE_GROSS_PENCE, formatPence, splitGross } from '#shared/domain/billing.ts'
import { assertCanSeeTransaction } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, Timestamp } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { PaymentsError, type PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { feePayer, FIRST_PARTY_SQL } from './fee-payer'
import { storeInvoice } from './invoices'
import { InvoiceRow, invoiceRowPdf } from './read-billing'
import type { Supplier } from './supplier'

/** The profile who pays (`payer_profile_id`, or the first party's `user_id`). */
const PayerRow = z.object({ user_id: z.string() })

/** A fee being collected, with its payer (null when the fee has none) and their saved card, if accepted. */
const CollectedFee = z.object({
  status: z.string(),
  amount_pence: z.number(),
  payer_profile_id: z.string().nullable(),
  payment_requested_at: Timestamp.nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  customer_ref: z.string().nullable(),
  payment_method_ref: z.string().nullable(),
  address: z.string().nullable(),
})

/** A move's fee as its people see it. */
const FeeRow = z.object({
  status: z.enum(['due', 'paid', 'failed', 'waived']),
  amount_pence: z.number(),
  charged_at: Timestamp.nullable(),
  failure_reason: z.string().nullable(),
  number: z.string().nullable(),
})

/** The payer's acceptance of a move's fee. */
const AcceptanceRow = z.object({
  payer_profile_id: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'failed']),
  card_label: z.string().nullable(),
  failure_reason: z.string().nullable(),
  accepted_at: Timestamp.nullable(),
})

/**
 * Inside the completion's database transaction: the move's fee becomes due (once; later calls do
 * nothing), payable by whoever accepted it if they are still a seller or buyer on the move, else by
 * the first seller (or buyer).
 */
export async function recordCompletionFeeDue(tx: Tx, txId: string): Promise<void> {
  const accepted = firstRow(
    PayerRow,
    await tx.execute(sql`select a.payer_profile_id as user_id from completion_fee_acceptances a
      where a.transaction_id = ${txId} and a.status = 'accepted' and exists (select 1 from transaction_participants tp
        where tp.transaction_id = a.transaction_id and tp.user_id = a.payer_profile_id and tp.role in ('seller', 'buyer'))`),
  )
  const payer = accepted ?? firstRow(PayerRow, await tx.execute(FIRST_PARTY_SQL(txId)))
  await tx.execute(sql`insert into completion_fees (transaction_id, payer_profile_id, amount_pence, status)
    values (${txId}, ${payer?.user_id ?? null}, ${COMPLETION_FEE_GROSS_PENCE}, ${payer ? 'due' : 'waived'})
    on conflict (transaction_id) do nothing`)
}

/**
 * Charges a due fee to the card its payer saved when accepting it (after completion commits, or when
 * a card is saved after completion). Returns the fee's status afterwards: 'paid' (now or before),
 * 'failed' (the provider declined: kept with its reason and an audit entry, to pay with another
 * card), 'due' (never accepted: the payer is emailed once how to pay; completion stands), 'waived',
 * or null when the move has no fee row.
 */
export async function collectCompletionFee(opts: {
  database: Database
  provider: PaymentsProvider
  txId: string
  publicUrl: string
  deliverMail: boolean
  /** Homeward's details on the receipt (supplier.ts). */
  supplier: Supplier
}): Promise<string | null> {
  const { provider, txId } = opts
  return opts.database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`select f.status, f.amount_pence, f.payer_profile_id, f.payment_requested_at,
        p.full_name, p.email, a.customer_ref, a.payment_method_ref, (select array_to_string(address_lines, ', ') || coalesce(', ' || postcode, '') from properties where transaction_id = f.transaction_id) as address
      from completion_fees f left join profiles p on p.id = f.payer_profile_id
      left join completion_fee_acceptances a on a.transaction_id = f.transaction_id
        and a.payer_profile_id = f.payer_profile_id and a.status = 'accepted' and a.provider = ${provider.name}
      where f.transaction_id = ${txId} for update of f`)
    const fee = firstRow(CollectedFee, res)
    if (!fee) return null
    // A payer's profile is joined, so their name and email are there whenever payer_profile_id is.
    if (
      fee.status === 'paid' ||
      fee.status === 'waived' ||
      !fee.payer_profile_id ||
      fee.full_name === null ||
      fee.email === null
    )
      return fee.status
    const moveUrl = `${opts.publicUrl}/app/transactions/${txId}`
    if (!fee.customer_ref || !fee.payment_method_ref) {
      // Never accepted: not charged. The payer is told once how to pay; the completion stands.
      if (fee.payment_requested_at) return fee.status
      await tx.execute(sql`update completion_fees set payment_requested_at = now() where transaction_id = ${txId}`)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: null,
        kind: 'billing.completion_fee_due',
        summary: `The completion fee of ${formatPence(fee.amount_pence)} is due from ${fee.full_name}, who had not accepted it before completion: nothing was charged, and they were emailed how to pay`,
      })
      await enqueueMail(
        tx,
        {
          to: fee.email,
          subject: `Your move has completed: Homeward's completion fee of ${formatPence(fee.amount_pence)} is due`,
          greet: fee.full_name,
          text: [
            `Congratulations on completing your move${fee.address ? ` at ${fee.address}` : ''}.`,
            `Homeward's completion fee of ${formatPence(fee.amount_pence)} (including VAT) is now due. It covers ${COMPLETION_FEE_COVERS}.`,
            'You had not accepted it with a card before completion, so nothing has been charged.',
            '',
            `Pay it on your move's Overview: ${moveUrl}`,
            '',
            'We will never ask you to pay by bank transfer, by email or in chat.',
          ].join('\n'),
          kind: 'completion_fee_due',
          transactionId: txId,
        },
        { deliver: opts.deliverMail },
      )
      return fee.status
    }
    const description = `Homeward completion fee${fee.address ? `: ${fee.address}` : ''}`
    let charged
    try {
      charged = await provider.chargeOnce({
        idempotencyKey: `completion-fee-${txId}-${fee.payment_method_ref}`,
        customerRef: fee.customer_ref,
        paymentMethodRef: fee.payment_method_ref,
        amountPence: fee.amount_pence,
        description,
      })
    } catch (err) {
      if (!(err instanceof PaymentsError)) throw err
      await tx.execute(sql`update completion_fees set status = 'failed', failure_reason = ${err.message}
        where transaction_id = ${txId}`)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: null,
        kind: 'billing.completion_fee_failed',
        summary: `The completion fee of ${formatPence(fee.amount_pence)} could not be charged: ${err.message}`,
      })
      return 'failed'
    }
    const invoice = await storeInvoice(tx, {
      provider: provider.name,
      invoice: charged.invoice,
      transactionId: txId,
      payerProfileId: fee.payer_profile_id,
      billToName: fee.full_name,
      billToDetail: [fee.email, fee.address ? `Move: ${fee.address}` : null].filter(Boolean).join('\n'),
    })
    await tx.execute(sql`update completion_fees set status = 'paid', provider_ref = ${charged.reference},
      invoice_id = ${invoice.id}, failure_reason = null, charged_at = now() where transaction_id = ${txId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: null,
      kind: 'billing.completion_fee_charged',
      summary: `The completion fee of ${formatPence(fee.amount_pence)} was charged to ${fee.full_name} (receipt ${invoice.number})`,
      payload: { invoice_number: invoice.number, amount_pence: fee.amount_pence },
    })
    const row = oneRow(InvoiceRow, await tx.execute(sql`select * from billing_invoices where id = ${invoice.id}`))
    const pdf = await invoiceRowPdf(row, provider.label, opts.supplier)
    const { vatPence } = splitGross(fee.amount_pence)
    await enqueueMail(
      tx,
      {
        to: fee.email,
        subject: `Your Homeward receipt ${invoice.number}: completion fee ${formatPence(fee.amount_pence)}`,
        greet: fee.full_name,
        text: [
          `Congratulations on completing your move${fee.address ? ` at ${fee.address}` : ''}.`,
          `We have charged the Homeward completion fee of ${formatPence(fee.amount_pence)} (including VAT of ${formatPence(vatPence)}).`,
          '',
          `Receipt: ${invoice.number}`,
          `Download it any time: ${opts.publicUrl}/api/transactions/${txId}/completion-fee/receipt`,
          '',
          provider.name === 'sandbox'
            ? 'Sandbox: a test charge. No money moved.'
            : 'Thank you for moving with Homeward.',
        ].join('\n'),
        kind: 'completion_fee_receipt',
        transactionId: txId,
        attachments: [
          {
            filename: `homeward-receipt-${invoice.number}.pdf`,
            contentType: 'application/pdf',
            content: Buffer.from(pdf).toString('base64'),
            encoding: 'base64',
          },
        ],
      },
      { deliver: opts.deliverMail },
    )
    return 'paid'
  })
}

/** GET /api/transactions/{txId}/completion-fee: anyone on the move (404 otherwise); the payer sees their acceptance. */
export async function getCompletionFee(opts: {
  database: Database
  viewer: Viewer
  txId: string
  /** The payments provider's label, reported as provider_label. */
  providerLabel: string
}): Promise<CompletionFee> {
  await assertCanSeeTransaction(opts.database, opts.viewer, opts.txId)
  const { txId, viewer } = opts
  return opts.database.db.transaction(async (tx) => {
    const fee = firstRow(
      FeeRow,
      await tx.execute(sql`select f.status, f.amount_pence, f.charged_at, f.failure_reason, i.number
        from completion_fees f left join billing_invoices i on i.id = f.invoice_id where f.transaction_id = ${txId}`),
    )
    const payer = await feePayer(tx, txId)
    const a = firstRow(
      AcceptanceRow,
      await tx.execute(sql`select payer_profile_id, status, card_label, failure_reason, accepted_at
        from completion_fee_acceptances where transaction_id = ${txId}`),
    )
    const mine = !!payer && payer.profileId === viewer.profileId
    const own = a && payer && a.payer_profile_id === payer.profileId ? a : undefined
    const accepted = own?.status === 'accepted'
    const status: CompletionFee['status'] = fee?.status ?? 'not_due'
    const amount = fee?.amount_pence ?? COMPLETION_FEE_GROSS_PENCE
    const paidByMe = status === 'paid' && mine
    const viewerAction =
      !mine || status === 'paid' || status === 'waived'
        ? null
        : status === 'not_due'
          ? accepted
            ? null
            : 'accept'
          : 'pay'
    return {
      amount_pence: amount,
      vat_pence: splitGross(amount).vatPence,
      payer: payer?.role ?? 'none',
      payer_name: payer?.name ?? null,
      status,
      charged_at: fee?.charged_at ? new Date(fee.charged_at).toISOString() : null,
      receipt_available: paidByMe,
      invoice_number: paidByMe ? (fee?.number ?? null) : null,
      accepted,
      accepted_at: accepted && own?.accepted_at ? new Date(own.accepted_at).toISOString() : null,
      viewer_is_payer: mine,
      acceptance: mine
        ? {
            status: own?.status ?? 'none',
            card_label: own?.status === 'accepted' ? own.card_label : null,
            problem: own?.status === 'failed' ? own.failure_reason : null,
          }
        : null,
      viewer_action: viewerAction,
      failure_reason: mine && status === 'failed' ? (fee?.failure_reason ?? null) : null,
      provider_label: opts.providerLabel,
    }
  })
}

/** GET .../completion-fee/receipt: the payer's receipt PDF; 404 for anyone else or before it is paid. */
export async function completionFeeReceipt(opts: {
  database: Database
  viewer: Viewer
  txId: string
  provider: PaymentsProvider
  supplier: Supplier
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const res = await opts.database.db
    .execute(sql`select i.* from completion_fees f join billing_invoices i on i.id = f.invoice_id
    where f.transaction_id = ${opts.txId} and f.status = 'paid' and f.payer_profile_id = ${opts.viewer.profileId}`)
  const row = firstRow(InvoiceRow, res)
  if (!row) throw notFound('receipt')
  return {
    bytes: await invoiceRowPdf(row, opts.provider.label, opts.supplier),
    filename: `homeward-receipt-${row.number}.pdf`,
  }
}
