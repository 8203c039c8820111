/**
 * The estate agent's portfolio endpoints, called through their catalogue entries
 * (`portfolioEndpoints`): the portfolio with its filters, the weekly update's preview and send-now,
 * and the memorandum of sale.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { portfolioEndpoints, type PortfolioQuery } from '#shared/contracts/portfolio.ts'
import { callApi } from '#web/lib/api-client.ts'
import { PORTFOLIO_QUERY_KEY } from '#web/lib/query-keys.ts'

/** GET /api/portfolio with the page's filters (from the URL; the server validates them). */
export function portfolioQueryOptions(filters: PortfolioQuery) {
  return queryOptions({
    queryKey: [...PORTFOLIO_QUERY_KEY, filters],
    queryFn: ({ signal }) => callApi(portfolioEndpoints.portfolio, { query: filters, signal }),
    staleTime: 15_000,
  })
}

export function usePortfolio(filters: PortfolioQuery) {
  return useQuery(portfolioQueryOptions(filters))
}

const previewKey = (txId: string) => [...PORTFOLIO_QUERY_KEY, 'weekly-update', txId] as const

/** GET the weekly update's preview of one sale, while `enabled` (its dialog is open). */
export function useWeeklyUpdatePreview(txId: string | null) {
  return useQuery({
    queryKey: previewKey(txId ?? ''),
    queryFn: ({ signal }) => callApi(portfolioEndpoints.weeklyUpdatePreview, { params: { txId: txId! }, signal }),
    enabled: !!txId,
  })
}

/** POST: send this week's update now; the preview takes the answer's. */
export function useSendWeeklyUpdate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (txId: string) => callApi(portfolioEndpoints.sendWeeklyUpdate, { params: { txId } }),
    onSuccess: (data, txId) => queryClient.setQueryData(previewKey(txId), data.preview),
  })
}

/** POST: generate and send the memorandum of sale; the portfolio reloads (its task is ticked). */
export function useGenerateMemorandum() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (txId: string) => callApi(portfolioEndpoints.generateMemorandum, { params: { txId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  })
}
