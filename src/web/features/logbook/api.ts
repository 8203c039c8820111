/**
 * The home logbook endpoints through their catalogue entries: the owner's logbooks, one logbook, its
 * maintenance record, adding documents (raw body, with upload progress) and starting a sale from it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import {
  logbookEndpoints,
  type AddLogbookEntryInput,
  type LogbookDocument,
  type StartSaleInput,
} from '#shared/contracts/logbooks.ts'
import type { LogbookDocumentCategory } from '#shared/domain/logbook.ts'
import { callApi } from '#web/lib/api-client.ts'
import { DASHBOARD_QUERY_KEY } from '#web/lib/query-keys.ts'
import { sendFile } from '#web/lib/uploads/upload-file.ts'

const LOGBOOKS_KEY = ['logbooks'] as const
const logbookKey = (logbookId: string) => ['logbooks', logbookId] as const

/** GET /api/logbooks. */
export function useLogbooks() {
  return useQuery({
    queryKey: LOGBOOKS_KEY,
    queryFn: ({ signal }) => callApi(logbookEndpoints.list, { signal }),
  })
}

/** GET /api/logbooks/{logbookId}. */
export function useLogbook(logbookId: string) {
  return useQuery({
    queryKey: logbookKey(logbookId),
    queryFn: ({ signal }) => callApi(logbookEndpoints.one, { params: { logbookId }, signal }),
  })
}

function useRefresh(logbookId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: logbookKey(logbookId) }),
      queryClient.invalidateQueries({ queryKey: LOGBOOKS_KEY, exact: true }),
    ])
}

/** POST .../entries. */
export function useAddEntry(logbookId: string) {
  const refresh = useRefresh(logbookId)
  return useMutation({
    mutationFn: (body: AddLogbookEntryInput) => callApi(logbookEndpoints.addEntry, { params: { logbookId }, body }),
    onSettled: refresh,
  })
}

/** DELETE .../entries/{entryId}. */
export function useRemoveEntry(logbookId: string) {
  const refresh = useRefresh(logbookId)
  return useMutation({
    mutationFn: (entryId: string) => callApi(logbookEndpoints.removeEntry, { params: { logbookId, entryId } }),
    onSettled: refresh,
  })
}

/** DELETE .../documents/{docId}. */
export function useRemoveDocument(logbookId: string) {
  const refresh = useRefresh(logbookId)
  return useMutation({
    mutationFn: (docId: string) => callApi(logbookEndpoints.removeDocument, { params: { logbookId, docId } }),
    onSettled: refresh,
  })
}

/** POST .../documents with the file as the body; `onProgress` gets bytes sent and total. */
export function useUploadLogbookDocument(logbookId: string) {
  const refresh = useRefresh(logbookId)
  return useMutation({
    mutationFn: (vars: {
      file: File
      category: LogbookDocumentCategory
      onProgress: (sent: number, total: number) => void
    }) =>
      sendFile<LogbookDocument>({
        url: endpointUrl(logbookEndpoints.upload, {
          params: { logbookId },
          query: { category: vars.category, filename: vars.file.name },
        }),
        file: vars.file,
        onProgress: vars.onProgress,
      }),
    onSettled: refresh,
  })
}

/** POST .../sale: the new move appears on the dashboard. */
export function useStartSale(logbookId: string) {
  const queryClient = useQueryClient()
  const refresh = useRefresh(logbookId)
  return useMutation({
    mutationFn: (body: StartSaleInput) => callApi(logbookEndpoints.startSale, { params: { logbookId }, body }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY })]),
  })
}

/** Where a document opens (inline) or downloads. */
export function logbookFileUrl(logbookId: string, docId: string, disposition: 'inline' | 'attachment') {
  return endpointUrl(logbookEndpoints.file, { params: { logbookId, docId }, query: { disposition } })
}

/** The logbook's PDTF download. */
export function logbookPdtfUrl(logbookId: string) {
  return endpointUrl(logbookEndpoints.pdtf, { params: { logbookId } })
}
