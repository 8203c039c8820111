import { ArrowLeft, Mail, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { OrganizationProfile } from '#shared/contracts/directory.ts'
import { FIRM_LANGUAGES, servicesFor } from '#shared/domain/firm-profile.ts'
import { organizationTypeLabel } from '#shared/domain/organizations.ts'
import { REGULATOR_LABELS } from '#shared/domain/regulators.ts'
import { RegulatorBadge } from '#web/components/regulator-badge.tsx'
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
          <div className="flex items-center gap-4">
            {org.logo_url ? (
              <img
                src={org.logo_url}
                alt={`${org.name} logo`}
                width={80}
                height={80}
                className="size-20 shrink-0 rounded-lg border bg-background object-contain"
              />
            ) : null}
            <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words sm:text-4xl">{org.name}</h1>
          </div>
          <p className="font-medium text-primary">{typeLabel}</p>
          {location && (
            <p className="flex items-center gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="size-4" />
              {location}
            </p>
          )}
          <RegulatorBadge
            regulator={org.regulator}
            status={org.regulator_status}
            checkedBy={org.regulator_checked_by}
            className="w-fit"
          />
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
        <p className="whitespace-pre-line text-slate-700">
          {org.description ?? `${org.name} has not written a description yet.`}
        </p>
        {location && (
          <p className="text-slate-700">
            <span className="font-semibold">Location:</span> {location}
          </p>
        )}
        {org.website ? (
          <p className="text-slate-700">
            <span className="font-semibold">Website:</span>{' '}
            <a href={org.website} rel="nofollow noopener noreferrer" target="_blank" className="break-all underline">
              {org.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          </p>
        ) : null}
        {org.regulator && org.regulator_number ? (
          <p className="text-slate-700" data-testid="regulator-line">
            <span className="font-semibold">Regulated by:</span> {REGULATOR_LABELS[org.regulator]}, number{' '}
            {org.regulator_number}
            {org.regulator_status === 'verified' ? '' : ' (not verified by the register)'}
          </p>
        ) : null}
      </section>

      {org.services.length > 0 || org.languages.length > 0 ? (
        <section aria-labelledby="services-heading" className="grid gap-6 sm:grid-cols-2">
          {org.services.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h2 id="services-heading" className="text-xl font-semibold">
                Services
              </h2>
              <ul className="list-inside list-disc text-slate-700">
                {org.services.map((key) => (
                  <li key={key}>{servicesFor(org.type)[key] ?? key}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {org.languages.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h2 className="text-xl font-semibold">Languages</h2>
              <ul className="flex flex-wrap gap-2" aria-label="Languages spoken with clients">
                {org.languages.map((code) => (
                  <li key={code} className="rounded-full border px-3 py-1 text-sm text-slate-700">
                    {(FIRM_LANGUAGES as Record<string, string>)[code] ?? code}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      {org.offices.length > 0 ? (
        <section aria-labelledby="offices-heading" className="flex flex-col gap-3">
          <h2 id="offices-heading" className="text-xl font-semibold">
            Offices
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {org.offices.map((o) => (
              <li key={`${o.address}-${o.postcode}`} className="rounded-lg border p-4 text-slate-700">
                <p className="font-medium break-words">{o.address}</p>
                <p>{o.postcode}</p>
                {o.districts.length > 0 ? (
                  <p className="mt-1 text-sm text-muted-foreground">Covers {o.districts.join(', ')}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

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
