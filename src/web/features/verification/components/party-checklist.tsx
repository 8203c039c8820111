import { CheckCircle2, Circle } from 'lucide-react'
import { Link } from 'react-router'
import { fundsPath, identityCheckPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useVerificationSummary } from '../api'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

/**
 * Overview, for a buyer or seller: the short list of what is left for them to do on the move
 * (verifying their identity; for a buyer, their source of funds). Hidden for others.
 */
export function PartyChecklist({ txId }: { txId: string }) {
  const summary = useVerificationSummary(txId)
  const items = summary.data?.checklist
  if (!items?.length) return null
  const left = items.filter((i) => !i.done).length
  return (
    <section
      aria-labelledby="party-checklist-title"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="party-checklist-title" className="text-lg font-semibold">
          {left ? 'What is left for you' : 'You are all set'}
        </h2>
        <SandboxBadge provider={summary.data?.provider_label} detail="identity checks here are not real" />
      </div>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.key} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              {item.done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div>
                <p className="font-medium">
                  {item.label}
                  <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-muted-foreground">{item.hint}</p>
              </div>
            </div>
            {!item.done && item.key === 'identity' && (
              <Button asChild className="shrink-0">
                <Link to={identityCheckPath(txId)}>Verify my identity</Link>
              </Button>
            )}
            {!item.done && item.key === 'funds' && (
              <Button asChild variant="outline" className="shrink-0">
                <Link to={fundsPath(txId)}>Source of funds</Link>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
