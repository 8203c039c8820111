import { Link } from 'react-router'
import type { Badge as BadgeData } from '#shared/contracts/verification.ts'
import type { BadgeState } from '#shared/domain/client-due-diligence.ts'
import { cddPath } from '#shared/paths.ts'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { useVerificationSummary } from '../api'
import { isSandboxProvider, SandboxBadge } from '#web/components/sandbox-badge.tsx'

const STATE_LABELS: Record<BadgeState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  verified: 'Verified',
  needs_review: 'Needs review',
  failed: 'Failed',
}

const STATE_VARIANTS: Record<BadgeState, BadgeVariant> = {
  not_started: 'muted',
  in_progress: 'soft',
  verified: 'success',
  needs_review: 'gold',
  failed: 'destructive',
}

/** One badge: its kind and state in words ("Identity: Verified"), never colour alone. */
export function VerificationBadge({ badge }: { badge: BadgeData }) {
  return (
    <Badge variant={STATE_VARIANTS[badge.state]} data-testid={`badge-${badge.kind}`}>
      {badge.label}: {STATE_LABELS[badge.state]}
    </Badge>
  )
}

/**
 * A person's badges on their People card (identity, CDD; more kinds join the list from the server),
 * shown only where the server sends them: to the person and to the conveyancer instructed for them.
 * The conveyancer also gets a link to the client's CDD record.
 */
export function PartyBadges({ txId, profileId }: { txId: string; profileId: string }) {
  const summary = useVerificationSummary(txId)
  const party = summary.data?.parties.find((p) => p.profile_id === profileId)
  if (!party) return null
  return (
    <div className="mt-2 flex flex-col gap-2">
      <ul className="flex flex-wrap gap-1.5" aria-label={`Checks of ${party.full_name}`}>
        {party.badges.map((b) => (
          <li key={b.kind}>
            <VerificationBadge badge={b} />
          </li>
        ))}
        {isSandboxProvider(summary.data?.provider_label) && party.badges.length > 0 && (
          <li>
            <SandboxBadge detail="checked by the sandbox identity provider, not a real one" />
          </li>
        )}
      </ul>
      {party.can_review_cdd && (
        <Link className="text-sm font-medium underline" to={cddPath(txId, profileId)}>
          Client due diligence<span className="sr-only"> for {party.full_name}</span>
        </Link>
      )}
    </div>
  )
}
