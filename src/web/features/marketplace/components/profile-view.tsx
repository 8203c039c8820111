import { ArrowLeft, Mail, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { OrganizationProfile } from '#shared/contracts/directory.ts'
import { organizationTypeLabel } from '#shared/domain/organizations.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { PublicPageMeta, useCanonicalUrl } from '#web/lib/page-meta.tsx'
import { TierBadge } from './tier-badge'
import { useOrganization } from '../api'
import { InviteLink, useKnownSession } from './invite-link'
import { NextTierPanel } from './next-tier-panel'
import { OrganizationNotFound } from './organization-not-found'
import { ProfileMetrics } from './profile-metrics'
import { ReviewList } from './review-list'
import { StarRating } from './star-rating'
import { organizationStructuredData } from '../structured-data'

function ProfileDetails({ org }: { org: OrganizationProfile }) {
  const typeLabel = organizationTypeLabel(org.type)
  const location = [org.town, org.postcode_district].filter(Boolean).join(', ')
  const url = useCanonicalUrl()
  const metrics = org.accreditation_metrics[0]
  const signedIn = useKnownSession()

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-8 sm:px-6 lg:px-8">
      <PublicPageMeta
        type="profile"
        title={`${org.name}: ${typeLabel}${org.town ? ` in ${org.town}` : ''}`}
        description={
          org.description ??
          `${org.name} is a ${typeLabel.toLowerCase()} listed on Homeward. See completion times, success rate and reviews.`
        }
        structuredData={organizationStructuredData(org, url)}
      />
      <Link
        to="/marketplace"
        className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the marketplace
      </Link>

      <header className="flex flex-col gap-4 border-b pb-8 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <TierBadge tier={org.accreditation_tier} />
            <StarRating ratings={org.marketplace_reviews.map((r) => r.rating_int)} />
          </div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{org.name}</h1>
          <p className="font-medium text-primary">{typeLabel}</p>
          {location && (
            <p className="flex items-center gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="size-4" />
              {location}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <InviteLink orgId={org.id} orgName={org.name} signedIn={signedIn} size="lg" />
          {org.contact_email && (
            <Button asChild variant="outline" size="lg">
              <a href={`mailto:${org.contact_email}`}>
                <Mail aria-hidden="true" />
                Email<span className="sr-only"> {org.name}</span>
              </a>
            </Button>
          )}
        </div>
      </header>

      <section aria-labelledby="about-heading" className="flex flex-col gap-3">
        <h2 id="about-heading" className="text-xl font-semibold">
          About
        </h2>
        <p className="text-slate-700">{org.description ?? `${org.name} has not written a description yet.`}</p>
        {location && (
          <p className="text-slate-700">
            <span className="font-semibold">Location:</span> {location}
          </p>
        )}
      </section>

      <section aria-labelledby="metrics-heading" className="flex flex-col gap-3">
        <h2 id="metrics-heading" className="text-xl font-semibold">
          Results on Homeward
        </h2>
        <ProfileMetrics metrics={metrics} type={org.type} />
      </section>

      <NextTierPanel tier={org.accreditation_tier} metrics={metrics} />

      <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Reviews ({org.reviews.length})
        </h2>
        <ReviewList reviews={org.reviews} />
      </section>
    </div>
  )
}

/**
 * /marketplace/:orgId: a professional's profile, or a friendly not-found when there is no such firm.
 * `rendered` is what the server rendered the page with (the firm, or null for none); without it (a
 * client-side navigation) the profile is fetched.
 */
export function ProfileView({ orgId, rendered }: { orgId: string; rendered?: OrganizationProfile | null }) {
  const query = useOrganization(orgId, rendered)
  if (rendered === null) return <OrganizationNotFound />
  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading profile" className="[&_svg]:size-8" />
      </div>
    )
  }
  if (query.isError) {
    const err = query.error
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return <OrganizationNotFound />
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">We could not load this profile</h1>
        <p className="text-muted-foreground">{err.message}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return <ProfileDetails org={query.data} />
}
