import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UpdateRequest, UpdateRequestListResponse } from '../../../shared/contracts/chat'
import { apiFetch } from '../../lib/api-client'
import { updateRequestsKey } from '../../lib/query-keys'

const path = (txId: string) => `/api/transactions/${encodeURIComponent(txId)}/update-requests`

/** GET .../update-requests: the latest 20, whether the viewer may ask now and when they may next. */
export function updateRequestsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: updateRequestsKey(txId),
    queryFn: ({ signal }) => apiFetch<UpdateRequestListResponse>(path(txId), { signal }),
    staleTime: 30_000,
  })
}

export function useUpdateRequests(txId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...updateRequestsQueryOptions(txId), enabled })
}

/** POST .../update-requests: 201 with the request; 429 with a message saying when they can ask again. */
export function useRequestUpdate(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { note?: string }) => apiFetch<UpdateRequest>(path(txId), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updateRequestsKey(txId) }),
  })
}
