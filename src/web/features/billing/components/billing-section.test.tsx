// @vitest-environment happy-dom
/**
 * The billing page's plan line for each subscription status (decision 033): past due keeps Pro with
 * a warning; unpaid, paused, incomplete and incomplete_expired each say why Pro is off.
 */
import { describe, expect, it } from 'vitest'
import type { BillingOverview } from '#shared/contracts/billing.ts'
import { stateLine } from './billing-section'

const overview = (
  state: BillingOverview['state'],
  status: NonNullable<BillingOverview['subscription']>['status'],
): BillingOverview => ({
  organization_id: '00000000-0000-4000-8000-000000000000',
  firm_name: 'Ledger & Co',
  my_role: 'admin',
  provider_label: 'Stripe',
  pro: state === 'subscribed',
  state,
  trial_ends_at: null,
  subscription: {
    status,
    interval: 'month',
    seats: 2,
    current_period_end: '2027-01-07T00:00:00Z',
    cancel_at_period_end: false,
  },
  members_count: 2,
  last_checkout_problem: null,
  invoices: [],
})

describe('the plan line', () => {
  it('keeps Pro on while a payment is past due, and says so', () => {
    expect(stateLine(overview('subscribed', 'past_due'))).toMatchObject({
      badge: 'Pro, payment due',
      text: expect.stringContaining('The last payment failed and is being tried again') as string,
    })
    expect(stateLine(overview('subscribed', 'active')).text).toContain('renews on')
  })

  it('says why Pro is off for each status that is not live', () => {
    expect(stateLine(overview('lapsed', 'unpaid')).text).toContain('payments for your plan failed')
    expect(stateLine(overview('lapsed', 'paused')).text).toContain('Pro is paused')
    expect(stateLine(overview('lapsed', 'incomplete'))).toMatchObject({ badge: 'Pro, starting' })
    expect(stateLine(overview('lapsed', 'incomplete_expired')).text).toContain('nothing was charged')
    expect(stateLine(overview('lapsed', 'canceled')).text).toContain('Pro is off: the cases board')
  })
})
