import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { transactionEndpoints, type CreateTransactionData } from '#shared/contracts/transactions.ts'
import { callApi } from '#web/lib/api-client.ts'
import { DASHBOARD_QUERY_KEY } from '#web/lib/query-keys.ts'

/** GET /api/transactions: the viewer's transactions, newest first (spec: The calls the product makes, 'Dashboard list'). */
export const dashboardQueryOptions = queryOptions({
  queryKey: DASHBOARD_QUERY_KEY,
  queryFn: ({ signal }) => callApi(transactionEndpoints.list, { signal }),
  staleTime: 15_000,
})

/** The dashboard list query. */
export function useDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardQueryOptions, enabled })
}

/**
 * POST /api/transactions with the validated create form (CreateTransactionInput's output: postcode
 * normalised, price in pounds). Resolves to the new transaction's id; the list is invalidated.
 */
export function useCreateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateTransactionData) => callApi(transactionEndpoints.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  })
}
