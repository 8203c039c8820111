import { ACCREDITATION_TIERS } from '#shared/domain/organizations.ts'
import { tierCriteria, TIER_LABELS } from '../tier-criteria'
import { TierBadge } from './tier-badge'

const SUMMARIES = {
  silver: 'The starting tier for firms that are set up, trained and actively working cases on Homeward.',
  gold: 'For firms with a proven record of completing on time with few sales falling through.',
  platinum: 'Our highest tier: high volume, fast completions, very low fall-through and near-perfect paperwork.',
} as const

/**
 * The accreditation tiers and what each requires, generated from the thresholds of spec: Business constants and limits
 * (TIER_THRESHOLDS), so the page can never disagree with how tiers are awarded.
 */
export function AccreditationTiers({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h3' | 'h4'
  return (
    <ol className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      {ACCREDITATION_TIERS.map((tier) => (
        <li key={tier} className="flex flex-col gap-4 rounded-xl border bg-background p-6 shadow-sm" data-tier={tier}>
          <div className="flex items-center justify-between gap-2">
            <Heading className="text-xl font-semibold">{TIER_LABELS[tier]}</Heading>
            <TierBadge tier={tier} />
          </div>
          <p className="text-sm text-muted-foreground">{SUMMARIES[tier]}</p>
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-800">
            {tierCriteria(tier).map((c) => (
              <li key={c.label}>{c.label}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}
