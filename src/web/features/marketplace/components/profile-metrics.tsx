import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import type { OrganizationType } from '#shared/domain/organizations.ts'
import { cardMetrics } from './organization-metrics'

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`

/** Every published metric of a firm: the card's three plus CSAT, live cases, document accuracy and SLA. */
export function profileMetrics(
  m: AccreditationMetrics | undefined,
  type: OrganizationType = 'law',
): Array<{ label: string; value: string }> {
  if (!m) return []
  const rows = cardMetrics(m, type)
  if (m.csat !== null) rows.push({ label: 'Client satisfaction', value: `${m.csat.toFixed(1)}/5` })
  if (m.live_cases_count !== null) rows.push({ label: 'Live cases', value: String(m.live_cases_count) })
  if (m.document_accuracy !== null) rows.push({ label: 'Document accuracy', value: percent(m.document_accuracy) })
  rows.push({ label: 'SLA deadlines met', value: m.sla_rate === null ? 'No data yet' : percent(m.sla_rate) })
  return rows
}

/** The profile's metrics grid, or a note when the firm has published none yet. */
export function ProfileMetrics({
  metrics,
  type,
}: {
  metrics: AccreditationMetrics | undefined
  type: OrganizationType
}) {
  const rows = profileMetrics(metrics, type)
  if (rows.length === 0) {
    return (
      <p className="text-muted-foreground">
        This firm has not completed enough cases on Homeward to publish metrics yet.
      </p>
    )
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-col gap-1 rounded-lg border bg-background p-4">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="order-first text-2xl font-bold tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
