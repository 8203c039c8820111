import { Check, Copy } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { notify } from '#web/lib/toast.ts'

/**
 * A secret shown this once (a token, a signing secret): in a read-only field that selects itself on
 * focus, with a copy button that says when it copied, and the warning that it will not be shown again.
 */
export function SecretReveal({ label, secret }: { label: string; secret: string }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopied(true)
        setTimeout(() => setCopied(false), 2_000)
      },
      () => notify.error('Could not copy', 'Select the text and copy it yourself.'),
    )
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-primary-soft/30 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-warning`}
          data-testid="shown-once-secret"
          className="min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 font-mono text-sm"
        />
        <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p id={`${id}-warning`} className="text-sm text-muted-foreground">
        Copy it now and keep it somewhere safe: we store only a fingerprint of it and cannot show it again.
      </p>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Copied to the clipboard' : ''}
      </p>
    </div>
  )
}
