import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BoardResponse, CreateFirmInput } from '../../../shared/contracts/firms'
import { apiFetch } from '../../lib/api-client'

const BOARD_KEY = ['cases-board'] as const

/** The board's filters and sort as sent to GET /api/cases (the page keeps them in the URL). */
export type BoardFilters = Partial<Record<'stage' | 'sla' | 'side' | 'fee_earner' | 'q' | 'sort', string>>

function boardUrl(filters: BoardFilters, cursor: string | null): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v))
  if (cursor) params.set('cursor', cursor)
  const q = params.toString()
  return q ? `/api/cases?${q}` : '/api/cases'
}

/** GET /api/cases, page by page (keyset cursor); the next page loads on request. */
export function boardQueryOptions(filters: BoardFilters) {
  return infiniteQueryOptions({
    queryKey: [...BOARD_KEY, filters],
    queryFn: ({ pageParam, signal }) => apiFetch<BoardResponse>(boardUrl(filters, pageParam), { signal }),
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
    mutationFn: (input: CreateFirmInput) => apiFetch('/api/firm', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
  })
}

/** POST /api/firm-invitations/{token}/accept: join a firm from an emailed link; the board reloads. */
export function useAcceptFirmInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch(`/api/firm-invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
  })
}
