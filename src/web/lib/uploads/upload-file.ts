import { documentEndpoints, type DocumentVersion } from '#shared/contracts/documents.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import type { DocumentAudience } from '#shared/domain/document-audiences.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import { errorFromResponse, networkError } from '../api-error'

export interface UploadFileOptions {
  txId: string
  folder: DocumentFolder
  file: File
  /** Sent as Idempotency-Key: a retried or doubled submission of the same upload gives one row. */
  idempotencyKey: string
  /** Marks this version as replacing the previous one because that one had an error. */
  correctsError?: boolean
  /** Who may see it (decision 051); unset: the server's default for its kind. */
  audience?: DocumentAudience
  /** Called with bytes sent and total as the browser sends the body. */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
}

/**
 * POST /api/transactions/{txId}/documents?folder=&filename= with the file itself as the body,
 * through XMLHttpRequest because fetch reports no upload progress. Resolves to the stored version
 * (201 new, 200 replay of the same Idempotency-Key). Rejects with ApiError carrying the server's
 * message (413 too large, 415 wrong type, 422 empty ...), status 0 when the network failed, or a
 * DOMException 'AbortError' when `signal` aborts (the server then discards the partial upload).
 */
export function uploadFile({
  txId,
  folder,
  file,
  idempotencyKey,
  correctsError,
  audience,
  onProgress,
  signal,
}: UploadFileOptions) {
  const { upload } = documentEndpoints
  return sendFile<DocumentVersion>({
    method: upload.method.toUpperCase(),
    url: endpointUrl(upload, {
      params: { txId },
      query: {
        folder,
        filename: file.name,
        ...(correctsError ? { corrects_error: 'true' } : {}),
        ...(audience ? { audience } : {}),
      },
    }),
    file,
    headers: { 'idempotency-key': idempotencyKey },
    onProgress,
    signal,
  })
}

/**
 * Sends `file` as the raw body of a same-origin request with the session cookie, through
 * XMLHttpRequest because fetch reports no upload progress. Resolves to the JSON answer of a 2xx;
 * rejects with ApiError carrying the server's message, status 0 when the network failed, or a
 * DOMException 'AbortError' when `signal` aborts.
 */
export function sendFile<T>({
  method = 'POST',
  url,
  file,
  headers = {},
  onProgress,
  signal,
}: {
  method?: string
  url: string
  file: File
  headers?: Record<string, string>
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
}) {
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError')
    if (signal?.aborted) return reject(abortError())
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size)
    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => signal?.removeEventListener('abort', onAbort)
    xhr.onabort = () => {
      done()
      reject(abortError())
    }
    xhr.onerror = () => {
      done()
      reject(networkError('The upload stopped: we could not reach Homeward. Check your connection and try again.'))
    }
    xhr.onload = () => {
      done()
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          return resolve(JSON.parse(xhr.responseText) as T)
        } catch {
          return reject(networkError())
        }
      }
      reject(errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after')))
    }
    xhr.send(file)
  })
}
