/**
 * GET /api/firm/billing: the plan of the viewer's firm (404 when they have none), its invoices
 * (admins only: the list is empty for other members), and the latest checkout that did not complete.
 * GET /api/firm/billing/invoices/{invoiceId}/pdf: one invoice as a PDF, for the firm's admins.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { BillingOverview } from '#shared/contracts/billing.ts'
import { INVOICE_KINDS, INVOICE_STATUSES } from '#shared/domain/billing.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows, Timestamp } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import type { PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { firmPlan, viewerFirm } from '#server/core/entitlement.ts'
import { renderInvoicePdf } from './invoice-pdf'
import type { Supplier } from './supplier'

/** An invoice's line as stored in `billing_invoices.lines` (storeInvoice writes the provider's lines). */
const InvoiceLineJson = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPence: z.number(),
  amountPence: z.number(),
})

/** A `billing_invoices` row as the PDF needs it (`select *`: the other columns are dropped). */
export const InvoiceRow = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  bill_to_name: z.string(),
  bill_to_detail: z.string(),
  lines: z.array(InvoiceLineJson),
  subtotal_pence: z.number(),
  vat_pence: z.number(),
  total_pence: z.number(),
  issued_at: Timestamp,
  paid_at: Timestamp.nullable(),
  period_start: Timestamp.nullable(),
  period_end: Timestamp.nullable(),
})
export type InvoiceRow = z.output<typeof InvoiceRow>

/** An invoice in the firm's list. */
const InvoiceListRow = InvoiceRow.pick({
  number: true,
  kind: true,
  status: true,
  subtotal_pence: true,
  vat_pence: true,
  total_pence: true,
  issued_at: true,
  period_start: true,
  period_end: true,
}).extend({ id: z.string() })

/** The billing overview of the viewer's firm, read in `tx` when given. */
export async function getBillingOverview(opts: {
  database: Database
  viewer: Viewer
  provider: PaymentsProvider
  tx?: Tx
}): Promise<BillingOverview> {
  const db = opts.tx ?? opts.database.db
  const firm = await viewerFirm(db, opts.viewer)
  if (!firm) throw notFound('firm')
  const plan = await firmPlan(db, firm.organizationId)
  const admin = firm.role === 'admin'
  const invoices = admin
    ? rows(
        InvoiceListRow,
        await db.execute(sql`select id, number, kind, status, subtotal_pence, vat_pence, total_pence,
          issued_at, period_start, period_end from billing_invoices
          where organization_id = ${firm.organizationId} order by issued_at desc, number desc limit 100`),
      )
    : []
  const problem = firstRow(
    z.object({ failure_reason: z.string().nullable(), updated_at: Timestamp }),
    await db.execute(sql`select failure_reason, updated_at from checkout_sessions
      where organization_id = ${firm.organizationId} order by created_at desc limit 1`),
  )
  const iso = (v: Date | string) => new Date(v).toISOString()
  const isoOrNull = (v: Date | string | null) => (v ? iso(v) : null)
  return {
    organization_id: plan.organizationId,
    firm_name: plan.firmName,
    my_role: firm.role,
    provider_label: opts.provider.label,
    pro: plan.pro,
    state: plan.state,
    trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
    subscription:
      plan.status === 'none'
        ? null
        : {
            status: plan.status,
            interval: plan.interval,
            seats: plan.seats,
            current_period_end: plan.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: plan.cancelAtPeriodEnd,
          },
    members_count: plan.membersCount,
    last_checkout_problem:
      problem?.failure_reason && plan.state !== 'subscribed'
        ? { message: problem.failure_reason, at: iso(problem.updated_at) }
        : null,
    invoices: invoices.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      status: r.status,
      subtotal_pence: r.subtotal_pence,
      vat_pence: r.vat_pence,
      total_pence: r.total_pence,
      issued_at: iso(r.issued_at),
      period_start: isoOrNull(r.period_start),
      period_end: isoOrNull(r.period_end),
    })),
  }
}

/** Renders an invoice row as a PDF. */
export async function invoiceRowPdf(row: InvoiceRow, providerLabel: string, supplier: Supplier) {
  const date = (v: Date | string | null) => (v ? new Date(v) : null)
  return renderInvoicePdf({
    number: row.number,
    kind: row.kind,
    status: row.status,
    billToName: row.bill_to_name,
    billToDetail: row.bill_to_detail,
    lines: row.lines,
    subtotalPence: row.subtotal_pence,
    vatPence: row.vat_pence,
    totalPence: row.total_pence,
    issuedAt: new Date(row.issued_at),
    paidAt: date(row.paid_at),
    periodStart: date(row.period_start),
    periodEnd: date(row.period_end),
    providerLabel,
    supplier,
  })
}

/** One invoice of the viewer's firm as a PDF: admins only; 404 for anyone else or another firm's. */
export async function firmInvoicePdf(opts: {
  database: Database
  viewer: Viewer
  invoiceId: string
  provider: PaymentsProvider
  supplier: Supplier
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const firm = await viewerFirm(opts.database.db, opts.viewer)
  if (!firm || firm.role !== 'admin') throw notFound('invoice')
  const row = firstRow(
    InvoiceRow,
    await opts.database.db.execute(sql`select * from billing_invoices
    where id = ${opts.invoiceId} and organization_id = ${firm.organizationId}`),
  )
  if (!row) throw notFound('invoice')
  return {
    bytes: await invoiceRowPdf(row, opts.provider.label, opts.supplier),
    filename: `homeward-invoice-${row.number}.pdf`,
  }
}
