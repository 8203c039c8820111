import { CircleCheck, CircleDashed, CircleHelp } from 'lucide-react'
import type { AccreditationMetrics } from '#shared/contracts/directory.ts'
import type { AccreditationTier } from '#shared/domain/organizations.ts'
import { TierBadge } from './tier-badge'
import { nextTier, tierCriteria, TIER_LABELS, type TierCriterion } from '../tier-criteria'

function CriterionRow({ criterion }: { criterion: TierCriterion }) {
  const { label, current, met } = criterion
  const Icon = met === true ? CircleCheck : met === false ? CircleDashed : CircleHelp
  const status = met === true ? 'Met' : met === false ? 'Not yet' : 'Not published'
  return (
    <li className="flex items-start gap-3">
      <Icon
        aria-hidden="true"
        className={met === true ? 'mt-0.5 size-5 shrink-0 text-primary' : 'mt-0.5 size-5 shrink-0 text-slate-500'}
      />
      <div>
        <p className="font-medium">{label}</p>
        <p className="text-sm text-muted-foreground">
          {status}
          {current && `: currently ${current}`}
        </p>
      </div>
    </li>
  )
}

/**
 * The firm's tier and what it takes to reach the next one, from the spec: Business constants and limits thresholds
 * checked against its published metrics. At Platinum it shows what the firm keeps meeting.
 */
export function NextTierPanel({
  tier,
  metrics,
}: {
  tier: AccreditationTier | null
  metrics: AccreditationMetrics | undefined
}) {
  const next = nextTier(tier)
  const shown = next ?? 'platinum'
  return (
    <div className="flex flex-col gap-4 rounded-xl border bg-background p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Accreditation</h2>
        <TierBadge tier={tier} />
      </div>
      <p className="text-slate-700">
        {next
          ? tier
            ? `To reach ${TIER_LABELS[next]}, a firm needs everything below on top of its ${TIER_LABELS[tier]} requirements.`
            : `To reach ${TIER_LABELS[next]}, a firm needs:`
          : 'Platinum is our highest tier. To keep it, a firm must go on meeting all of these:'}
      </p>
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {next ? `Next tier: ${TIER_LABELS[next]}` : 'Platinum requirements'}
      </h3>
      <ul className="flex flex-col gap-3">
        {tierCriteria(shown, metrics).map((c) => (
          <CriterionRow key={c.label} criterion={c} />
        ))}
      </ul>
    </div>
  )
}
