import { AlertCircle, RotateCcw, X } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { formatFileSize } from '#web/lib/uploads/file-checks.ts'
import type { UploadItem } from '../use-uploads'

/**
 * Uploads in flight, each with a progress bar and Cancel, and failed ones with the server's message,
 * Try again and Dismiss. A polite live region announces new lines; the bars carry their own value.
 */
export function UploadProgressList({
  items,
  onCancel,
  onRetry,
  onDismiss,
}: {
  items: ReadonlyArray<UploadItem>
  onCancel: (id: string) => void
  onRetry: (id: string) => void
  onDismiss: (id: string) => void
}) {
  return (
    <div
      aria-live="polite"
      aria-label="Uploads"
      role="region"
      className={items.length ? 'flex flex-col gap-2' : 'sr-only'}
    >
      {items.map((item) => {
        const percent = item.total ? Math.round((item.sent / item.total) * 100) : 0
        const labelId = `upload-label-${item.id}`
        return (
          <div
            key={item.id}
            data-testid="upload-item"
            className="flex flex-col gap-2 rounded-lg border bg-background p-3 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <p id={labelId} className="min-w-0 flex-1 text-sm font-medium break-words">
                {item.status === 'failed' ? 'Failed: ' : 'Uploading '}
                {item.filename} <span className="font-normal text-muted-foreground">to {item.folder}</span>
              </p>
              {item.status === 'uploading' ? (
                <Button variant="outline" size="sm" onClick={() => onCancel(item.id)}>
                  <X aria-hidden="true" />
                  Cancel<span className="sr-only"> uploading {item.filename}</span>
                </Button>
              ) : (
                <>
                  <Button variant="outline" size="sm" onClick={() => onRetry(item.id)}>
                    <RotateCcw aria-hidden="true" />
                    Try again<span className="sr-only"> uploading {item.filename}</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onDismiss(item.id)}>
                    Dismiss<span className="sr-only"> {item.filename}</span>
                  </Button>
                </>
              )}
            </div>
            {item.status === 'uploading' ? (
              <>
                <Progress value={percent} aria-labelledby={labelId} />
                <p className="text-xs text-muted-foreground">
                  {formatFileSize(item.sent)} of {formatFileSize(item.total)} ({percent}%)
                </p>
              </>
            ) : (
              <p className="flex items-start gap-1.5 text-sm text-destructive">
                <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {item.error}
              </p>
            )}
          </div>
        )
      })}
    </div>
  )
}
