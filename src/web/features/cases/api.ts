/**
 * The cases board's and the firm's endpoints, called through their catalogue entries
 * (`firmsEndpoints`): method and path come from the entry, the answer type from its contract.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { firmsEndpoints, type BoardQuery, type OpenMatterInput } from '#shared/contracts/firms.ts'
import { callApi } from '#web/lib/api-client.ts'
import {
  CASES_BOARD_QUERY_KEY,
  DASHBOARD_QUERY_KEY,
  MY_FIRM_QUERY_KEY,
  transactionQueryKey,
} from '#web/lib/query-keys.ts'

const BOARD_KEY = CASES_BOARD_QUERY_KEY

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

/** GET /api/firm (the same cache entry as the firm page): who may hold a matter, for opening one. */
export function useFirmForMatters() {
  return useQuery({
    queryKey: MY_FIRM_QUERY_KEY,
    queryFn: ({ signal }) => callApi(firmsEndpoints.myFirm, { signal }),
    staleTime: 15_000,
  })
}

/** POST /api/matters: open a matter and invite the client; the board, the firm and the dashboard reload. */
export function useOpenMatter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OpenMatterInput) => callApi(firmsEndpoints.openMatter, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  })
}

/**
 * POST /api/matters/import: open every valid row of a CSV as a matter (each in its own transaction);
 * answers each row's outcome. The board, the firm and the dashboard reload when any was created.
 */
export function useImportMatters() {
  const queryClient = useQueryClient()
  return useMutation({
    // The contract module carries the CSV parser: loaded with the import dialog, not with the board.
    mutationFn: async (csv: string) => {
      const { matterImportEndpoints } = await import('#shared/contracts/matter-import.ts')
      return callApi(matterImportEndpoints.importMatters, { body: { csv } })
    },
    onSuccess: (result) =>
      result.created > 0
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
            queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
            queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
          ])
        : undefined,
  })
}

/** PATCH /api/matters/{matterId}/fee-earner: hand a matter to another member (admins); the board reloads. */
export function useReassignMatter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      matterId,
      feeEarnerId,
      version,
    }: {
      matterId: string
      feeEarnerId: string
      version: number
      /** The move: its matter and people (the conveyancer seat follows the matter) reload too. */
      txId: string
    }) =>
      callApi(firmsEndpoints.reassignMatter, { params: { matterId }, body: { fee_earner_id: feeEarnerId, version } }),
    // Settled, not only on success: a 409 means the matter changed meanwhile, so its version reloads.
    onSettled: (_data, _error, { txId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: transactionMatterKey(txId) }),
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
      ]),
  })
}

const transactionMatterKey = (txId: string) => ['matter', txId] as const

/** GET /api/transactions/{txId}/matter: the viewer's firm's matter on the move (`matter` null when none). */
export function transactionMatterQueryOptions(txId: string) {
  return queryOptions({
    queryKey: transactionMatterKey(txId),
    queryFn: ({ signal }) => callApi(firmsEndpoints.transactionMatter, { params: { txId }, signal }),
  })
}

export function useTransactionMatter(txId: string) {
  return useQuery(transactionMatterQueryOptions(txId))
}

/** POST /api/firm-invitations/{token}/accept: join a firm from an emailed link; the board reloads. */
/** GET /api/firm/figures: the firm's matters, live and completed moves and members (one definition server-side). */
export function useFirmFigures() {
  return useQuery({
    queryKey: [...MY_FIRM_QUERY_KEY, 'figures'],
    queryFn: ({ signal }) => callApi(firmsEndpoints.figures, { signal }),
    staleTime: 15_000,
  })
}

/** GET /api/firm-invitations/{token} (public): the firm, its trade, the role and who invited, for the joining page. */
export function useFirmInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['firm-invitation', token],
    queryFn: ({ signal }) => callApi(firmsEndpoints.previewInvitation, { params: { token }, signal }),
    enabled: token.length > 0,
    retry: false,
    staleTime: 60_000,
  })
}

export function useAcceptFirmInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => callApi(firmsEndpoints.acceptInvitation, { params: { token } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
      ]),
  })
}
