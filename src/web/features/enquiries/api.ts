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
  type ClientAnswerInput,
  type LinkReplyInput,
  type LinkUpload,
  type LogEnquiriesInput,
  type RaiseEnquiriesInput,
  type ReplyInput,
  type SendDraftInput,
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

export function useExportReplies(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(enquiryEndpoints.exportReplies, { params: { txId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
  })
}

const clientTaskKey = (txId: string, taskId: string) => [...enquiriesKey(txId), 'client-task', taskId] as const

/** A client's task to answer an enquiry (its full text, the answer once sent). */
export function useClientTask(txId: string, taskId: string) {
  return useQuery({
    queryKey: clientTaskKey(txId, taskId),
    queryFn: ({ signal }) => callApi(enquiryEndpoints.clientTask, { params: { txId, taskId }, signal }),
  })
}

/** The client sends their answer with the files they uploaded; refreshes the task, enquiries and timeline. */
export function useAnswerClientTask(txId: string, taskId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: (input: ClientAnswerInput) =>
      callApi(enquiryEndpoints.answerClientTask, { params: { txId, taskId }, body: input }),
    onSettled: refresh,
  })
}

/** A conveyancer asks their own client (the seller's conveyancer the seller, the buyer's the buyer). */
export function useAskClient(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, version }: { enquiryId: string; version: number }) =>
      callApi(enquiryEndpoints.askClient, { params: { txId, enquiryId }, body: { version } }),
    onSettled: refresh,
  })
}

/** The conveyancer sends their client's answer as edited (a reply or a further enquiry); its files go with it. */
export function useSendDraft(txId: string) {
  const refresh = useRefresh(txId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ enquiryId, draftId, ...input }: SendDraftInput & { enquiryId: string; draftId: string }) =>
      callApi(enquiryEndpoints.sendDraft, { params: { txId, enquiryId, draftId }, body: input }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: documentsKey(txId) })]),
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

/** The conveyancer does not send their client's answer. */
export function useDiscardDraft(txId: string) {
  const refresh = useRefresh(txId)
  return useMutation({
    mutationFn: ({ enquiryId, draftId, version }: { enquiryId: string; draftId: string; version: number }) =>
      callApi(enquiryEndpoints.discardDraft, { params: { txId, enquiryId, draftId }, body: { version } }),
    onSettled: refresh,
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

/** The client saves their answer without sending it; refreshes the task. */
export function useSaveClientAnswer(txId: string, taskId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClientAnswerInput) =>
      callApi(enquiryEndpoints.saveClientAnswer, { params: { txId, taskId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientTaskKey(txId, taskId) }),
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
