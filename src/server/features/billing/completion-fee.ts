/**
 * The completion fee: a flat COMPLETION_FEE_GROSS_PENCE (VAT included) per completed move, paid by
 * the seller (the first seller on the move; the first buyer when no seller is on Homeward; waived
 * when neither is), shown on the move from the start and charged when completion is recorded
 * (docs/decisions/033-billing-and-pro.md).
 *
 * Once per move: recording completion inserts the move's one completion_fees row (its primary key is
 * the transaction) in the same database transaction; collecting it locks that row, charges through
 * the provider with the idempotency key `completion-fee-<txId>` (a retry at the provider never
 * charges twice), stores the receipt, writes the audit entry and emails the receipt, all in one
 * database transaction. A second or concurrent collection finds the row paid and does nothing.
 */
import { sql } from 'drizzle-orm'
import type { CompletionFee } from '#shared/contracts/billing.ts'
import { COMPLETION_FEE_GROSS_PENCE, formatPence, splitGross } from '#shared/domain/billing.ts'
import { assertCanSeeTransaction } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { notFound } from '#server/http/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { PaymentsError, type PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { recordActivity } from '../transactions/record-activity'
import { storeInvoice } from './invoices'
import { invoiceRowPdf } from './read-billing'

const PAYER_SQL = (txId: string) => sql`select tp.user_id, tp.role from transaction_participants tp
  where tp.transaction_id = ${txId} and tp.role in ('seller', 'buyer')
  order by tp.role = 'seller' desc, tp.created_at, tp.id limit 1`

/** Inside the completion's database transaction: the move's fee becomes due (once; later calls do nothing). */
export async function recordCompletionFeeDue(tx: Tx, txId: string): Promise<void> {
  const payer = (await tx.execute(PAYER_SQL(txId))).rows[0] as { user_id: string } | undefined
  await tx.execute(sql`insert into completion_fees (transaction_id, payer_profile_id, amount_pence, status)
    values (${txId}, ${payer?.user_id ?? null}, ${COMPLETION_FEE_GROSS_PENCE}, ${payer ? 'due' : 'waived'})
    on conflict (transaction_id) do nothing`)
}

/**
 * Charges a due fee (after completion commits). Returns the fee's status afterwards: 'paid' (now or
 * before), 'failed' (the provider declined: kept with its reason and an audit entry, to retry),
 * 'waived', or null when the move has no fee due.
 */
export async function collectCompletionFee(opts: {
  database: Database
  provider: PaymentsProvider
  txId: string
  publicUrl: string
  deliverMail: boolean
}): Promise<string | null> {
  const { provider, txId } = opts
  return opts.database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`select f.status, f.amount_pence, f.payer_profile_id, p.full_name, p.email,
        (select array_to_string(address_lines, ', ') || coalesce(', ' || postcode, '') from properties where transaction_id = f.transaction_id) as address
      from completion_fees f left join profiles p on p.id = f.payer_profile_id
      where f.transaction_id = ${txId} for update of f`)
    const fee = res.rows[0] as
      | {
          status: string
          amount_pence: number
          payer_profile_id: string | null
          full_name: string
          email: string
          address: string | null
        }
      | undefined
    if (!fee) return null
    if (fee.status === 'paid' || fee.status === 'waived' || !fee.payer_profile_id) return fee.status
    const description = `Homeward completion fee${fee.address ? `: ${fee.address}` : ''}`
    let charged
    try {
      const customer = await provider.createCustomer({
        name: fee.full_name,
        email: fee.email,
        reference: fee.payer_profile_id,
      })
      charged = await provider.chargeOnce({
        idempotencyKey: `completion-fee-${txId}`,
        customerRef: customer.id,
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
    const row = (await tx.execute(sql`select * from billing_invoices where id = ${invoice.id}`)).rows[0] as Record<
      string,
      unknown
    >
    const pdf = await invoiceRowPdf(row, provider.label)
    const { vatPence } = splitGross(fee.amount_pence)
    await enqueueMail(
      tx,
      {
        to: fee.email,
        subject: `Your Homeward receipt ${invoice.number}: completion fee ${formatPence(fee.amount_pence)}`,
        text: [
          `Hello ${fee.full_name},`,
          '',
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

/** GET /api/transactions/{txId}/completion-fee: anyone on the move (404 otherwise). */
export async function getCompletionFee(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<CompletionFee> {
  await assertCanSeeTransaction(opts.database, opts.viewer, opts.txId)
  {
    const tx = opts.database.db
    const res = await tx.execute(sql`select f.status, f.amount_pence, f.payer_profile_id, f.charged_at, p.full_name,
        tp.role as payer_role, i.number
      from completion_fees f left join profiles p on p.id = f.payer_profile_id
      left join transaction_participants tp on tp.transaction_id = f.transaction_id and tp.user_id = f.payer_profile_id
      left join billing_invoices i on i.id = f.invoice_id
      where f.transaction_id = ${opts.txId}`)
    const fee = res.rows[0] as
      | {
          status: CompletionFee['status']
          amount_pence: number
          payer_profile_id: string | null
          charged_at: string | null
          full_name: string | null
          payer_role: string | null
          number: string | null
        }
      | undefined
    if (fee) {
      return {
        amount_pence: fee.amount_pence,
        vat_pence: splitGross(fee.amount_pence).vatPence,
        payer: fee.payer_role === 'seller' ? 'seller' : fee.payer_role === 'buyer' ? 'buyer' : 'none',
        payer_name: fee.full_name,
        status: fee.status,
        charged_at: fee.charged_at ? new Date(fee.charged_at).toISOString() : null,
        receipt_available: fee.status === 'paid' && fee.payer_profile_id === opts.viewer.profileId,
        invoice_number: fee.status === 'paid' && fee.payer_profile_id === opts.viewer.profileId ? fee.number : null,
      }
    }
    const payer = (
      await tx.execute(sql`select tp.role, p.full_name from transaction_participants tp
      join profiles p on p.id = tp.user_id where tp.transaction_id = ${opts.txId} and tp.role in ('seller', 'buyer')
      order by tp.role = 'seller' desc, tp.created_at, tp.id limit 1`)
    ).rows[0] as { role: 'seller' | 'buyer'; full_name: string } | undefined
    return {
      amount_pence: COMPLETION_FEE_GROSS_PENCE,
      vat_pence: splitGross(COMPLETION_FEE_GROSS_PENCE).vatPence,
      payer: payer?.role ?? 'none',
      payer_name: payer?.full_name ?? null,
      status: 'not_due',
      charged_at: null,
      receipt_available: false,
      invoice_number: null,
    }
  }
}

/** GET .../completion-fee/receipt: the payer's receipt PDF; 404 for anyone else or before it is paid. */
export async function completionFeeReceipt(opts: {
  database: Database
  viewer: Viewer
  txId: string
  provider: PaymentsProvider
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const res = await opts.database.db
    .execute(sql`select i.* from completion_fees f join billing_invoices i on i.id = f.invoice_id
    where f.transaction_id = ${opts.txId} and f.status = 'paid' and f.payer_profile_id = ${opts.viewer.profileId}`)
  const row = res.rows[0] as Record<string, unknown> | undefined
  if (!row) throw notFound('receipt')
  return {
    bytes: await invoiceRowPdf(row, opts.provider.label),
    filename: `homeward-receipt-${row.number as string}.pdf`,
  }
}
