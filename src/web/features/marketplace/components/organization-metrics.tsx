import type { AccreditationMetrics } from '../../../../shared/contracts/directory'
import { successRatePercent } from '../../../../shared/domain/organizations'
import { cn } from '../../../lib/cn'

/** The card metrics that are present (spec section 5): avg_days truthy, collapse_rate not null, cases_count truthy. */
export function cardMetrics(m: AccreditationMetrics | undefined): Array<{ label: string; value: string }> {
  if (!m) return []
  const rows: Array<{ label: string; value: string }> = []
  if (m.avg_days) rows.push({ label: 'Avg completion', value: `${Math.round(m.avg_days)} days` })
  if (m.collapse_rate !== null && m.collapse_rate !== undefined) {
    rows.push({ label: 'Success rate', value: `${successRatePercent(m.collapse_rate)}%` })
  }
  if (m.cases_count) rows.push({ label: 'Completed cases', value: String(m.cases_count) })
  return rows
}

/** Metrics as a description list; renders nothing when none are present. */
export function OrganizationMetrics({
  metrics,
  className,
}: {
  metrics: AccreditationMetrics | undefined
  className?: string
}) {
  const rows = cardMetrics(metrics)
  if (rows.length === 0) return null
  return (
    <dl className={cn('grid grid-cols-3 gap-2 rounded-lg bg-surface p-3 text-center', className)}>
      {rows.map((row) => (
        <div key={row.label} className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">{row.label}</dt>
          <dd className="order-first text-base font-semibold tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
