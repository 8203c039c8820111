/**
 * POST /api/webhooks/payments: the payments provider tells us how a checkout ended and what it
 * invoiced. The sandbox signs in the Standard Webhooks format (acceptWebhook: 401 for a bad
 * signature, 409 for a replay); Stripe signs with its Stripe-Signature header
 * (verifyStripeSignature, STRIPE_WEBHOOK_SECRET) and its event id is recorded the same way. Stripe's
 * event is read (its subscription or invoice fetched back from Stripe's API) before the database
 * transaction opens, so no transaction waits on Stripe. The receipt and the work commit together in
 * one database transaction; a refused delivery is counted as payments.webhook_refused per source and minute. Events:
 * - checkout.session.completed: the firm's subscription (seats, interval, period, trial) is stored;
 * - checkout.payment_failed: the decline's reason is kept for the admin's billing page;
 * - checkout.session.expired: the admin left the checkout; nothing was charged;
 * - invoice.paid: the invoice is stored (once, by its provider id);
 * - customer.subscription.updated / deleted: the subscription's state is copied, unless the stored
 *   one is newer or final (saveSubscription: events arrive in no guaranteed order).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import {
  PaymentsError,
  type PaymentsEvent,
  type PaymentsProvider,
} from '#server/providers/payments/payments-provider.ts'
import { verifyStripeSignature } from '#server/providers/payments/stripe-provider.ts'
import { acceptWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { recordBillingEvent, recordWebhookRefusal } from './billing-events'
import { applyFeeSetupEvent, FEE_SETUP_PURPOSE } from './fee-acceptance'
import { firmBillTo, storeInvoice } from './invoices'
import { saveSubscription } from './manage-subscription'

export const PAYMENTS_WEBHOOK_PATH = '/api/webhooks/payments'

/** The webhook's provider key in provider_webhook_receipts. */
export const paymentsWebhookKey = (provider: PaymentsProvider) => `payments-${provider.name}`

/** The envelope of an event, as the receipt records it (the provider's parseEvent reads the rest). */
const EventEnvelope = z.object({ id: z.unknown().optional(), type: z.unknown().optional() })

/** A checkout session being applied, with its firm's name. */
const LockedSession = z.object({
  id: z.string(),
  organization_id: z.string(),
  created_by: z.string().nullable(),
  status: z.string(),
  seats: z.number(),
  interval: z.string(),
  firm_name: z.string(),
})

/** The firm whose billing account a provider's reference belongs to. */
const AccountFirm = z.object({ organization_id: z.string() })

/** Checks Stripe's signature (401 when it does not match) and answers the signed event. */
function verifyStripe(secret: string | undefined, headers: Headers, body: string): unknown {
  try {
    if (!secret) throw new PaymentsError('STRIPE_WEBHOOK_SECRET is not configured')
    return verifyStripeSignature(headers.get('stripe-signature'), body, secret)
  } catch (err) {
    if (err instanceof PaymentsError) throw new AppError('unauthenticated', `The webhook was refused: ${err.message}.`)
    throw err
  }
}

/** Records the receipt of a verified Stripe event; 409 for one already received. */
async function recordStripeReceipt(tx: Tx, provider: PaymentsProvider, payload: unknown) {
  // Stripe signs a JSON object; anything else throws here, as reading its id did.
  const envelope = EventEnvelope.parse(payload)
  const inserted = await tx.execute(sql`insert into provider_webhook_receipts (provider, webhook_id, event_type)
    values (${paymentsWebhookKey(provider)}, ${String(envelope.id)}, ${String(envelope.type)}) on conflict do nothing returning 1`)
  if (!inserted.rows.length)
    throw new AppError(
      'conflict',
      `Webhook ${String(envelope.id)} was already received; a replay is not processed again.`,
    )
}

/** The provider's reading of a payload as one of our events; 400 for one that does not fit. */
async function readEvent(provider: PaymentsProvider, payload: unknown): Promise<PaymentsEvent | null> {
  try {
    return await provider.parseEvent(payload)
  } catch (err) {
    if (err instanceof PaymentsError) throw new AppError('validation_failed', err.message)
    throw err
  }
}

/** Checks, records and applies one delivery; throws AppError (401, 409, 404, 400) when refused. */
export async function receivePaymentsWebhook(opts: {
  database: Database
  provider: PaymentsProvider
  secret: string
  stripeSecret?: string
  headers: Headers
  body: string
  /** The sender's address (auth/client-info.ts), for counting refusals per source. */
  source?: string | null
  /** Charges a move's due completion fee after a card was saved for it (once this delivery committed). */
  collectFee?: (txId: string) => Promise<unknown>
}): Promise<void> {
  const { provider } = opts
  let collect: string | null = null
  try {
    // Stripe: verified and read (its API called) before the transaction; the sandbox reads in it.
    const stripePayload =
      provider.name === 'stripe' ? verifyStripe(opts.stripeSecret, opts.headers, opts.body) : undefined
    const stripeEvent = stripePayload === undefined ? undefined : await readEvent(provider, stripePayload)
    await opts.database.db.transaction(async (tx) => {
      let event: PaymentsEvent | null
      if (stripeEvent !== undefined) {
        await recordStripeReceipt(tx, provider, stripePayload)
        event = stripeEvent
      } else {
        const payload = await acceptWebhook({
          tx,
          provider: paymentsWebhookKey(provider),
          secret: opts.secret,
          headers: opts.headers,
          body: opts.body,
          eventType: (p) => String(EventEnvelope.safeParse(p).data?.type ?? 'unknown'),
        })
        event = await readEvent(provider, payload)
      }
      if (event) collect = await applyEvent(tx, provider, event)
    })
  } catch (err) {
    if (err instanceof AppError && (err.code === 'unauthenticated' || err.code === 'conflict')) {
      await recordWebhookRefusal(opts.database, {
        provider: paymentsWebhookKey(provider),
        webhook_id: opts.headers.get('webhook-id'),
        reason: err.message,
        source: opts.source ?? null,
      })
    }
    throw err
  }
  if (collect && opts.collectFee) await opts.collectFee(collect)
}

async function lockSession(tx: Tx, provider: PaymentsProvider, sessionId: string) {
  const res = await tx.execute(sql`select cs.id, cs.organization_id, cs.created_by, cs.status, cs.seats, cs.interval,
      o.name as firm_name from checkout_sessions cs join organizations o on o.id = cs.organization_id
    where cs.provider = ${provider.name} and cs.provider_session_id = ${sessionId} for update of cs`)
  const s = firstRow(LockedSession, res)
  if (!s) throw new AppError('not_found', 'No checkout session has this id.')
  return s
}

/** Applies one event; answers a move whose completion fee is to be charged now (a card was just saved), else null. */
async function applyEvent(tx: Tx, provider: PaymentsProvider, event: PaymentsEvent): Promise<string | null> {
  switch (event.type) {
    case 'checkout.setup_completed':
      return applyFeeSetupEvent(tx, provider, event)
    case 'checkout.session.completed': {
      const s = await lockSession(tx, provider, event.sessionId)
      if (s.status !== 'open') return null
      await tx.execute(sql`update checkout_sessions set status = 'complete', failure_reason = null, updated_at = now()
        where id = ${s.id}`)
      await saveSubscription(tx, s.organization_id, provider.name, event.subscription, event.asOf)
      await recordBillingEvent(tx, {
        actorProfileId: s.created_by,
        kind: 'firm.billing_subscribed',
        organizationId: s.organization_id,
        firmName: s.firm_name,
        detail: {
          seats: event.subscription.quantity,
          interval: event.subscription.interval,
          status: event.subscription.status,
        },
      })
      return null
    }
    case 'checkout.payment_failed':
    case 'checkout.session.expired': {
      if (event.metadata.purpose === FEE_SETUP_PURPOSE) return applyFeeSetupEvent(tx, provider, event)
      const s = await lockSession(tx, provider, event.sessionId)
      if (s.status !== 'open') return null
      const expired = event.type === 'checkout.session.expired'
      const reason = expired
        ? 'You left the checkout before paying, so nothing was charged and Pro did not start. Start again when you are ready.'
        : `${event.reason} Nothing was charged.`
      await tx.execute(sql`update checkout_sessions set status = ${expired ? 'expired' : 'open'},
        failure_reason = ${reason}, updated_at = now() where id = ${s.id}`)
      await recordBillingEvent(tx, {
        actorProfileId: s.created_by,
        kind: expired ? 'firm.billing_checkout_abandoned' : 'firm.billing_payment_failed',
        organizationId: s.organization_id,
        firmName: s.firm_name,
        detail: { reason },
      })
      return null
    }
    case 'invoice.paid': {
      const res = await tx.execute(sql`select organization_id from billing_accounts
        where provider = ${provider.name} and customer_ref = ${event.invoice.customerRef}`)
      const org = firstRow(AccountFirm, res)?.organization_id
      // A completion fee's invoice is stored when it is charged (completion-fee.ts); nothing to do here.
      if (!org) return null
      const billTo = await firmBillTo(tx, org)
      await storeInvoice(tx, {
        provider: provider.name,
        invoice: event.invoice,
        organizationId: org,
        billToName: billTo.name,
        billToDetail: billTo.detail,
      })
      return null
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const res = await tx.execute(sql`select organization_id from billing_accounts
        where provider = ${provider.name} and subscription_ref = ${event.subscription.id}`)
      const org = firstRow(AccountFirm, res)?.organization_id
      if (!org) return null
      const sub =
        event.type === 'customer.subscription.deleted'
          ? { ...event.subscription, status: 'canceled' as const }
          : event.subscription
      await saveSubscription(tx, org, provider.name, sub, event.asOf)
      return null
    }
  }
}
