/**
 * Queries and mutations of pre-contract enquiries and SLA clocks, through the endpoint catalogue
 * (src/shared/contracts/enquiries.ts): paths and answer types come from it. Every change refreshes
 * the enquiries, the matter's clocks, its timeline (tasks tick themselves) and, for an export, its
 * documents; a 409 (someone else changed it) refreshes too, so the person retries on the latest.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  enquiryEndpoints,
  type ChangeEnquiryStatusInput,
  type RaiseEnquiriesInput,
  type ReplyInput,
} from '../../../shared/contracts/enquiries'
import { endpointUrl, type EndpointResponse, type EndpointSpec } from '../../../shared/contracts/endpoint'
import { apiFetch } from '../../lib/api-client'
import { documentsKey, transactionQueryKey } from '../../lib/query-keys'

const enquiriesKey = (txId: string) => ['transactions', 'enquiries', txId] as const

function call<E extends EndpointSpec>(
  spec: E,
  params: Record<string, string>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<EndpointResponse<E>> {
  return apiFetch<EndpointResponse<E>>(endpointUrl(spec, { params: params as never }), {
    method: spec.method.toUpperCase() as 'GET',
    body,
    signal,
  })
}

export function enquiriesQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...enquiriesKey(txId), 'list'],
    queryFn: ({ signal }) => call(enquiryEndpoints.list, { txId }, undefined, signal),
  })
}

export const useEnquiries = (txId: string) => useQuery(enquiriesQueryOptions(txId))

export function useStandardEnquiries(txId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...enquiriesKey(txId), 'standard'],
    queryFn: ({ signal }) => call(enquiryEndpoints.standardForMatter, { txId }, undefined, signal),
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useSlaClocks(txId: string) {
  return useQuery({
    queryKey: [...enquiriesKey(txId), 'clocks'],
    queryFn: ({ signal }) => call(enquiryEndpoints.clocks, { txId }, undefined, signal),
  })
}

function useRefresh(txId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: enquiriesKey(txId) }),
      queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
    ])
}

export function useRaiseEnquiries(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: (input: RaiseEnquiriesInput) => call(enquiryEndpoints.raise, { txId }, input),
    onSettled: refresh,
  })
}

export function useReply(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, ...input }: ReplyInput & { enquiryId: string }) =>
      call(enquiryEndpoints.reply, { txId, enquiryId }, input),
    onSettled: refresh,
  })
}

export function useChangeStatus(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, ...input }: ChangeEnquiryStatusInput & { enquiryId: string }) =>
      call(enquiryEndpoints.changeStatus, { txId, enquiryId }, input),
    onSettled: refresh,
  })
}

export function useSellerTask(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, version }: { enquiryId: string; version: number }) =>
      call(enquiryEndpoints.sellerTask, { txId, enquiryId }, { version }),
    onSettled: refresh,
  })
}

export function useExportReplies(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(enquiryEndpoints.exportReplies, { txId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
  })
}
