import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  AuditTrailResponse,
  AuditVerifyResponse,
  CreateSignatureRequestInput,
  DocumentListResponse,
  DocumentVersionsResponse,
  SignatureRequest,
  SignatureVerifyResponse,
  SignedUrlResponse,
  SignInput,
} from '../../../shared/contracts/documents'
import { apiFetch } from '../../lib/api-client'
import { documentsKey, transactionQueryKey } from '../../lib/query-keys'

const txPath = (txId: string) => `/api/transactions/${encodeURIComponent(txId)}`
const docPath = (txId: string, docId: string) => `${txPath(txId)}/documents/${encodeURIComponent(docId)}`
const reqPath = (txId: string, reqId: string) => `${txPath(txId)}/signature-requests/${encodeURIComponent(reqId)}`

/** GET .../documents: the latest version of each document, folders in display order, then by name. */
export function documentsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'list'],
    queryFn: ({ signal }) => apiFetch<DocumentListResponse>(`${txPath(txId)}/documents`, { signal }),
    staleTime: 5_000,
  })
}

/** GET .../documents/{docId}/versions: every version of that document, newest first. */
export function documentVersionsQueryOptions(txId: string, docId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'versions', docId],
    queryFn: ({ signal }) => apiFetch<DocumentVersionsResponse>(`${docPath(txId, docId)}/versions`, { signal }),
    staleTime: 5_000,
  })
}

/** GET .../signature-requests: every signature request of the move, newest first. */
export function signatureRequestsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'signature-requests'],
    queryFn: ({ signal }) =>
      apiFetch<{ requests: SignatureRequest[] }>(`${txPath(txId)}/signature-requests`, { signal }),
    staleTime: 5_000,
    // Signers elsewhere change these: refresh while the tab is open.
    refetchInterval: 30_000,
  })
}

/** GET .../activity?limit=: the audit trail, newest first. */
export function auditTrailQueryOptions(txId: string, limit: number) {
  return queryOptions({
    queryKey: [...documentsKey(txId), 'activity', limit],
    queryFn: ({ signal }) => apiFetch<AuditTrailResponse>(`${txPath(txId)}/activity?limit=${limit}`, { signal }),
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
  return apiFetch<SignedUrlResponse>(`${docPath(txId, docId)}/url?disposition=${disposition}`)
}

/** GET .../documents/{docId}/signature/verify: recomputes the signed and original files' SHA-256. */
export function verifySignedDocument(txId: string, docId: string) {
  return apiFetch<SignatureVerifyResponse>(`${docPath(txId, docId)}/signature/verify`)
}

/** GET .../activity/verify: walks the audit hash chain and names the first broken link. */
export function verifyAuditTrail(txId: string) {
  return apiFetch<AuditVerifyResponse>(`${txPath(txId)}/activity/verify`)
}

/** After an upload or a signing step: documents, signature requests, activity and the header counts. */
export function refreshDocuments(queryClient: QueryClient, txId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
    queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
  ])
}

/** POST .../documents/{docId}/signature-requests: ask participants to sign one PDF version. */
export function useCreateSignatureRequest(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ docId, input }: { docId: string; input: CreateSignatureRequestInput }) =>
      apiFetch<SignatureRequest>(`${docPath(txId, docId)}/signature-requests`, { method: 'POST', body: input }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/sign: consent and sign, typed or drawn. */
export function useSign(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reqId, input }: { reqId: string; input: SignInput }) =>
      apiFetch<SignatureRequest>(`${reqPath(txId, reqId)}/sign`, { method: 'POST', body: input }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/decline with a reason (ends the request). */
export function useDecline(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reqId, reason }: { reqId: string; reason: string }) =>
      apiFetch<SignatureRequest>(`${reqPath(txId, reqId)}/decline`, { method: 'POST', body: { reason } }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}

/** POST .../signature-requests/{reqId}/cancel: the requester withdraws a pending request. */
export function useCancelSignatureRequest(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reqId: string) => apiFetch<SignatureRequest>(`${reqPath(txId, reqId)}/cancel`, { method: 'POST' }),
    onSettled: () => refreshDocuments(queryClient, txId),
  })
}
