import { MapPin } from 'lucide-react'
import { memo } from 'react'
import { Link } from 'react-router'
import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { organizationTypeLabel } from '#shared/domain/organizations.ts'
import { RegulatorBadge } from '#web/components/regulator-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TierBadge } from './tier-badge'
import { usePrefetchOrganization } from '../api'
import { InviteLink } from './invite-link'
import { OrganizationMetrics } from './organization-metrics'
import { StarRating } from './star-rating'
import { organizationPath } from '#shared/paths.ts'
import { sameCardContent } from '../same-card'

/**
 * One professional in the marketplace grid (spec: Screens and routes): tier, rating, logo, name, type,
 * the regulator badge when verified, the description's first lines, metrics, Invite and Profile. Re-rendered only when what it shows changes (sameCardContent).
 */
export const OrganizationCard = memo(
  function OrganizationCard({ org, signedIn }: { org: DirectoryOrganization; signedIn: boolean | undefined }) {
    const prefetch = usePrefetchOrganization()
    const location = [org.town, org.postcode_district].filter(Boolean).join(', ')
    const headingId = `org-${org.id}`
    return (
      <article
        aria-labelledby={headingId}
        data-testid="organization-card"
        className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm [contain-intrinsic-size:auto_19rem] [content-visibility:auto]"
      >
        <div className="flex items-center justify-between gap-2">
          <TierBadge tier={org.accreditation_tier} />
          <StarRating ratings={org.marketplace_reviews.map((r) => r.rating_int)} />
        </div>
        <div className="flex items-start gap-3">
          {org.logo_url ? (
            <img
              src={org.logo_url}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-md border object-contain"
            />
          ) : null}
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg leading-snug font-semibold break-words">
              {org.name}
            </h3>
            <p className="text-sm font-medium text-primary" data-testid="type-label">
              {organizationTypeLabel(org.type)}
            </p>
            {location && (
              <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden="true" className="size-3.5" />
                {location}
              </p>
            )}
          </div>
        </div>
        <RegulatorBadge
          regulator={org.regulator}
          status={org.regulator_status}
          checkedBy={org.regulator_checked_by}
          className="w-fit"
        />
        {org.description ? (
          <p className="line-clamp-3 text-sm text-slate-700" data-testid="card-description">
            {org.description}
          </p>
        ) : null}
        <OrganizationMetrics metrics={org.accreditation_metrics[0]} type={org.type} />
        <div className="mt-auto grid grid-cols-2 gap-2">
          <InviteLink orgId={org.id} orgName={org.name} signedIn={signedIn} />
          <Button asChild variant="outline">
            <Link to={organizationPath(org.id)} onMouseEnter={() => prefetch(org.id)} onFocus={() => prefetch(org.id)}>
              Profile<span className="sr-only"> of {org.name}</span>
            </Link>
          </Button>
        </div>
      </article>
    )
  },
  (prev, next) => prev.signedIn === next.signedIn && sameCardContent(prev.org, next.org),
)
