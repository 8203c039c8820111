import { FileText, Paperclip, X } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { ACCEPT_ATTRIBUTE, ALLOWED_TYPES_TEXT, formatFileSize, precheckFile } from '#web/lib/uploads/file-checks.ts'
import { newIdempotencyKey } from '#web/lib/uploads/idempotency-key.ts'

/** Sends one file; resolves to its id (a document's, or a link upload's) when stored. */
export type SendAttachment = (
  file: File,
  key: string,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
) => Promise<{ id: string; filename: string }>

interface Item {
  key: string
  filename: string
  size: number
  sent: number
  status: 'uploading' | 'done' | 'failed'
  id?: string
  error?: string
}

/**
 * Files attached to a message, each uploaded as soon as it is chosen, with a progress bar, and
 * removable before the message is sent. `initial`: files stored earlier (a client's saved answer),
 * listed as uploaded. `ids` are the stored files' ids; `busy` is true while one is still uploading
 * (the caller holds the send button until then).
 */
export function useAttachmentUploads(
  send: SendAttachment,
  max: number,
  initial: readonly { id: string; filename: string }[] = [],
) {
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((f) => ({ key: f.id, id: f.id, filename: f.filename, size: 0, sent: 0, status: 'done' as const })),
  )
  const controllers = useRef(new Map<string, AbortController>())
  useEffect(() => {
    const live = controllers.current
    return () => live.forEach((c) => c.abort())
  }, [])
  const patch = useCallback(
    (key: string, change: Partial<Item> | null) =>
      setItems((list) =>
        change ? list.map((i) => (i.key === key ? { ...i, ...change } : i)) : list.filter((i) => i.key !== key),
      ),
    [],
  )
  const add = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const problem = precheckFile(file)
      const key = newIdempotencyKey()
      if (problem) {
        setItems((list) => [
          ...list,
          { key, filename: file.name, size: file.size, sent: 0, status: 'failed', error: problem },
        ])
        continue
      }
      if (items.filter((i) => i.status !== 'failed').length >= max) continue
      setItems((list) => [...list, { key, filename: file.name, size: file.size, sent: 0, status: 'uploading' }])
      const controller = new AbortController()
      controllers.current.set(key, controller)
      send(file, key, (sent) => patch(key, { sent }), controller.signal)
        .then((stored) => patch(key, { status: 'done', id: stored.id, filename: stored.filename, sent: file.size }))
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return patch(key, null)
          patch(key, { status: 'failed', error: err instanceof Error ? err.message : 'The upload failed.' })
        })
        .finally(() => controllers.current.delete(key))
    }
  }
  const remove = (key: string) => {
    controllers.current.get(key)?.abort()
    patch(key, null)
  }
  const clear = () => setItems([])
  return {
    items,
    add,
    remove,
    clear,
    ids: items.filter((i) => i.status === 'done' && i.id).map((i) => i.id!),
    busy: items.some((i) => i.status === 'uploading'),
  }
}

/** The "Attach files" button and the list of files with their progress. */
export function AttachmentUploads({
  uploads,
  label = 'Attach files',
}: {
  uploads: ReturnType<typeof useAttachmentUploads>
  label?: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          aria-label={label}
          onChange={(ev) => {
            uploads.add(ev.target.files)
            ev.target.value = ''
          }}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Paperclip aria-hidden="true" />
          {label}
        </Button>
        <span className="text-xs text-muted-foreground">{ALLOWED_TYPES_TEXT}</span>
      </div>
      {uploads.items.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Attached files">
          {uploads.items.map((i) => (
            <li key={i.key} className="flex flex-col gap-1 rounded-md border p-2 text-sm">
              <div className="flex items-center gap-2">
                <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <span className="min-w-0 flex-1 truncate">{i.filename}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {i.status === 'done' ? 'Uploaded' : i.status === 'failed' ? 'Not uploaded' : formatFileSize(i.size)}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => uploads.remove(i.key)}
                  aria-label={`Remove ${i.filename}`}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {i.status === 'uploading' && (
                <Progress value={i.size ? (i.sent / i.size) * 100 : 0} aria-label={`Uploading ${i.filename}`} />
              )}
              {i.status === 'failed' && (
                <p role="alert" className="text-xs text-destructive">
                  {i.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
