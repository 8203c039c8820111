import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DashboardResponse } from '../../../shared/contracts/transactions'
import type { CreateTransactionData } from '../../../shared/contracts/workspace'
import { apiFetch } from '../../lib/api-client'
import { DASHBOARD_QUERY_KEY } from '../../lib/query-keys'

/** GET /api/transactions: the viewer's transactions, newest first (spec section 7, 'Dashboard list'). */
export const dashboardQueryOptions = queryOptions({
  queryKey: DASHBOARD_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch<DashboardResponse>('/api/transactions', { signal }),
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
    mutationFn: (input: CreateTransactionData) =>
      apiFetch<{ id: string }>('/api/transactions', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  })
}
