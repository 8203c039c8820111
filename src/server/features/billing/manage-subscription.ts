/**
 * What a firm admin does with Pro: start the provider's hosted checkout (monthly or annual, seats),
 * change seats (prorated by the provider; never fewer than the firm's current members), cancel at the
 * end of the period paid for, or undo that cancellation. Each runs with the firm's row locked
 * (lockViewerFirm), calls the provider, and stores what it answered with a `firm.billing_*` event; a
 * refusal (not an admin, seats below members, the provider's decline) changes nothing and says why.
 * A refused seat change is recorded too, in its own statement after the refusal.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { BillingOverview } from '#shared/contracts/billing.ts'
import {
  BILLING_INTERVALS,
  SUBSCRIPTION_STATUSES,
  TERMINAL_SUBSCRIPTION_STATUSES,
  type BillingInterval,
} from '#shared/domain/billing.ts'
import { canManageFirm } from '#shared/domain/firms.ts'
import { lockViewerFirm } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, Timestamp } from '#server/db/rows.ts'
import { sqlInList } from '#server/db/schema/sql-lists.ts'
import { AppError } from '#server/core/errors.ts'
import {
  PaymentsError,
  type PaymentsProvider,
  type ProviderSubscription,
} from '#server/providers/payments/payments-provider.ts'
import { recordBillingEvent } from './billing-events'
import { BILLING_PAGE, firmPlan, type FirmPlan } from '#server/core/entitlement.ts'
import { firmBillTo, storeInvoice } from './invoices'
import { getBillingOverview } from './read-billing'

async function lockAdminFirm(tx: Tx, viewer: Viewer) {
  const firm = await lockViewerFirm(tx, viewer)
  if (!firm) throw new AppError('not_found', 'Could not find this firm.')
  if (!canManageFirm(firm.role))
    throw new AppError('forbidden', `Only an admin of ${firm.firmName} can change its plan. Ask one of them.`)
  return firm
}

/** A firm's billing account with its subscription. */
const StoredSubscriptionRow = z.object({
  customer_ref: z.string().nullable(),
  subscription_ref: z.string(),
  // Found by its subscription ref, which saveSubscription writes with the provider's status: never 'none'.
  status: z.enum(SUBSCRIPTION_STATUSES).exclude(['none']),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  seats: z.number(),
  current_period_start: Timestamp.nullable(),
  current_period_end: Timestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  trial_ends_at: Timestamp.nullable(),
})

/** A seat change refused (fewer seats than members), recorded in its own statement after the transaction. */
interface SeatsRefusal {
  message: string
  organizationId: string
  firmName: string
  from: number
}

const providerRefusal = (err: unknown): never => {
  if (err instanceof PaymentsError) throw new AppError('unprocessable', err.message)
  throw err
}

const seatsBelowMembers = (plan: FirmPlan, seats: number) =>
  `${plan.firmName} has ${plan.membersCount} members, so it needs at least ${plan.membersCount} seat${plan.membersCount === 1 ? '' : 's'}; you asked for ${seats}. Remove members first (Firm settings, Members), or keep more seats.`

/**
 * Writes a provider's subscription onto the firm's billing account, unless what is stored is newer:
 * for the same subscription, a state whose `asOf` (when it was true at the provider: an event's
 * `created`, or the moment it was read back from the provider; default now) is older than the stored
 * one is ignored, and a subscription in a final status (canceled, incomplete_expired) is never moved
 * out of it. Another subscription (a new checkout) always replaces the stored one. Answers whether
 * it was written. The security review's L4: a late `customer.subscription.updated` revived a
 * cancelled subscription.
 */
export async function saveSubscription(
  tx: Tx,
  organizationId: string,
  provider: string,
  sub: ProviderSubscription,
  asOf: string | Date = new Date(),
): Promise<boolean> {
  const at = new Date(asOf).toISOString()
  const res =
    await tx.execute(sql`insert into billing_accounts (organization_id, provider, customer_ref, subscription_ref,
      status, interval, seats, current_period_start, current_period_end, cancel_at_period_end, subscription_as_of)
    values (${organizationId}, ${provider}, ${sub.customerRef}, ${sub.id}, ${sub.status}, ${sub.interval}, ${sub.quantity},
      ${sub.currentPeriodStart}, ${sub.currentPeriodEnd}, ${sub.cancelAtPeriodEnd}, ${at})
    on conflict (organization_id) do update set customer_ref = excluded.customer_ref,
      subscription_ref = excluded.subscription_ref, status = excluded.status, interval = excluded.interval,
      seats = excluded.seats, current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end, cancel_at_period_end = excluded.cancel_at_period_end,
      subscription_as_of = excluded.subscription_as_of, updated_at = now()
    where billing_accounts.subscription_ref is distinct from excluded.subscription_ref
      or (billing_accounts.status not in ${sql.raw(sqlInList(TERMINAL_SUBSCRIPTION_STATUSES))}
        and (billing_accounts.subscription_as_of is null
          or billing_accounts.subscription_as_of <= excluded.subscription_as_of))
    returning 1`)
  return res.rows.length > 0
}

/**
 * Our copy of a subscription at `provider` (its billing account), as the provider's shape; null if
 * none. Passed to the provider's updateSubscription for an adapter without state (the sandbox).
 */
export async function storedSubscription(
  tx: Tx,
  provider: string,
  subscriptionRef: string,
): Promise<ProviderSubscription | null> {
  const res = await tx.execute(sql`select customer_ref, subscription_ref, status, interval, seats,
      current_period_start, current_period_end, cancel_at_period_end, trial_ends_at
    from billing_accounts where provider = ${provider} and subscription_ref = ${subscriptionRef}`)
  const row = firstRow(StoredSubscriptionRow, res)
  if (!row?.customer_ref || !row.interval || !row.current_period_start || !row.current_period_end) return null
  const iso = (v: string | Date) => new Date(v).toISOString()
  return {
    id: row.subscription_ref,
    customerRef: row.customer_ref,
    status: row.status,
    interval: row.interval,
    quantity: Number(row.seats),
    currentPeriodStart: iso(row.current_period_start),
    currentPeriodEnd: iso(row.current_period_end),
    trialEnd: row.status === 'trialing' && row.trial_ends_at ? iso(row.trial_ends_at) : null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  }
}

/**
 * POST /api/firm/billing/checkout: 403 for a member who is not an admin; 409 when the seats are fewer
 * than the members or the firm already has a live subscription; 422 when the provider refuses. The
 * firm's remaining trial carries over: nothing is charged before it ends.
 */
export async function startCheckout(opts: {
  database: Database
  viewer: Viewer
  provider: PaymentsProvider
  input: { interval: BillingInterval; seats: number }
  publicUrl: string
}): Promise<{ checkout_url: string }> {
  const { provider, input } = opts
  return opts.database.db.transaction(async (tx) => {
    const firm = await lockAdminFirm(tx, opts.viewer)
    const plan = await firmPlan(tx, firm.organizationId)
    if (input.seats < plan.membersCount) throw new AppError('conflict', seatsBelowMembers(plan, input.seats))
    if (plan.state === 'subscribed' || plan.state === 'cancelling')
      throw new AppError('conflict', `${plan.firmName} already has Pro. Change its seats or billing instead.`)
    let customerRef = plan.customerRef
    if (!customerRef) {
      const billTo = await firmBillTo(tx, firm.organizationId)
      const email = billTo.detail.split('\n').find((l) => l.includes('@')) ?? opts.viewer.email
      customerRef = (
        await provider
          .createCustomer({ name: plan.firmName, email, reference: firm.organizationId })
          .catch(providerRefusal)
      ).id
      await tx.execute(sql`insert into billing_accounts (organization_id, provider, customer_ref)
        values (${firm.organizationId}, ${provider.name}, ${customerRef})
        on conflict (organization_id) do update set customer_ref = excluded.customer_ref, provider = excluded.provider,
          updated_at = now()`)
    }
    const trialEnd = plan.trialEndsAt && plan.trialEndsAt > new Date() ? plan.trialEndsAt : null
    const session = await provider
      .createCheckoutSession({
        mode: 'subscription',
        customerRef,
        interval: input.interval,
        quantity: input.seats,
        trialEnd,
        successUrl: `${opts.publicUrl}${BILLING_PAGE}?checkout=success`,
        cancelUrl: `${opts.publicUrl}${BILLING_PAGE}?checkout=cancelled`,
        metadata: { organization_id: firm.organizationId },
      })
      .catch(providerRefusal)
    await tx.execute(sql`insert into checkout_sessions (provider, provider_session_id, organization_id, created_by, mode,
        interval, seats) values (${provider.name}, ${session.id}, ${firm.organizationId}, ${opts.viewer.profileId},
        'subscription', ${input.interval}, ${input.seats})`)
    await recordBillingEvent(tx, {
      actorProfileId: opts.viewer.profileId,
      kind: 'firm.billing_checkout_started',
      organizationId: firm.organizationId,
      firmName: firm.firmName,
      detail: { interval: input.interval, seats: input.seats },
    })
    return { checkout_url: session.url }
  })
}

/**
 * PUT /api/firm/billing/seats: 409 with what to do when the firm has no live subscription or the
 * seats would be fewer than its members (recorded as firm.billing_seats_refused); the provider
 * prorates, and its invoice (a charge or a credit) is stored.
 */
export async function changeSeats(opts: {
  database: Database
  viewer: Viewer
  provider: PaymentsProvider
  seats: number
}): Promise<BillingOverview> {
  const { provider, seats } = opts
  const result = await opts.database.db.transaction(
    async (tx): Promise<{ refused: SeatsRefusal } | BillingOverview> => {
      const firm = await lockAdminFirm(tx, opts.viewer)
      const plan = await firmPlan(tx, firm.organizationId)
      if (!plan.subscriptionRef || (plan.state !== 'subscribed' && plan.state !== 'cancelling'))
        throw new AppError('conflict', `${plan.firmName} has no Pro subscription yet. Subscribe first, then add seats.`)
      if (seats < plan.membersCount) {
        return {
          refused: {
            message: seatsBelowMembers(plan, seats),
            organizationId: plan.organizationId,
            firmName: plan.firmName,
            from: plan.seats,
          },
        }
      }
      if (seats !== plan.seats) {
        const { subscription, invoice } = await provider
          .updateSubscription(
            plan.subscriptionRef,
            { quantity: seats },
            await storedSubscription(tx, provider.name, plan.subscriptionRef),
          )
          .catch(providerRefusal)
        await saveSubscription(tx, plan.organizationId, provider.name, subscription)
        if (invoice) {
          const billTo = await firmBillTo(tx, plan.organizationId)
          await storeInvoice(tx, {
            provider: provider.name,
            invoice,
            organizationId: plan.organizationId,
            billToName: billTo.name,
            billToDetail: billTo.detail,
          })
        }
        await recordBillingEvent(tx, {
          actorProfileId: opts.viewer.profileId,
          kind: 'firm.billing_seats_changed',
          organizationId: plan.organizationId,
          firmName: plan.firmName,
          detail: { from: plan.seats, to: seats, prorated_pence: invoice?.totalPence ?? 0 },
        })
      }
      return getBillingOverview({ database: opts.database, viewer: opts.viewer, provider, tx })
    },
  )
  if ('refused' in result) {
    const r = result.refused
    await recordBillingEvent(opts.database.db, {
      actorProfileId: opts.viewer.profileId,
      kind: 'firm.billing_seats_refused',
      organizationId: r.organizationId,
      firmName: r.firmName,
      detail: { from: r.from, to: seats },
    })
    throw new AppError('conflict', r.message)
  }
  return result
}

/** POST /api/firm/billing/cancel and /resume: Pro ends (or no longer ends) at the period's end. */
export async function setCancelAtPeriodEnd(opts: {
  database: Database
  viewer: Viewer
  provider: PaymentsProvider
  cancel: boolean
}): Promise<BillingOverview> {
  const { provider } = opts
  return opts.database.db.transaction(async (tx) => {
    const firm = await lockAdminFirm(tx, opts.viewer)
    const plan = await firmPlan(tx, firm.organizationId)
    if (!plan.subscriptionRef || (plan.state !== 'subscribed' && plan.state !== 'cancelling'))
      throw new AppError('conflict', `${plan.firmName} has no Pro subscription to ${opts.cancel ? 'cancel' : 'keep'}.`)
    if (plan.cancelAtPeriodEnd !== opts.cancel) {
      const { subscription } = await provider
        .updateSubscription(
          plan.subscriptionRef,
          { cancelAtPeriodEnd: opts.cancel },
          await storedSubscription(tx, provider.name, plan.subscriptionRef),
        )
        .catch(providerRefusal)
      await saveSubscription(tx, plan.organizationId, provider.name, subscription)
      await recordBillingEvent(tx, {
        actorProfileId: opts.viewer.profileId,
        kind: opts.cancel ? 'firm.billing_cancelled' : 'firm.billing_resumed',
        organizationId: plan.organizationId,
        firmName: plan.firmName,
        detail: { ends_at: subscription.currentPeriodEnd },
      })
    }
    return getBillingOverview({ database: opts.database, viewer: opts.viewer, provider, tx })
  })
}
