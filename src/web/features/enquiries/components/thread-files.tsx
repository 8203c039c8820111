import { FileText } from 'lucide-react'
import { useState } from 'react'
import { documentEndpoints } from '#shared/contracts/documents.ts'
import { callApi } from '#web/lib/api-client.ts'
import { notify } from '#web/lib/toast.ts'

/**
 * The files of an enquiry or of one message of its thread, each a button that downloads it through
 * a short-lived file link (the server lists only those the viewer may read, decision 051).
 */
export function ThreadFiles({
  txId,
  label,
  files,
}: {
  txId: string
  label: string
  files: readonly { id: string; filename: string; version: number }[]
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-muted-foreground">{label}:</span>
      {files.map((f) => (
        <FileButton key={f.id} txId={txId} {...f} />
      ))}
    </div>
  )
}

function FileButton({ txId, id, filename, version }: { txId: string; id: string; filename: string; version: number }) {
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
      notify.error('Could not open the file', err instanceof Error ? err.message : undefined)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={busy}
      className="inline-flex max-w-64 items-center gap-1.5 rounded-md border bg-background px-2 py-1 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
    >
      <FileText aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
      <span className="truncate">{filename}</span>
      {version > 1 && <span className="text-muted-foreground">v{version}</span>}
      <span className="sr-only">, download</span>
    </button>
  )
}
