/**
 * Data rights from the browser: download the ZIP with progress while the session
 * stays as it is, and delete the account (then forget everything cached, as signing out does).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { dataRightsEndpoints, type DeleteAccountInput } from '#shared/contracts/data-rights.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { callApi } from '#web/lib/api-client.ts'
import { errorFromResponse, networkError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { SESSION_QUERY_KEY } from '#web/lib/session/api.ts'
import { PAGE_PATHS } from '#shared/paths.ts'

/** The filename from `Content-Disposition: attachment; filename="..."`, or a dated default. */
export function filenameFrom(disposition: string | null): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '')
  return m?.[1] ?? `homeward-data-${new Date().toISOString().slice(0, 10)}.zip`
}

/**
 * GET /api/account/export: reads the streamed ZIP, reporting bytes received to `onProgress` (the size
 * is not known in advance: the server streams it as it builds it), then saves it through a temporary
 * object URL. Throws ApiError with the server's message on 4xx/5xx.
 */
export async function downloadMyData(onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<number> {
  let res: Response
  try {
    // A plain fetch, not callApi: the answer is a ZIP read as a stream, for progress.
    res = await fetch(endpointUrl(dataRightsEndpoints.export), { credentials: 'same-origin', signal })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw networkError()
  }
  if (!res.ok) throw errorFromResponse(res.status, await res.text().catch(() => ''), res.headers.get('retry-after'))
  if (!res.body) throw networkError()
  const reader = res.body.getReader()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    received += value.byteLength
    onProgress(received)
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filenameFrom(res.headers.get('content-disposition'))
  document.body.append(a)
  a.click()
  a.remove()
  // Give the browser a moment to start saving before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return received
}

/**
 * POST /api/account/delete. On success everything cached for the person is forgotten, the session
 * is set to signed out and the browser goes to /auth with a toast that repeats what stays and why.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => callApi(dataRightsEndpoints.deleteAccount, { body: input }),
    onSuccess: (result) => {
      void queryClient.cancelQueries()
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] })
      queryClient.setQueryData(SESSION_QUERY_KEY, null)
      notify.success(
        'Your account has been deleted',
        result.retainedDocuments > 0 ? result.notice : 'Your personal data has been removed.',
      )
      void navigate(PAGE_PATHS.signIn, { replace: true, flushSync: true })
    },
  })
}
