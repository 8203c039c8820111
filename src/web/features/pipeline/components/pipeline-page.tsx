import { Link } from 'react-router'
import type { PipelineRow } from '#shared/contracts/mortgages.ts'
import { APPLICATION_STAGE_LABELS, daysUntil, EXPIRY_REMINDER_DAYS } from '#shared/domain/mortgages.ts'
import { mortgageCasePath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { usePipeline } from '../api'

/** 'Expires in 5 days' / 'Expired' badge beside a date within EXPIRY_REMINDER_DAYS or past. */
export function ExpiryNote({ on, today }: { on: string | null; today: string }) {
  if (!on) return <span className="text-muted-foreground">None</span>
  const days = daysUntil(on, today)
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span>{formatUkDate(on)}</span>
      {days < 0 ? (
        <Badge variant="destructive">Expired</Badge>
      ) : days <= EXPIRY_REMINDER_DAYS ? (
        <Badge variant="gold">{days === 0 ? 'Expires today' : `Expires in ${pluralise(days, 'day')}`}</Badge>
      ) : null}
    </span>
  )
}

function Row({ row, today }: { row: PipelineRow; today: string }) {
  return (
    <li className="rounded-lg border bg-background p-4" data-testid="pipeline-row">
      <div className="flex flex-col gap-3 md:grid md:grid-cols-[2fr_1fr_1.3fr_1fr] md:items-center md:gap-4">
        <div className="min-w-0">
          <Link
            to={mortgageCasePath(row.transaction_id)}
            className="font-semibold text-primary underline-offset-2 hover:underline"
          >
            {row.buyer_name ?? 'Buyer not yet on the move'}
          </Link>
          <p className="text-sm break-words text-muted-foreground">{row.address ?? 'No property yet'}</p>
        </div>
        <dl className="contents text-sm">
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Stage</dt>
            <dd>
              <Badge variant="soft">{APPLICATION_STAGE_LABELS[row.stage]}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Decision in principle</dt>
            <dd>
              {row.dip_lender ? <span className="block">{row.dip_lender}</span> : null}
              <ExpiryNote on={row.dip_expires_on} today={today} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Offer expiry</dt>
            <dd>
              <ExpiryNote on={row.offer_expires_on} today={today} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  )
}

/**
 * /app/pipeline: the mortgage broker's home. One row per buyer whose move they are the broker on:
 * the application's stage, the latest DIP (lender, expiry) and the offer's expiry, soonest expiry
 * first; a DIP or offer within 14 days of expiry carries a badge. Loading, empty and error states.
 */
export function PipelinePage() {
  const pipeline = usePipeline()
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Pipeline</h1>
        <p className="text-sm text-muted-foreground">Your buyers, where each mortgage stands and what expires soon.</p>
      </div>
      {pipeline.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the pipeline" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : pipeline.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
          <p>We could not load your pipeline: {pipeline.error.message}</p>
          <Button onClick={() => void pipeline.refetch()}>Try again</Button>
        </div>
      ) : pipeline.data.rows.length === 0 ? (
        <div className="rounded-lg border bg-background p-6">
          <h2 className="font-semibold">No buyers yet</h2>
          <p className="text-sm text-muted-foreground">
            When a buyer invites you to their move as their mortgage broker, it appears here.
          </p>
        </div>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="hidden px-4 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[2fr_1fr_1.3fr_1fr] md:gap-4"
          >
            <span>Buyer and property</span>
            <span>Stage</span>
            <span>Decision in principle</span>
            <span>Offer expiry</span>
          </div>
          <ul className="flex flex-col gap-3" aria-label="Your buyers">
            {pipeline.data.rows.map((row) => (
              <Row key={row.transaction_id} row={row} today={pipeline.data.today} />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
