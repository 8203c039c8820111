import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { activityEndpoints } from '#shared/contracts/activity.ts'
import { documentEndpoints } from '#shared/contracts/documents.ts'
import { signingEndpoints, type CreateSignatureRequestInput, type SignInput } from '#shared/contracts/signing.ts'
import type { DocumentAudience } from '#shared/domain/document-audiences.ts'
import { callApi } from '#web/lib/api-client.ts'
import { documentsKey, transactionQueryKey } from '#web/lib/query-keys.ts'

/** GET .../documents: the latest version of each document, folders in display order, then by name. */
export function documentsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'list'],
    queryFn: ({ signal }) => callApi(documentEndpoints.list, { params: { txId }, signal }),
    staleTime: 5_000,
  })
}

/** GET .../documents/{docId}/versions: every version of that document, newest first. */
export function documentVersionsQueryOptions(txId: string, docId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'versions', docId],
    queryFn: ({ signal }) => callApi(documentEndpoints.versions, { params: { txId, docId }, signal }),
    staleTime: 5_000,
  })
}

/** GET .../signature-requests: every signature request of the move, newest first. */
export function signatureRequestsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'signature-requests'],
    queryFn: ({ signal }) => callApi(signingEndpoints.list, { params: { txId }, signal }),
    staleTime: 5_000,
    // Signers elsewhere change these: refresh while the tab is open.
    refetchInterval: 30_000,
  })
}

/** GET .../activity?limit=: the audit trail, newest first. */
export function auditTrailQueryOptions(txId: string, limit: number) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'activity', limit],
    queryFn: ({ signal }) => callApi(activityEndpoints.trail, { params: { txId }, query: { limit }, signal }),
    staleTime: 5_000,
  })
}

/** The documents list of a transaction. */
export const useDocuments = (txId: string) => useQuery(documentsQueryOptions(txId))
/** The signature requests of a transaction. */
export const useSignatureRequests = (txId: string) => useQuery(signatureRequestsQueryOptions(txId))

/**
 * GET .../documents/{docId}/url: a link to the file for this viewer only, valid 5 minutes. Fetched
 * when needed (view, download) rather than cached, since it expires.
 */
export function fetchFileLink(txId: string, docId: string, disposition: 'inline' | 'attachment') {
  return callApi(documentEndpoints.fileLink, { params: { txId, docId }, query: { disposition } })
}

/** GET .../documents/{docId}/signature/verify: recomputes the signed and original files' SHA-256. */
export function verifySignedDocument(txId: string, docId: string) {
  return callApi(signingEndpoints.verify, { params: { txId, docId } })
}

/** GET .../activity/verify: walks the audit hash chain and names the first broken link. */
export function verifyAuditTrail(txId: string) {
  return callApi(activityEndpoints.verify, { params: { txId } })
}

/** After an upload or a signing step: documents, signature requests, activity and the header counts. */
export function refreshDocuments(queryClient: QueryClient, txId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
    queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
  ])
}

/** PUT .../documents/{docId}/audience: who may see every version of this document (decision 051). */
export function useChangeAudience(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ docId, audience }: { docId: string; audience: DocumentAudience }) =>
      callApi(documentEndpoints.changeAudience, { params: { txId, docId }, body: { audience } }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../documents/{docId}/signature-requests: ask participants to sign one PDF version. */
export function useCreateSignatureRequest(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ docId, input }: { docId: string; input: CreateSignatureRequestInput }) =>
      callApi(signingEndpoints.create, { params: { txId, docId }, body: input }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/sign: consent and sign, typed or drawn. */
export function useSign(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reqId, input }: { reqId: string; input: SignInput }) =>
      callApi(signingEndpoints.sign, { params: { txId, reqId }, body: input }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/decline with a reason (ends the request). */
export function useDecline(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reqId, reason }: { reqId: string; reason: string }) =>
      callApi(signingEndpoints.decline, { params: { txId, reqId }, body: { reason } }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/cancel: the requester withdraws a pending request. */
export function useCancelSignatureRequest(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reqId: string) => callApi(signingEndpoints.cancel, { params: { txId, reqId } }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}
