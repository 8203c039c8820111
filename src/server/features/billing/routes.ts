/**
 * HTTP edge of billing, built from `billingEndpoints` (src/shared/contracts/billing.ts): the firm's
 * plan, checkout, seats, cancel and resume, invoice PDFs, and a move's completion fee and receipt;
 * plus the payments webhook (raw: its signature is over the exact body text) and, in the sandbox
 * with DEV_MAIL on and from this machine only, a test clock that ends a firm's trial now (as a card
 * processor's test mode lets tests move time on). Use cases beside this file.
 */
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { billingEndpoints as e } from '#shared/contracts/billing.ts'
import { createRouter, requireViewer, type AppDeps, type AppEnv } from '#server/http/router.ts'
import { paymentsProviderFor, type PaymentsProvider } from '#server/providers/payments/index.ts'
import { isLocalRequest } from '#server/http/local-request.ts'
import { collectCompletionFee, completionFeeReceipt, getCompletionFee } from './completion-fee'
import { acceptCompletionFee } from './fee-acceptance'
import { supplierFrom } from './supplier'
import { changeSeats, setCancelAtPeriodEnd, startCheckout } from './manage-subscription'
import { firmInvoicePdf, getBillingOverview } from './read-billing'
import { PAYMENTS_WEBHOOK_PATH, receivePaymentsWebhook } from './receive-webhook'

const providers = new WeakMap<AppDeps['config'], PaymentsProvider>()

/** One payments provider per app (its configuration): the sandbox keeps its sessions in it. */
export function paymentsOf(deps: Pick<AppDeps, 'config'>): PaymentsProvider {
  let p = providers.get(deps.config)
  if (!p) providers.set(deps.config, (p = paymentsProviderFor(deps.config)))
  return p
}

/** The test clock's body: the firm whose trial ends now. */
const EndTrialBody = z.object({ organization_id: z.string().optional() })

const pdfHeaders = (filename: string) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="${filename}"`,
})

export function billingRoutes(deps: AppDeps) {
  const { database, config } = deps
  const provider = paymentsOf(deps)
  const supplier = supplierFrom(config)
  return createRouter()
    .openapi(e.overview, async (c) =>
      c.json(await getBillingOverview({ database, viewer: requireViewer(c), provider }), 200),
    )
    .openapi(e.startCheckout, async (c) =>
      c.json(
        await startCheckout({
          database,
          viewer: requireViewer(c),
          provider,
          input: c.req.valid('json'),
          publicUrl: config.publicUrl,
        }),
        201,
      ),
    )
    .openapi(e.changeSeats, async (c) =>
      c.json(
        await changeSeats({ database, viewer: requireViewer(c), provider, seats: c.req.valid('json').seats }),
        200,
      ),
    )
    .openapi(e.cancel, async (c) =>
      c.json(await setCancelAtPeriodEnd({ database, viewer: requireViewer(c), provider, cancel: true }), 200),
    )
    .openapi(e.resume, async (c) =>
      c.json(await setCancelAtPeriodEnd({ database, viewer: requireViewer(c), provider, cancel: false }), 200),
    )
    .openapi(e.invoicePdf, async (c) => {
      const pdf = await firmInvoicePdf({
        database,
        viewer: requireViewer(c),
        invoiceId: c.req.valid('param').invoiceId,
        provider,
        supplier,
      })
      return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.filename))
    })
    .openapi(e.completionFee, async (c) =>
      c.json(
        await getCompletionFee({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          providerLabel: provider.label,
        }),
        200,
      ),
    )
    .openapi(e.acceptCompletionFee, async (c) =>
      c.json(
        await acceptCompletionFee({
          database,
          viewer: requireViewer(c),
          provider,
          txId: c.req.valid('param').txId,
          publicUrl: config.publicUrl,
        }),
        201,
      ),
    )
    .openapi(e.completionFeeReceipt, async (c) => {
      const pdf = await completionFeeReceipt({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        provider,
        supplier,
      })
      return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.filename))
    })
}

/** POST /api/webhooks/payments: no session; the signature is the authentication. */
export function paymentsWebhookRoutes(deps: AppDeps) {
  const provider = paymentsOf(deps)
  const app = new Hono<AppEnv>()
  app.post(PAYMENTS_WEBHOOK_PATH, async (c) => {
    await receivePaymentsWebhook({
      database: deps.database,
      provider,
      secret: deps.config.providerWebhookSecret,
      stripeSecret: deps.config.STRIPE_WEBHOOK_SECRET,
      headers: c.req.raw.headers,
      body: await c.req.text(),
      source: c.var.client.ip,
      // A card saved for a move that has completed: its due fee is charged now, and the receipt sent.
      collectFee: async (txId) => {
        await collectCompletionFee({
          database: deps.database,
          provider,
          txId,
          publicUrl: deps.config.publicUrl,
          deliverMail: deps.mail.deliver,
          supplier: supplierFrom(deps.config),
        })
        deps.mail.kick()
      },
    })
    return c.json({ received: true }, 200)
  })
  // The sandbox's test clock: end a firm's trial now (sandbox, DEV_MAIL, this machine only; 404 otherwise).
  app.post('/api/dev/billing/end-trial', async (c) => {
    if (provider.name !== 'sandbox' || !deps.config.DEV_MAIL || !isLocalRequest(c))
      return c.json({ error: { code: 'not_found', message: 'No API route for this request.' } }, 404)
    const body = EndTrialBody.safeParse(await c.req.json().catch(() => ({}))).data
    await deps.database.db.execute(sql`insert into billing_accounts (organization_id, provider, trial_ends_at)
      values (${body?.organization_id ?? null}::uuid, 'sandbox', now() - interval '1 second')
      on conflict (organization_id) do update set trial_ends_at = excluded.trial_ends_at, updated_at = now()`)
    return c.json({ ended: true }, 200)
  })
  return app
}
