import { Download, LoaderCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { notify } from '#web/lib/toast.ts'
import { downloadMyData } from '../data-rights-api'

/** '3.4 MB', '820 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * 'Your data' (UK GDPR arts. 15 and 20): one button downloads a ZIP of everything
 * Homeward keeps about the person and every file they uploaded. The download runs in the page (the
 * session is untouched) with a live count of what has arrived; a second click waits for the first.
 */
export function YourDataCard() {
  const [received, setReceived] = useState<number | null>(null)
  const busy = received !== null
  const abort = useRef<AbortController | null>(null)

  const start = async () => {
    abort.current = new AbortController()
    setReceived(0)
    try {
      const total = await downloadMyData(setReceived, abort.current.signal)
      notify.success('Your data is downloading', `A ZIP of ${formatBytes(total)} is being saved by your browser.`)
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError'))
        notify.error('Could not download your data', (err as Error).message)
    } finally {
      setReceived(null)
      abort.current = null
    }
  }

  return (
    <Card role="region" aria-labelledby="your-data-title">
      <CardHeader>
        <CardTitle as="h2" id="your-data-title">
          Your data
        </CardTitle>
        <CardDescription>
          Download a ZIP with your account, moves, messages, notifications, invitations, signatures and security
          activity as JSON files, and every version of every document you uploaded. A README inside explains each file.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void start()} disabled={busy} aria-describedby="your-data-progress">
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          {busy ? 'Preparing your download…' : 'Download my data'}
        </Button>
        {busy && (
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
        <p id="your-data-progress" role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {busy ? (received ? `${formatBytes(received)} received` : 'Gathering your data…') : ''}
        </p>
      </div>
    </Card>
  )
}
