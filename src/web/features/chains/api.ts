/**
 * The chain endpoints through their catalogue entries: the chain view, asking for, confirming,
 * declining and withdrawing links, proposing dates to the chain and answering them. Every write
 * reloads the chain and the move (whose target dates may have changed).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { chainEndpoints, type RequestChainLinkInput } from '#shared/contracts/chains.ts'
import { callApi } from '#web/lib/api-client.ts'
import { transactionQueryKey } from '#web/lib/query-keys.ts'

const chainKey = (txId: string) => ['chains', txId] as const

/** GET /api/transactions/{txId}/chain. */
export function useChain(txId: string) {
  return useQuery({
    queryKey: chainKey(txId),
    queryFn: ({ signal }) => callApi(chainEndpoints.get, { params: { txId }, signal }),
  })
}

function useChainMutation<V, R>(txId: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['chains'] }),
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
      ]),
  })
}

/** POST .../chain/links. */
export function useRequestLink(txId: string) {
  return useChainMutation(txId, (body: RequestChainLinkInput) =>
    callApi(chainEndpoints.requestLink, { params: { txId }, body }),
  )
}

/** POST .../chain/links/{linkId}/confirm or /decline (decline also withdraws). */
export function useAnswerLink(txId: string) {
  return useChainMutation(txId, ({ linkId, confirm }: { linkId: string; confirm: boolean }) =>
    callApi(confirm ? chainEndpoints.confirmLink : chainEndpoints.declineLink, { params: { txId, linkId } }),
  )
}

/** POST .../chain/date-proposals. */
export function useProposeDates(txId: string) {
  return useChainMutation(txId, (body: { exchange_date: string; completion_date: string }) =>
    callApi(chainEndpoints.proposeDates, { params: { txId }, body }),
  )
}

/** POST .../chain/date-proposals/{proposalId}/respond. */
export function useAnswerDates(txId: string) {
  return useChainMutation(
    txId,
    ({ proposalId, accept, note }: { proposalId: string; accept: boolean; note?: string }) =>
      callApi(chainEndpoints.respondDates, { params: { txId, proposalId }, body: { accept, note } }),
  )
}

/** POST .../chain/date-proposals/{proposalId}/mover-answer: a buyer or seller says whether the dates suit them. */
export function useAnswerDatesAsMover(txId: string) {
  return useChainMutation(txId, ({ proposalId, suits, note }: { proposalId: string; suits: boolean; note?: string }) =>
    callApi(chainEndpoints.answerDatesAsMover, { params: { txId, proposalId }, body: { suits, note } }),
  )
}
