/**
 * The Stripe adapter's reading of Stripe's objects at the pinned API version (the JSON fixtures in
 * test/, shaped as Stripe documents them): every subscription status, the period from the
 * subscription's item, the invoice's subscription from `parent.subscription_details`, and a status a
 * later version adds refused rather than guessed.
 */
import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_STATUSES } from '#shared/domain/billing.ts'
import { PaymentsError } from './payments-provider'
import { invoiceOf, subscriptionOf } from './stripe-provider'
import { at, stripeFixture } from './test/fake-stripe-api'

// The fixtures are Stripe's documented shapes at the pinned version; the types say the same.
const subscription = (status: string) =>
  ({ ...stripeFixture('subscription'), status }) as unknown as Stripe.Subscription
const invoice = () => stripeFixture('invoice') as unknown as Stripe.Invoice

describe('Stripe subscriptions', () => {
  it('maps each of the eight statuses to ours, with the period from the item', () => {
    for (const status of SUBSCRIPTION_STATUSES.filter((s) => s !== 'none')) {
      expect(subscriptionOf(subscription(status))).toEqual({
        id: 'sub_1QhomewardPro',
        customerRef: 'cus_QhomewardFirm',
        status,
        interval: 'month',
        quantity: 2,
        currentPeriodStart: '2026-12-07T00:00:00.000Z',
        currentPeriodEnd: '2027-01-07T00:00:00.000Z',
        trialEnd: null,
        cancelAtPeriodEnd: false,
      })
    }
  })

  it('refuses a status it does not know, and reads a non-Pro subscription as none of ours', () => {
    expect(() => subscriptionOf(subscription('suspended'))).toThrow(PaymentsError)
    const weekly = subscription('active')
    at(weekly, 'items', 'data', 0, 'price', 'recurring').interval = 'week'
    expect(subscriptionOf(weekly)).toBeNull()
  })

  it('counts a cancellation by cancel_at (set from the dashboard) as cancelling at the period end', () => {
    const s = subscription('active')
    s.cancel_at = s.items.data[0]!.current_period_end
    expect(subscriptionOf(s)?.cancelAtPeriodEnd).toBe(true)
  })
})

describe('Stripe invoices', () => {
  it('finds the subscription under parent.subscription_details and VAT as total minus subtotal', () => {
    expect(invoiceOf(invoice(), 'subscription')).toEqual({
      id: 'in_1QhomewardFirst',
      customerRef: 'cus_QhomewardFirm',
      subscriptionRef: 'sub_1QhomewardPro',
      kind: 'subscription',
      status: 'paid',
      lines: [{ description: '2 × Homeward Pro (at £49.00 / month)', quantity: 2, unitPence: 4900, amountPence: 9800 }],
      subtotalPence: 9800,
      vatPence: 1960,
      totalPence: 11760,
      periodStart: '2026-12-07T00:00:00.000Z',
      periodEnd: '2026-12-07T00:00:00.000Z',
      paidAt: '2026-12-07T00:00:05.000Z',
    })
  })

  it('has no subscription for an invoice without a parent (a one-off)', () => {
    const i = invoice()
    i.parent = null
    expect(invoiceOf(i, 'subscription').subscriptionRef).toBeNull()
  })
})
