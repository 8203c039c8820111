import { FileText, Paperclip, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { DocumentSummary } from '#shared/contracts/transactions.ts'
import { DOCUMENT_FOLDERS, type DocumentFolder } from '#shared/domain/statuses.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_TYPES_TEXT,
  CLIENT_MAX_BYTES,
  formatFileSize,
  precheckFile,
} from '#web/lib/uploads/file-checks.ts'
import { newIdempotencyKey } from '#web/lib/uploads/idempotency-key.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'
import type { PendingAttachment } from './composer'

/**
 * Attach to a message: a document already on the move, or a new file uploaded into one of
 * the move's folders through the documents module (same checks, progress and cancel), whose new
 * document id is then attached.
 */
export function AttachmentPicker({
  txId,
  documents,
  chosen,
  max,
  onAdd,
}: {
  txId: string
  documents: readonly DocumentSummary[]
  chosen: readonly PendingAttachment[]
  max: number
  onAdd: (attachment: PendingAttachment) => void
}) {
  const [open, setOpen] = useState(false)
  const full = chosen.length >= max
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={full}
        title={full ? `At most ${max} attachments on one message` : undefined}
      >
        <Paperclip aria-hidden="true" />
        Attach
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogTitle>Attach a document</DialogTitle>
          <DialogDescription>
            Pick a document already on this move, or upload a new one. Everyone on the move can open it.
          </DialogDescription>
          <UploadSection
            txId={txId}
            onUploaded={(a) => {
              onAdd(a)
              setOpen(false)
            }}
          />
          <section aria-labelledby="attach-existing" className="flex flex-col gap-2">
            <h3 id="attach-existing" className="text-sm font-semibold">
              Documents on this move
            </h3>
            {documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents yet.</p>
            ) : (
              <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
                {documents.map((d) => {
                  const already = chosen.some((c) => c.id === d.id)
                  return (
                    <li key={d.id}>
                      <button
                        type="button"
                        disabled={already}
                        onClick={() => {
                          onAdd({ id: d.id, filename: d.filename })
                          setOpen(false)
                        }}
                        className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                      >
                        <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium">{d.filename}</span>
                          <span className="block text-xs text-muted-foreground">
                            {d.folder} · v{d.version} · {formatUkDate(d.created_at)}
                          </span>
                        </span>
                        {already && <span className="text-xs text-muted-foreground">Attached</span>}
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
          </section>
        </DialogContent>
      </Dialog>
    </>
  )
}

function UploadSection({ txId, onUploaded }: { txId: string; onUploaded: (a: PendingAttachment) => void }) {
  const id = useId()
  const [folder, setFolder] = useState<DocumentFolder>('Property')
  const [progress, setProgress] = useState<{ name: string; sent: number; total: number } | null>(null)
  const [error, setError] = useState<string>()
  const controller = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const start = async (file: File) => {
    const problem = precheckFile(file)
    if (problem) return setError(problem)
    setError(undefined)
    const abort = new AbortController()
    controller.current = abort
    setProgress({ name: file.name, sent: 0, total: file.size })
    try {
      const doc = await uploadFile({
        txId,
        folder,
        file,
        idempotencyKey: newIdempotencyKey(),
        signal: abort.signal,
        onProgress: (sent, total) => setProgress({ name: file.name, sent, total }),
      })
      onUploaded({ id: doc.id, filename: doc.filename })
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError'))
        setError(err instanceof Error ? err.message : 'The upload failed. Try again.')
    } finally {
      controller.current = null
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Upload a new file
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-folder`}>Folder</Label>
          <NativeSelect
            id={`${id}-folder`}
            value={folder}
            disabled={!!progress}
            onChange={(e) => setFolder(e.target.value as DocumentFolder)}
          >
            {DOCUMENT_FOLDERS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </NativeSelect>
        </div>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void start(file)
          }}
        />
        <Button type="button" variant="outline" disabled={!!progress} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          Choose file
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {ALLOWED_TYPES_TEXT}, up to {formatFileSize(CLIENT_MAX_BYTES)}.
      </p>
      {progress && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="truncate">{progress.name}</span>
            <span className="tabular-nums text-muted-foreground">{percent}%</span>
          </div>
          <Progress value={percent} aria-label={`Uploading ${progress.name}`} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => controller.current?.abort()}
          >
            Cancel upload
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </section>
  )
}
