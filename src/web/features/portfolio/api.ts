/**
 * The estate agent's portfolio endpoints, called through their catalogue entries
 * (`portfolioEndpoints`): the portfolio with its filters, a new sale at SSTC, the chain view, the
 * weekly update's preview and send-now (as edited), the memorandum of sale (form, preview, issue) and
 * the chasers.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  portfolioEndpoints,
  type CreateSaleInput,
  type MemorandumInput,
  type PortfolioQuery,
  type SendWeeklyUpdateInput,
} from '#shared/contracts/portfolio.ts'
import { callApi } from '#web/lib/api-client.ts'
import { PORTFOLIO_QUERY_KEY } from '#web/lib/query-keys.ts'

/**
 * GET /api/portfolio with the page's filters and page (from the URL; the server validates them).
 * While another page or filter loads, the previous answer stays on screen (`isPlaceholderData`).
 */
export function portfolioQueryOptions(filters: PortfolioQuery) {
  return queryOptions({
    queryKey: [...PORTFOLIO_QUERY_KEY, filters],
    queryFn: ({ signal }) => callApi(portfolioEndpoints.portfolio, { query: filters, signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  })
}

export function usePortfolio(filters: PortfolioQuery) {
  return useQuery(portfolioQueryOptions(filters))
}

/** GET /api/portfolio/chains: each live sale's chain below and above. */
export function usePortfolioChains() {
  return useQuery({
    queryKey: [...PORTFOLIO_QUERY_KEY, 'chains'],
    queryFn: ({ signal }) => callApi(portfolioEndpoints.chains, { signal }),
    staleTime: 15_000,
  })
}

/** POST /api/portfolio/sales: create a sale at SSTC; the portfolio reloads. */
export function useCreateSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSaleInput) => callApi(portfolioEndpoints.createSale, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  })
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

/** POST: send this week's update now, as edited; the preview takes the answer's. */
export function useSendWeeklyUpdate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ txId, body }: { txId: string; body: SendWeeklyUpdateInput }) =>
      callApi(portfolioEndpoints.sendWeeklyUpdate, { params: { txId }, body }),
    onSuccess: (data, { txId }) => queryClient.setQueryData(previewKey(txId), data.preview),
  })
}

/** GET the memorandum form prefilled from the sale, while its dialog is open. */
export function useMemorandumDraft(txId: string | null) {
  return useQuery({
    queryKey: [...PORTFOLIO_QUERY_KEY, 'memorandum', txId ?? ''],
    queryFn: ({ signal }) => callApi(portfolioEndpoints.memorandumDraft, { params: { txId: txId! }, signal }),
    enabled: !!txId,
  })
}

/** POST preview: the memorandum as it will print from the form. */
export function usePreviewMemorandum() {
  return useMutation({
    mutationFn: ({ txId, body }: { txId: string; body: MemorandumInput }) =>
      callApi(portfolioEndpoints.memorandumPreview, { params: { txId }, body }),
  })
}

/** POST: issue the memorandum of sale from the form; the portfolio reloads (its task may be ticked). */
export function useIssueMemorandum() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ txId, body }: { txId: string; body: MemorandumInput }) =>
      callApi(portfolioEndpoints.generateMemorandum, { params: { txId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  })
}

/** POST: chase whoever holds a step; the portfolio reloads (the step shows when it was chased). */
export function useChase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ txId, taskId }: { txId: string; taskId: string }) =>
      callApi(portfolioEndpoints.chase, { params: { txId }, body: { task_id: taskId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  })
}
