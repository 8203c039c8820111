import { FileText } from 'lucide-react'
import { useState } from 'react'
import { documentEndpoints } from '#shared/contracts/documents.ts'
import { callApi } from '#web/lib/api-client.ts'
import { notify } from '#web/lib/toast.ts'

/**
 * A document of a move as a small button that downloads it through a short-lived signed file link
 * (GET /api/transactions/{txId}/documents/{docId}/url, disposition attachment); the server answers
 * only for documents the viewer may read (decision 051). Used for chat attachments and the files of
 * an enquiry's thread. `failure` is the toast's title when the link cannot be had.
 */
export function DocumentFileButton({
  txId,
  id,
  filename,
  version,
  failure = 'Could not open the file',
}: {
  txId: string
  id: string
  filename: string
  version: number
  failure?: string
}) {
  const [busy, setBusy] = useState(false)
  const open = async () => {
    setBusy(true)
    try {
      const { url } = await callApi(documentEndpoints.fileLink, {
        params: { txId, docId: id },
        query: { disposition: 'attachment' },
      })
      window.location.assign(url)
    } catch (err) {
      notify.error(failure, err instanceof Error ? err.message : undefined)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={busy}
      className="inline-flex max-w-64 items-center gap-1.5 rounded-md border bg-background px-2 py-1 text-xs font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
    >
      <FileText aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
      <span className="truncate">{filename}</span>
      {version > 1 && <span className="text-muted-foreground">v{version}</span>}
      <span className="sr-only">, download</span>
    </button>
  )
}
