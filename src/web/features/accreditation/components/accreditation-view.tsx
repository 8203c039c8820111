import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react'
import { Link } from 'react-router'
import type { Criterion } from '#shared/contracts/accreditation.ts'
import { ACCREDITATION_TIERS, organizationTypeLabel, type AccreditationTier } from '#shared/domain/organizations.ts'
import { criterionGapDetail } from '#shared/domain/tiers.ts'
import { tradeFigureRows } from '#shared/domain/trade-metrics.ts'
import { ACADEMY_PATH, organizationPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { useAccreditation } from '../api'

const TIER_LABEL: Record<AccreditationTier, string> = { silver: 'Silver', gold: 'Gold', platinum: 'Platinum' }
const tierLabel = (t: AccreditationTier | null) => (t ? TIER_LABEL[t] : 'No tier yet')

function Status({ c }: { c: Criterion }) {
  if (c.status === 'met')
    return (
      <span className="flex items-center gap-1 text-success-foreground">
        <CheckCircle2 className="size-4" aria-hidden="true" /> Met
      </span>
    )
  if (c.status === 'no_data')
    return (
      <span className="flex items-center gap-1 text-muted-foreground">
        <CircleDashed className="size-4" aria-hidden="true" /> No data yet
      </span>
    )
  return (
    <span className="flex items-center gap-1 text-destructive">
      <XCircle className="size-4" aria-hidden="true" /> Not met
    </span>
  )
}

/** The firm's own Accreditation page: tier, the gap to the next, each tier's criteria, figures, onboarding, history. */
export function AccreditationView() {
  const q = useAccreditation()
  if (q.isPending) return <Skeleton className="h-96 w-full" aria-busy="true" />
  if (q.isError) {
    return (
      <p role="alert" className="rounded-lg border bg-background p-6">
        {q.error.message}
      </p>
    )
  }
  const o = q.data.organization
  if (!o) {
    return (
      <div className="rounded-lg border bg-background p-6">
        <h1 className="text-2xl font-bold">Accreditation</h1>
        <p className="mt-2 text-muted-foreground">
          You are not working for a firm on Homeward yet. Once you join a move for your firm, its tier and the criteria
          behind it appear here.
        </p>
      </div>
    )
  }
  const figures = tradeFigureRows(o.type, o.figures)
  const onboardingDone = { done: o.onboarding.filter((s) => s.done).length, total: o.onboarding.length }
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Accreditation</h1>
        <p className="text-muted-foreground">
          <Link to={organizationPath(o.id)} className="underline">
            {o.name}
          </Link>{' '}
          ({organizationTypeLabel(o.type)}). Tiers are awarded from your live metrics on Homeward, not bought
          {o.computed_at ? `; last computed ${formatUkDateTime(o.computed_at)}` : ''}.
        </p>
        <div className="flex items-center gap-2">
          <span>Current tier:</span>
          <Badge
            variant={o.tier === 'platinum' ? 'platinum' : o.tier === 'gold' ? 'gold' : 'muted'}
            data-testid="current-tier"
          >
            {tierLabel(o.tier)}
          </Badge>
        </div>
      </header>

      <Card data-testid="next-tier-gap">
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            {o.next_tier ? `What ${TIER_LABEL[o.next_tier]} still needs` : 'Platinum: the highest tier'}
          </CardTitle>
          <CardDescription>
            {o.next_tier
              ? 'Tiers are cumulative: each needs the criteria of the tiers below it too.'
              : 'Every criterion is met. Keep it up: tiers are recomputed whenever your figures change, and nightly.'}
          </CardDescription>
        </CardHeader>
        {o.next_tier ? (
          <CardContent>
            {o.gaps_to_next.length === 0 ? (
              <p>Nothing: the next recomputation will award it.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {o.gaps_to_next.map((c) => (
                  <li key={`${c.tier}-${c.key}`} className="flex flex-col sm:flex-row sm:items-baseline sm:gap-2">
                    <span className="font-medium">{c.gap}</span>
                    <span className="text-sm text-muted-foreground">
                      ({criterionGapDetail(c, onboardingDone)})
                      {c.key === 'academy' || c.key === 'onboarding' ? (
                        <>
                          {' '}
                          <Link to={ACADEMY_PATH} className="underline">
                            Academy Lite
                          </Link>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        ) : null}
      </Card>

      <div className="grid gap-4 lg:grid-cols-3">
        {ACCREDITATION_TIERS.map((tier) => (
          <Card key={tier}>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                {TIER_LABEL[tier]}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-3">
                {o.criteria
                  .filter((c) => c.tier === tier)
                  .map((c) => (
                    <li key={c.key} className="flex flex-col gap-0.5" data-testid={`criterion-${tier}-${c.key}`}>
                      <span className="text-sm font-medium">{c.label}</span>
                      <span className="flex flex-wrap items-center gap-x-2 text-sm">
                        <Status c={c} />
                        {c.current ? (
                          <span className="text-muted-foreground">
                            <span aria-hidden="true">· </span>
                            {c.current}
                          </span>
                        ) : null}
                      </span>
                      {c.key === 'sla' && c.status === 'no_data' ? (
                        <span className="text-xs text-muted-foreground">
                          Measured from your SLA clocks once they run; until then it does not count against you.
                        </span>
                      ) : null}
                    </li>
                  ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Figures in the marketplace
            </CardTitle>
            <CardDescription>What clients see on your card, for your trade.</CardDescription>
          </CardHeader>
          <CardContent>
            {figures.length === 0 ? (
              <p className="text-muted-foreground">No completed case yet.</p>
            ) : (
              <dl className="grid grid-cols-3 gap-2 text-center">
                {figures.map((r) => (
                  <div key={r.label} className="flex flex-col">
                    <dt className="text-xs text-muted-foreground">{r.label}</dt>
                    <dd className="order-first text-lg font-semibold tabular-nums">{r.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Onboarding
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2">
              {o.onboarding.map((s) => (
                <li key={s.key} className="flex items-start gap-2">
                  {s.done ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success-foreground" aria-hidden="true" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span>
                    {s.label}
                    <span className="sr-only">{s.done ? ': done' : ': not done yet'}</span>
                    <span className="block text-sm text-muted-foreground">{s.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Tier history
          </CardTitle>
        </CardHeader>
        <CardContent>
          {o.history.length === 0 ? (
            <p className="text-muted-foreground">No change yet.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {o.history.map((h) => (
                <li key={h.changed_at + (h.to_tier ?? '')}>
                  {formatUkDate(h.changed_at)}: {tierLabel(h.from_tier)} to {tierLabel(h.to_tier)} (
                  {h.source === 'nightly'
                    ? 'nightly review'
                    : h.source === 'seed'
                      ? 'first assessment'
                      : 'your figures changed'}
                  )
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
