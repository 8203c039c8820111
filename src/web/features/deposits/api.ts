/**
 * The deposit endpoints through their catalogue entries: the move's deposit, setting it, the CoP
 * check, the sandbox transfer, and releases with their approvals. Every write answers with the whole
 * deposit, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  depositEndpoints,
  type DepositResponse,
  type RequestReleaseInput,
  type SimulateTransferInput,
} from '#shared/contracts/deposits.ts'
import { firmsEndpoints } from '#shared/contracts/firms.ts'
import { callApi } from '#web/lib/api-client.ts'

const depositKey = (txId: string) => ['deposit', txId] as const

/**
 * GET /api/transactions/{txId}/deposit; `pollMs` while waiting for the partner's webhook; `enabled`
 * false for a viewer who may not read it.
 */
export function useDeposit(txId: string, pollMs: number | false = false, enabled = true) {
  return useQuery({
    queryKey: depositKey(txId),
    queryFn: ({ signal }) => callApi(depositEndpoints.get, { params: { txId }, signal }),
    refetchInterval: pollMs,
    enabled,
  })
}

function useDepositWrite<V>(txId: string, write: (v: V) => Promise<DepositResponse>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => queryClient.setQueryData(depositKey(txId), data),
    onError: () => queryClient.invalidateQueries({ queryKey: depositKey(txId) }),
  })
}

/** PUT .../deposit (the buyer's conveyancer). */
export function useSetDeposit(txId: string) {
  return useDepositWrite(txId, (amountPence: number) =>
    callApi(depositEndpoints.set, { params: { txId }, body: { amount_pence: amountPence } }),
  )
}

/** POST .../deposit/payee-check (the buyer). */
export function useCheckPayee(txId: string) {
  return useDepositWrite(txId, (accountName: string) =>
    callApi(depositEndpoints.checkPayee, { params: { txId }, body: { account_name: accountName } }),
  )
}

/** POST .../deposit/releases: a release or refund, the asker's approval included. */
export function useRequestRelease(txId: string) {
  return useDepositWrite(txId, (body: RequestReleaseInput) =>
    callApi(depositEndpoints.requestRelease, { params: { txId }, body }),
  )
}

/** POST .../releases/{releaseId}/approve. */
export function useApproveRelease(txId: string) {
  return useDepositWrite(txId, (releaseId: string) =>
    callApi(depositEndpoints.approve, { params: { txId, releaseId } }),
  )
}

/** POST .../releases/{releaseId}/cancel. */
export function useCancelRelease(txId: string) {
  return useDepositWrite(txId, (releaseId: string) => callApi(depositEndpoints.cancel, { params: { txId, releaseId } }))
}

/** POST .../deposit/sandbox-transfer: the sandbox's webhook follows; the page polls until it lands. */
export function useSimulateTransfer(txId: string) {
  return useMutation({
    mutationFn: (body: SimulateTransferInput) => callApi(depositEndpoints.simulateTransfer, { params: { txId }, body }),
  })
}

/**
 * POST /api/transactions/{txId}/matter: the conveyancer links the move to their firm (decision 062),
 * so that two people there can release the deposit; the deposit is read again.
 */
export function useLinkMoveToFirm(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(firmsEndpoints.linkMatter, { params: { txId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKey(txId) }),
  })
}
