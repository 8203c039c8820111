/**
 * Invoices kept from the provider's: upserted by (provider, provider ref), so a webhook delivered
 * again or an invoice seen both in an API answer and a webhook is stored once, numbered in order of
 * issue (HW-000001) from a sequence.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import type { ProviderInvoice } from '#server/providers/payments/payments-provider.ts'

/** Stores (or updates the status of) an invoice; returns its id and number. */
export async function storeInvoice(
  tx: Tx,
  options: {
    provider: string
    invoice: ProviderInvoice
    organizationId?: string | null
    transactionId?: string | null
    payerProfileId?: string | null
    billToName: string
    billToDetail: string
  },
): Promise<{ id: string; number: string }> {
  const i = options.invoice
  const res = await tx.execute(sql`insert into billing_invoices (number, provider, provider_ref, kind, status,
      organization_id, transaction_id, payer_profile_id, bill_to_name, bill_to_detail, lines,
      subtotal_pence, vat_pence, total_pence, period_start, period_end, paid_at)
    values ('HW-' || lpad(nextval('billing_invoice_number_seq')::text, 6, '0'), ${options.provider}, ${i.id}, ${i.kind},
      ${i.status}, ${options.organizationId ?? null}, ${options.transactionId ?? null}, ${options.payerProfileId ?? null},
      ${options.billToName}, ${options.billToDetail}, ${JSON.stringify(i.lines)}::jsonb, ${i.subtotalPence}, ${i.vatPence},
      ${i.totalPence}, ${i.periodStart}, ${i.periodEnd}, ${i.paidAt})
    on conflict (provider, provider_ref) do update set status = excluded.status, paid_at = excluded.paid_at
    returning id, number`)
  return oneRow(z.object({ id: z.string(), number: z.string() }), res)
}

/** The firm's bill-to lines: its name, then town and postcode district, then its contact email. */
export async function firmBillTo(tx: Tx, organizationId: string): Promise<{ name: string; detail: string }> {
  const res = await tx.execute(
    sql`select name, town, postcode_district, contact_email from organizations where id = ${organizationId}`,
  )
  const o = oneRow(
    z.object({
      name: z.string(),
      town: z.string().nullable(),
      postcode_district: z.string().nullable(),
      contact_email: z.string().nullable(),
    }),
    res,
  )
  return {
    name: o.name,
    detail: [[o.town, o.postcode_district].filter(Boolean).join(', '), o.contact_email].filter(Boolean).join('\n'),
  }
}
