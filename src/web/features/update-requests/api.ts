import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { updateRequestEndpoints, type CreateUpdateRequestInput } from '#shared/contracts/update-requests.ts'
import { callApi } from '#web/lib/api-client.ts'
import { updateRequestsKey } from '#web/lib/query-keys.ts'

/** GET .../update-requests: the latest 20, whether the viewer may ask now and when they may next. */
export function updateRequestsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: updateRequestsKey(txId),
    queryFn: ({ signal }) => callApi(updateRequestEndpoints.list, { params: { txId }, signal }),
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
    mutationFn: (input: CreateUpdateRequestInput) =>
      callApi(updateRequestEndpoints.create, { params: { txId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updateRequestsKey(txId) }),
  })
}
