import { Award } from 'lucide-react'
import { Badge } from '#web/components/ui/badge.tsx'
import type { AccreditationTier } from '#shared/domain/organizations.ts'
import { TIER_LABELS } from '../tier-criteria'

const VARIANT = { platinum: 'platinum', gold: 'gold', silver: 'muted' } as const

/** A tier badge in the spec: States and transitions colours: platinum purple, gold accent, anything else muted. */
export function TierBadge({ tier }: { tier: AccreditationTier | null }) {
  if (!tier) {
    return <Badge variant="outline">Not yet accredited</Badge>
  }
  return (
    <Badge variant={VARIANT[tier]} data-tier={tier}>
      <Award aria-hidden="true" />
      {TIER_LABELS[tier]}
    </Badge>
  )
}
