import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { DocumentAudience } from '#shared/domain/document-audiences.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import { notify } from '#web/lib/toast.ts'
import { refreshDocuments } from './api'
import { precheckFile } from '#web/lib/uploads/file-checks.ts'
import { newIdempotencyKey } from '#web/lib/uploads/idempotency-key.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'

/** One upload in flight or failed, as the progress list shows it. */
export interface UploadItem {
  id: string
  filename: string
  folder: DocumentFolder
  sent: number
  total: number
  status: 'uploading' | 'failed'
  error?: string
  /** Kept so that a failed upload can be tried again without choosing the file again. */
  file: File
  /** The new version replaces the previous one because that one had an error. */
  correctsError: boolean
  /** Who may see it, when chosen in the dialog (else the server's default for its kind). */
  audience?: DocumentAudience
}

/**
 * Uploads files into a folder with progress and cancel; files named in `correcting` are sent as
 * versions that correct an error in the previous one. Each file is pre-checked
 * (empty, too large, not an accepted type) for a fast message, then sent with its own
 * Idempotency-Key; the server's message shows when it refuses. Finished uploads leave the list and
 * refresh the documents; failed ones stay with their message until tried again (same file, folder
 * and Idempotency-Key, so a lost answer to a stored upload gives no second copy) or dismissed;
 * cancelled ones go.
 */
export function useUploads(txId: string) {
  const queryClient = useQueryClient()
  const [items, setItems] = useState<UploadItem[]>([])
  const controllers = useRef(new Map<string, AbortController>())

  useEffect(() => {
    const live = controllers.current
    return () => live.forEach((c) => c.abort())
  }, [])

  const patch = useCallback(
    (id: string, change: Partial<UploadItem> | null) =>
      setItems((list) =>
        change ? list.map((i) => (i.id === id ? { ...i, ...change } : i)) : list.filter((i) => i.id !== id),
      ),
    [],
  )

  const send = useCallback(
    (id: string, file: File, folder: DocumentFolder, correctsError: boolean, audience?: DocumentAudience) => {
      const controller = new AbortController()
      controllers.current.set(id, controller)
      uploadFile({
        txId,
        folder,
        file,
        idempotencyKey: id,
        correctsError,
        audience,
        signal: controller.signal,
        onProgress: (sent, total) => patch(id, { sent, total }),
      })
        .then((doc) => {
          patch(id, null)
          notify.success(
            doc.version > 1 ? `Version ${doc.version} uploaded` : 'Document uploaded',
            `"${doc.filename}" is in ${doc.folder}.`,
          )
          return refreshDocuments(queryClient, txId)
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') {
            patch(id, null)
            notify.info('Upload cancelled', `"${file.name}" was not stored.`)
            return
          }
          const message = err instanceof Error ? err.message : 'The upload failed.'
          patch(id, { status: 'failed', error: message })
          notify.error('Could not upload the file', message)
        })
        .finally(() => controllers.current.delete(id))
    },
    [txId, queryClient, patch],
  )

  const start = useCallback(
    (
      files: ReadonlyArray<File>,
      folder: DocumentFolder,
      correcting: ReadonlySet<string> = new Set(),
      audience?: DocumentAudience,
    ) => {
      for (const file of files) {
        const problem = precheckFile(file)
        if (problem) {
          notify.error('Could not upload the file', problem)
          continue
        }
        const id = newIdempotencyKey()
        const correctsError = correcting.has(file.name)
        setItems((list) => [
          ...list,
          {
            id,
            filename: file.name,
            folder,
            sent: 0,
            total: file.size,
            status: 'uploading',
            file,
            correctsError,
            audience,
          },
        ])
        send(id, file, folder, correctsError, audience)
      }
    },
    [send],
  )

  /** Sends a failed upload again. */
  const retry = useCallback(
    (id: string) => {
      const item = items.find((i) => i.id === id && i.status === 'failed')
      if (!item) return
      patch(id, { status: 'uploading', sent: 0, error: undefined })
      send(id, item.file, item.folder, item.correctsError, item.audience)
    },
    [items, patch, send],
  )

  /** Aborts one upload in flight. */
  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), [])
  /** Removes a failed upload's line. */
  const dismiss = useCallback((id: string) => patch(id, null), [patch])

  return { items, start, retry, cancel, dismiss }
}
