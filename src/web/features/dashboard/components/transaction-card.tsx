import { AlertTriangle, CalendarDays, Users } from 'lucide-react'
import { Link } from 'react-router'
import type { DashboardTransaction } from '#shared/contracts/transactions.ts'
import { daysActive, overallProgress } from '#shared/domain/progress.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { addressOneLine, addressParts } from '#web/lib/address.ts'
import { TransactionStatusBadge } from '#web/components/transaction-status-badge.tsx'
import { pluralise } from '#web/lib/formatters.ts'
import { transactionPath } from '#shared/paths.ts'

/**
 * One transaction on /app/home (spec: Screens and routes): status badge, address lines and postcode, days
 * active since creation, participant count, a View link to the workspace and a progress bar; a
 * 'Blocked: <stage>' badge for each blocked stage.
 */
export function TransactionCard({ tx, now }: { tx: DashboardTransaction; now?: Date }) {
  const { title, subtitle } = addressParts(tx.property)
  const progress = overallProgress(tx.timeline_stages)
  const headingId = `tx-${tx.id}`
  const blocked = tx.timeline_stages.filter((s) => s.status === 'blocked')
  return (
    <article
      aria-labelledby={headingId}
      data-testid="transaction-card"
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg leading-snug font-semibold">
            {title}
          </h3>
          {subtitle && <p className="truncate text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        <TransactionStatusBadge status={tx.status} />
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <CalendarDays aria-hidden="true" className="size-4" />
          {pluralise(daysActive(tx.created_at, now), 'day')} active
        </li>
        <li className="flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4" />
          {pluralise(tx.transaction_participants.length, 'participant')}
        </li>
      </ul>
      {blocked.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Blocked stages">
          {blocked.map((s) => (
            <li key={s.stage_name}>
              <Badge variant="destructive" data-testid="blocked-stage-badge">
                <AlertTriangle aria-hidden="true" />
                Blocked: {s.stage_name}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">Progress</span>
          <span className="font-semibold">{progress}%</span>
        </div>
        <Progress value={progress} aria-label={`Progress of ${addressOneLine(tx.property)}`} />
      </div>
      <Button asChild variant="outline" className="mt-auto w-full">
        <Link to={transactionPath(tx.id)}>
          View<span className="sr-only"> {addressOneLine(tx.property)}</span>
        </Link>
      </Button>
    </article>
  )
}
