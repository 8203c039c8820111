/**
 * The demo firms on Pro: every firm a demo account belongs to is subscribed monthly, a seat per member,
 * through the sandbox payments provider as a firm admin would be (customer, hosted checkout paid with
 * the 4242 test card, its events applied), so the demo professionals land on working tools whatever
 * the date, and the demo admin can add or remove seats, see the first invoice and cancel. The app's
 * sandbox is another process: it takes these subscriptions from our stored copy (billing_accounts)
 * when first asked to change one (manage-subscription.ts, storedSubscription). Idempotent: a firm that already has a billing account keeps it.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { rows } from '#server/db/rows.ts'
import type { Database } from '../db/client'
import { firmBillTo, storeInvoice } from '../features/billing/invoices'
import { saveSubscription } from '../features/billing/manage-subscription'
import type { PaymentsEvent, ProviderInvoice } from '../providers/payments/payments-provider'
import { createSandboxPaymentsProvider, SANDBOX_CARDS } from '../providers/payments/sandbox-provider'

const DemoFirmRow = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string().nullable(),
  seats: z.number(),
})

/** Subscribes the demo accounts' firms; `emails` are the demo accounts' addresses. */
export async function subscribeDemoFirms(database: Database, emails: string[], now: Date): Promise<void> {
  const lower = emails.map((e) => e.toLowerCase())
  const firms = rows(
    DemoFirmRow,
    await database.db.execute(sql`select o.id, o.name, o.contact_email,
        greatest((select count(*) from organization_members m where m.organization_id = o.id and m.removed_at is null), 1)::int as seats
      from organizations o
      where not exists (select 1 from billing_accounts ba where ba.organization_id = o.id)
        and exists (select 1 from organization_members om join profiles p on p.id = om.profile_id
          where om.organization_id = o.id and om.removed_at is null and lower(p.email) = any(${`{${lower.join(',')}}`}::text[]))
      order by o.name`),
  )
  if (!firms.length) return
  const sandbox = createSandboxPaymentsProvider(() => now)
  for (const firm of firms) {
    const customer = await sandbox.createCustomer({
      name: firm.name,
      email: firm.contact_email ?? 'accounts@homeward.test',
      reference: firm.id,
    })
    const session = await sandbox.createCheckoutSession({
      mode: 'subscription',
      customerRef: customer.id,
      interval: 'month',
      quantity: Number(firm.seats),
      trialEnd: null,
      successUrl: '/app/firm/billing?checkout=success',
      cancelUrl: '/app/firm/billing?checkout=cancelled',
      metadata: { organization_id: firm.id },
    })
    const attempt = sandbox.pay(session.id, SANDBOX_CARDS.succeeds)
    const events = (await Promise.all(attempt.events.map((e) => sandbox.parseEvent(e)))).filter(
      (e): e is PaymentsEvent => e !== null,
    )
    const completed = events.find((e) => e.type === 'checkout.session.completed')
    const paid = events.find((e): e is { type: 'invoice.paid'; invoice: ProviderInvoice } => e.type === 'invoice.paid')
    if (completed?.type !== 'checkout.session.completed') throw new Error(`The sandbox did not subscribe ${firm.name}`)
    await database.db.transaction(async (tx) => {
      // Checked again under the firm's lock: two starts seeding at once subscribe it once.
      await tx.execute(sql`select id from organizations where id = ${firm.id} for update`)
      const taken = await tx.execute(sql`select 1 from billing_accounts where organization_id = ${firm.id}`)
      if (taken.rows.length) return
      await saveSubscription(tx, firm.id, 'sandbox', completed.subscription, completed.asOf)
      if (paid) {
        const billTo = await firmBillTo(tx, firm.id)
        await storeInvoice(tx, {
          provider: 'sandbox',
          invoice: paid.invoice,
          organizationId: firm.id,
          billToName: billTo.name,
          billToDetail: billTo.detail,
        })
      }
    })
  }
}
