/**
 * GET /api/firm/billing: the plan of the viewer's firm (404 when they have none), its invoices
 * (admins only: the list is empty for other members), and the latest checkout that did not complete.
 * GET /api/firm/billing/invoices/{invoiceId}/pdf: one invoice as a PDF, for the firm's admins.
 */
import { sql } from 'drizzle-orm'
import type { BillingOverview } from '#shared/contracts/billing.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import type { PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { firmPlan, viewerFirm } from '#server/core/entitlement.ts'
import { renderInvoicePdf } from './invoice-pdf'
import type { Supplier } from './supplier'

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
    ? ((
        await db.execute(sql`select id, number, kind, status, subtotal_pence, vat_pence, total_pence,
          issued_at, period_start, period_end from billing_invoices
          where organization_id = ${firm.organizationId} order by issued_at desc, number desc limit 100`)
      ).rows as Array<Record<string, unknown>>)
    : []
  const problem = (
    await db.execute(sql`select failure_reason, updated_at from checkout_sessions
      where organization_id = ${firm.organizationId} order by created_at desc limit 1`)
  ).rows[0] as { failure_reason: string | null; updated_at: string } | undefined
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)
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
        ? { message: problem.failure_reason, at: iso(problem.updated_at)! }
        : null,
    invoices: invoices.map((r) => ({
      id: r.id as string,
      number: r.number as string,
      kind: r.kind as BillingOverview['invoices'][number]['kind'],
      status: r.status as BillingOverview['invoices'][number]['status'],
      subtotal_pence: r.subtotal_pence as number,
      vat_pence: r.vat_pence as number,
      total_pence: r.total_pence as number,
      issued_at: iso(r.issued_at)!,
      period_start: iso(r.period_start),
      period_end: iso(r.period_end),
    })),
  }
}

/** Renders an invoice row as a PDF. */
export async function invoiceRowPdf(row: Record<string, unknown>, providerLabel: string, supplier: Supplier) {
  const date = (v: unknown) => (v ? new Date(v as string) : null)
  return renderInvoicePdf({
    number: row.number as string,
    kind: row.kind as 'subscription',
    status: row.status as string,
    billToName: row.bill_to_name as string,
    billToDetail: row.bill_to_detail as string,
    lines: row.lines as never,
    subtotalPence: row.subtotal_pence as number,
    vatPence: row.vat_pence as number,
    totalPence: row.total_pence as number,
    issuedAt: date(row.issued_at)!,
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
  const res = await opts.database.db.execute(sql`select * from billing_invoices
    where id = ${opts.invoiceId} and organization_id = ${firm.organizationId}`)
  const row = res.rows[0] as Record<string, unknown> | undefined
  if (!row) throw notFound('invoice')
  return {
    bytes: await invoiceRowPdf(row, opts.provider.label, opts.supplier),
    filename: `homeward-invoice-${row.number as string}.pdf`,
  }
}
