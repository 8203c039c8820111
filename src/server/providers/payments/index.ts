/** The payments provider chosen by PAYMENTS_PROVIDER (config.ts): the sandbox by default, or Stripe (Connect payouts, Billing, PaymentIntents). */
import type { Config } from '#server/config.ts'
import type { PaymentsProvider } from './payments-provider'
import { createSandboxPaymentsProvider } from './sandbox-provider'
import { createStripePaymentsProvider } from './stripe-provider'

export type { PaymentsProvider } from './payments-provider'

/** Builds the configured provider; config has already checked that Stripe has its key. */
export function paymentsProviderFor(
  config: Pick<Config, 'PAYMENTS_PROVIDER' | 'STRIPE_SECRET_KEY'> &
    Partial<Pick<Config, 'STRIPE_PRICE_PRO_MONTHLY' | 'STRIPE_PRICE_PRO_ANNUAL' | 'STRIPE_API_URL'>>,
): PaymentsProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe')
    return createStripePaymentsProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      prices: { month: config.STRIPE_PRICE_PRO_MONTHLY, year: config.STRIPE_PRICE_PRO_ANNUAL },
      apiUrl: config.STRIPE_API_URL,
    })
  return createSandboxPaymentsProvider()
}
