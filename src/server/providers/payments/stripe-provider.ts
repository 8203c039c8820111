/**
 * Stripe Connect payouts over fetch (no SDK): a Transfer from the platform balance to the firm's
 * connected account (POST https://api.stripe.com/v1/transfers, form-encoded, currency gbp, amount
 * in pence), with our payout id as the Idempotency-Key. A transfer is settled on creation in Stripe's
 * model, so markPaid re-reads it and reports it paid unless it was reversed.
 */
import { PaymentsError, type PaymentsProvider } from './payments-provider'

const STRIPE_API = 'https://api.stripe.com/v1'

/** Creates the Stripe provider with a secret key (sk_...). */
export function createStripePaymentsProvider(secretKey: string, fetchImpl: typeof fetch = fetch): PaymentsProvider {
  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const res = await fetchImpl(`${STRIPE_API}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${secretKey}`, ...(init.headers as Record<string, string> | undefined) },
    })
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (!res.ok) {
      const message = (body.error as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`
      throw new PaymentsError(`Stripe refused the payout: ${message}`)
    }
    return body
  }
  return {
    name: 'stripe',
    label: 'Stripe',
    async createPayout(request) {
      if (!request.destinationAccount)
        throw new PaymentsError('The firm has no Stripe connected account to pay into yet.')
      const form = new URLSearchParams({
        amount: String(request.amountPence),
        currency: 'gbp',
        destination: request.destinationAccount,
        description: request.description,
        'metadata[payout_id]': request.payoutId,
      })
      const transfer = await call('/transfers', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': request.payoutId },
      })
      return { reference: String(transfer.id), status: 'pending' }
    },
    async markPaid(reference) {
      const transfer = await call(`/transfers/${encodeURIComponent(reference)}`)
      if (transfer.reversed) throw new PaymentsError('Stripe reversed this transfer.')
      return { reference, status: 'paid' }
    },
  }
}
