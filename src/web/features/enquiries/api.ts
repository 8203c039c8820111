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
} from '#shared/contracts/enquiries.ts'
import { callApi } from '#web/lib/api-client.ts'
import { documentsKey, transactionQueryKey } from '#web/lib/query-keys.ts'

const enquiriesKey = (txId: string) => ['transactions', 'enquiries', txId] as const

export function enquiriesQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...enquiriesKey(txId), 'list'],
    queryFn: ({ signal }) => callApi(enquiryEndpoints.list, { params: { txId }, signal }),
  })
}

export const useEnquiries = (txId: string) => useQuery(enquiriesQueryOptions(txId))

export function useStandardEnquiries(txId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...enquiriesKey(txId), 'standard'],
    queryFn: ({ signal }) => callApi(enquiryEndpoints.standardForMatter, { params: { txId }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useSlaClocks(txId: string) {
  return useQuery({
    queryKey: [...enquiriesKey(txId), 'clocks'],
    queryFn: ({ signal }) => callApi(enquiryEndpoints.clocks, { params: { txId }, signal }),
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
    mutationFn: (input: RaiseEnquiriesInput) => callApi(enquiryEndpoints.raise, { params: { txId }, body: input }),
    onSettled: refresh,
  })
}

export function useReply(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, ...input }: ReplyInput & { enquiryId: string }) =>
      callApi(enquiryEndpoints.reply, { params: { txId, enquiryId }, body: input }),
    onSettled: refresh,
  })
}

export function useChangeStatus(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, ...input }: ChangeEnquiryStatusInput & { enquiryId: string }) =>
      callApi(enquiryEndpoints.changeStatus, { params: { txId, enquiryId }, body: input }),
    onSettled: refresh,
  })
}

export function useSellerTask(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, version }: { enquiryId: string; version: number }) =>
      callApi(enquiryEndpoints.sellerTask, { params: { txId, enquiryId }, body: { version } }),
    onSettled: refresh,
  })
}

export function useExportReplies(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(enquiryEndpoints.exportReplies, { params: { txId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
  })
}
