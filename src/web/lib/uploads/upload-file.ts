import { documentEndpoints, type DocumentVersion } from '#shared/contracts/documents.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
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
  onProgress,
  signal,
}: UploadFileOptions) {
  return new Promise<DocumentVersion>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError')
    if (signal?.aborted) return reject(abortError())
    const xhr = new XMLHttpRequest()
    const { upload } = documentEndpoints
    xhr.open(
      upload.method.toUpperCase(),
      endpointUrl(upload, {
        params: { txId },
        query: { folder, filename: file.name, ...(correctsError ? { corrects_error: 'true' } : {}) },
      }),
    )
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.setRequestHeader('idempotency-key', idempotencyKey)
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
          return resolve(JSON.parse(xhr.responseText) as DocumentVersion)
        } catch {
          return reject(networkError())
        }
      }
      reject(errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after')))
    }
    xhr.send(file)
  })
}
