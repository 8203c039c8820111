import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'

/** One payment detail with a copy button that says it copied (to screen readers too). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => {
        setCopied(true)
        setTimeout(() => setCopied(false), 2000)
      },
      () => setCopied(false),
    )
  }
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 border-b py-3 last:border-b-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="col-start-1 min-w-0 font-mono text-base font-semibold break-words" data-testid={testId}>
        {value}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </dd>
    </div>
  )
}
