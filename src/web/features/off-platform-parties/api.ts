import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  offPlatformPartyEndpoints,
  type OffPlatformPartyInput,
  type UpdateOffPlatformPartyInput,
} from '#shared/contracts/off-platform-parties.ts'
import { callApi } from '#web/lib/api-client.ts'
import { invitationsQueryKey, transactionQueryKey } from '#web/lib/query-keys.ts'

/** The query key of a move's off-platform parties. */
export const offPlatformPartiesKey = (txId: string) => ['transactions', 'off-platform-parties', txId] as const

/** GET /api/transactions/{txId}/off-platform-parties: the professionals recorded as not on Homeward. */
export function offPlatformPartiesQueryOptions(txId: string) {
  return queryOptions({
    queryKey: offPlatformPartiesKey(txId),
    queryFn: ({ signal }) => callApi(offPlatformPartyEndpoints.list, { params: { txId }, signal }),
  })
}

/** One move's off-platform parties. */
export function useOffPlatformParties(txId: string) {
  return useQuery(offPlatformPartiesQueryOptions(txId))
}

/** Invalidates the records and the move (its activity shows the change). */
function useInvalidate(txId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offPlatformPartiesKey(txId) }),
      queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
    ])
}

/** POST: records a party in an empty seat. */
export function useRecordOffPlatformParty(txId: string) {
  const invalidate = useInvalidate(txId)
  return useMutation({
    mutationFn: (input: OffPlatformPartyInput) =>
      callApi(offPlatformPartyEndpoints.create, { params: { txId }, body: input }),
    onSuccess: invalidate,
  })
}

/** PATCH: corrects a record. */
export function useUpdateOffPlatformParty(txId: string) {
  const invalidate = useInvalidate(txId)
  return useMutation({
    mutationFn: ({ partyId, input }: { partyId: string; input: UpdateOffPlatformPartyInput }) =>
      callApi(offPlatformPartyEndpoints.update, { params: { txId, partyId }, body: input }),
    onSuccess: invalidate,
  })
}

/** DELETE: removes a record; the seat reads as empty again. */
export function useRemoveOffPlatformParty(txId: string) {
  const invalidate = useInvalidate(txId)
  return useMutation({
    mutationFn: (partyId: string) => callApi(offPlatformPartyEndpoints.remove, { params: { txId, partyId } }),
    onSuccess: invalidate,
  })
}

/** POST .../invitation: invites the recorded firm (or proposes it to the seat's client). */
export function useInviteOffPlatformParty(txId: string) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidate(txId)
  return useMutation({
    mutationFn: (partyId: string) => callApi(offPlatformPartyEndpoints.invite, { params: { txId, partyId } }),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: invitationsQueryKey(txId) })]),
  })
}
