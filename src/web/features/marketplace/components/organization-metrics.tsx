import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import type { OrganizationType } from '#shared/domain/organizations.ts'
import { tradeFigureRows } from '#shared/domain/trade-metrics.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * The card metrics of a firm's trade that are present (spec: Validation rules: a row only when its value is):
 * conveyancers' completion days, surveyors' reports on time and days to report, brokers' days to
 * mortgage offer, agents' sale agreed to completion (src/shared/domain/trade-metrics.ts).
 */
export function cardMetrics(
  m: AccreditationMetrics | undefined,
  type: OrganizationType = 'law',
): Array<{ label: string; value: string }> {
  return tradeFigureRows(type, m)
}

/** Metrics as a description list; renders nothing when none are present. */
export function OrganizationMetrics({
  metrics,
  type,
  className,
}: {
  metrics: AccreditationMetrics | undefined
  type: OrganizationType
  className?: string
}) {
  const rows = cardMetrics(metrics, type)
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
