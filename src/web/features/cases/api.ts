/**
 * The cases board's and the firm's endpoints, called through their catalogue entries
 * (`firmsEndpoints`): method and path come from the entry, the answer type from its contract.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { firmsEndpoints, type BoardQuery, type CreateFirmInput } from '../../../shared/contracts/firms'
import { callApi } from '../../lib/api-client'

const BOARD_KEY = ['cases-board'] as const

/** The board's filters and sort as sent to GET /api/cases (the page keeps them in the URL). */
export type BoardFilters = Partial<Record<'stage' | 'sla' | 'side' | 'fee_earner' | 'q' | 'sort', string>>

/** GET /api/cases, page by page (keyset cursor); the next page loads on request. */
export function boardQueryOptions(filters: BoardFilters) {
  return infiniteQueryOptions({
    queryKey: [...BOARD_KEY, filters],
    queryFn: ({ pageParam, signal }) =>
      // The filters come from the URL as text; the server validates them against BoardQuery.
      callApi(firmsEndpoints.board, {
        query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } as BoardQuery,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 15_000,
  })
}

export function useBoard(filters: BoardFilters) {
  return useInfiniteQuery(boardQueryOptions(filters))
}

/** POST /api/firm: create the viewer's firm; the board reloads. */
export function useCreateFirm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateFirmInput) => callApi(firmsEndpoints.createFirm, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
  })
}

/** POST /api/firm-invitations/{token}/accept: join a firm from an emailed link; the board reloads. */
export function useAcceptFirmInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => callApi(firmsEndpoints.acceptInvitation, { params: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
  })
}
