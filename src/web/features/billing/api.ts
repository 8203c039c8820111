/**
 * Billing's endpoints, called through their catalogue entries (`billingEndpoints`): the firm's plan
 * and invoices, checkout, seats, cancel and resume. Each mutation writes the answered overview into
 * the cache; checkout leaves the page for the provider's hosted checkout.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { billingEndpoints, type BillingOverview, type StartCheckoutInput } from '#shared/contracts/billing.ts'
import { callApi } from '#web/lib/api-client.ts'

export const BILLING_QUERY_KEY = ['firm', 'billing'] as const

/** GET /api/firm/billing; `poll` refetches every second (after checkout, until the webhook lands). */
export const billingQueryOptions = (poll = false) =>
  queryOptions({
    queryKey: BILLING_QUERY_KEY,
    queryFn: ({ signal }) => callApi(billingEndpoints.overview, { signal }),
    staleTime: 10_000,
    refetchInterval: poll ? 1000 : false,
  })

export function useBilling(poll = false) {
  return useQuery(billingQueryOptions(poll))
}

function useSetOverview() {
  const client = useQueryClient()
  return (overview: BillingOverview) => client.setQueryData(BILLING_QUERY_KEY, overview)
}

/** POST /api/firm/billing/checkout, then to the provider's hosted page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: StartCheckoutInput) => callApi(billingEndpoints.startCheckout, { body: input }),
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
  })
}

export function useChangeSeats() {
  const set = useSetOverview()
  return useMutation({
    mutationFn: (seats: number) => callApi(billingEndpoints.changeSeats, { body: { seats } }),
    onSuccess: set,
  })
}

export function useCancelPro() {
  const set = useSetOverview()
  return useMutation({ mutationFn: () => callApi(billingEndpoints.cancel), onSuccess: set })
}

export function useResumePro() {
  const set = useSetOverview()
  return useMutation({ mutationFn: () => callApi(billingEndpoints.resume), onSuccess: set })
}

/** Where an invoice's PDF downloads from. */
export const invoicePdfUrl = (invoiceId: string) => `/api/firm/billing/invoices/${invoiceId}/pdf`

/**
 * GET /api/transactions/{txId}/completion-fee: the move's fee, who pays it, whether it was accepted
 * and charged. Back from the card page (`backFromCardPage`), it is read every second until the
 * provider's webhook has landed.
 */
export function useCompletionFee(txId: string, enabled: boolean, backFromCardPage = false) {
  return useQuery({
    queryKey: ['completion-fee', txId],
    queryFn: ({ signal }) => callApi(billingEndpoints.completionFee, { params: { txId }, signal }),
    enabled,
    refetchInterval: (query) => (backFromCardPage && query.state.data?.acceptance?.status === 'pending' ? 1000 : false),
  })
}

/** POST .../completion-fee/accept, then to the provider's hosted page to save a card. */
export function useAcceptCompletionFee(txId: string) {
  return useMutation({
    mutationFn: () => callApi(billingEndpoints.acceptCompletionFee, { params: { txId } }),
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
  })
}
