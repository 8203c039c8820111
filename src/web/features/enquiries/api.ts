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
  type LinkReplyInput,
  type LinkUpload,
  type LogEnquiriesInput,
  type RaiseEnquiriesInput,
  type ReplyInput,
} from '#shared/contracts/enquiries.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { sendFile } from '#web/lib/uploads/upload-file.ts'
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

/** The seller's conveyancer logs enquiries received by email or letter (the original uploaded first). */
export function useLogEnquiries(txId: string) {
  const refresh = useRefresh(txId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LogEnquiriesInput) => callApi(enquiryEndpoints.logEnquiries, { params: { txId }, body: input }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: documentsKey(txId) })]),
  })
}

/** The buyer's conveyancer emails the waiting enquiries again to the seller's firm not on Homeward. */
export function useSendByEmail(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: () => callApi(enquiryEndpoints.emailLink, { params: { txId } }),
    onSettled: refresh,
  })
}

const linkKey = (token: string) => ['enquiry-link', token] as const

/** What an emailed reply link opens (public: no session). */
export function useEnquiryLink(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: ({ signal }) => callApi(enquiryEndpoints.linkView, { params: { token }, signal }),
    retry: false,
  })
}

/** Answers one enquiry through the link, then reloads what the link opens. */
export function useLinkReply(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ enquiryId, ...input }: LinkReplyInput & { enquiryId: string }) =>
      callApi(enquiryEndpoints.linkReply, { params: { token, enquiryId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKey(token) }),
  })
}

/** Sends one file through the link with progress (XMLHttpRequest); it waits beside the link until a reply takes it. */
export function uploadThroughLink(
  token: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<LinkUpload> {
  const { linkUpload } = enquiryEndpoints
  return sendFile<LinkUpload>({
    method: 'POST',
    url: endpointUrl(linkUpload, { params: { token }, query: { filename: file.name } }),
    file,
    onProgress,
    signal,
  })
}
