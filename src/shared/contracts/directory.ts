/** The public directory of professional firms (spec: Entities; The calls the product makes): the marketplace's list and profiles. */
import { z } from 'zod'
import { ACCREDITATION_TIERS, ORGANIZATION_TYPES } from '../domain/organizations'
import { endpoint, ERRORS, json, PUBLIC } from './endpoint'
import { Uuid } from './common'
import { REGULATOR_CHECK_STATUSES } from '../domain/firm-profile'
import { REGULATORS } from '../domain/regulators'
import { FirmOffice } from './firm-profile'

/** The latest accreditation_metrics row of an organization. Rates are fractions 0..1; csat out of 5. */
export const AccreditationMetrics = z.object({
  avg_days: z.number().int().nullable(),
  collapse_rate: z.number().nullable(),
  csat: z.number().nullable(),
  cases_count: z.number().int().nullable(),
  live_cases_count: z.number().int().nullable(),
  document_accuracy: z.number().nullable(),
  sla_rate: z.number().nullable(),
  /** The tier the accreditation engine computed with these figures. */
  tier: z.enum(['silver', 'gold', 'platinum']).nullable().optional(),
  reviews_count: z.number().int().nullable().optional(),
  /** Surveyors: average days from instruction to the report. */
  report_days: z.number().int().nullable().optional(),
  /** Surveyors: share of reports delivered on time, 0..1. */
  reports_on_time_rate: z.number().nullable().optional(),
  /** Brokers: average days from instruction to the mortgage offer. */
  offer_days: z.number().int().nullable().optional(),
  /** Estate agents: average days from sale agreed to completion. */
  sale_to_completion_days: z.number().int().nullable().optional(),
  recorded_at: z.string().optional(),
})
export type AccreditationMetrics = z.infer<typeof AccreditationMetrics>

/** One professional firm in the directory (spec: Entities, 'organizations'). */
export const DirectoryOrganization = z.object({
  id: Uuid,
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  accreditation_tier: z.enum(ACCREDITATION_TIERS).nullable(),
  town: z.string().nullable(),
  postcode_district: z.string().nullable(),
  description: z.string().nullable(),
  contact_email: z.string().nullable(),
  /** The firm's public profile (Firm settings; decision 056). */
  website: z.string().nullable(),
  /** The resized logo's public path (WebP), or null. */
  logo_url: z.string().nullable(),
  offices: z.array(FirmOffice),
  /** Keys of FIRM_SERVICES for its type. */
  services: z.array(z.string()),
  /** Keys of FIRM_LANGUAGES. */
  languages: z.array(z.string()),
  regulator: z.enum(REGULATORS).nullable(),
  regulator_number: z.string().nullable(),
  /** verified, not_found or unavailable; only verified earns the badge (regulatorBadge). */
  regulator_status: z.enum(REGULATOR_CHECK_STATUSES).nullable(),
  /** Which register checked it ('sandbox' or 'http'): a sandbox verification is labelled so. */
  regulator_checked_by: z.string().nullable(),
  /** Spec: Entities: only the first entry of the list is used, so the API returns just that one. */
  accreditation_metrics: z.array(AccreditationMetrics).max(1),
  marketplace_reviews: z.array(z.object({ rating_int: z.number().int().min(1).max(5) })),
})
export type DirectoryOrganization = z.infer<typeof DirectoryOrganization>

/** GET /api/organizations: every organization, highest tier first (spec: The calls the product makes, 'Directory'). */
export const DirectoryResponse = z.object({ organizations: z.array(DirectoryOrganization) })
export type DirectoryResponse = z.infer<typeof DirectoryResponse>

export const OrganizationParams = z.object({ orgId: Uuid })

/** One review on a profile page. */
export const MarketplaceReview = z.object({
  id: Uuid,
  rating_int: z.number().int().min(1).max(5),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
})
export type MarketplaceReview = z.infer<typeof MarketplaceReview>

/** GET /api/organizations/{orgId}: one organization with its reviews in full, newest first. */
export const OrganizationProfile = DirectoryOrganization.extend({ reviews: z.array(MarketplaceReview) })
export type OrganizationProfile = z.infer<typeof OrganizationProfile>

/**
 * GET /api/marketing-claims: what backs the public pages' marketing figures (decision 068). `mode`
 * 'demo' (NODE_ENV not production: the product spec's marketing copy is shown) or 'live' (a figure
 * is shown only from `listed_conveyancers`; the percentages and testimonials, which nothing backs yet,
 * are hidden). `listed_conveyancers`: conveyancing firms listed in the directory with an accreditation tier.
 */
export const MarketingClaims = z.object({
  mode: z.enum(['demo', 'live']),
  listed_conveyancers: z.number().int().min(0),
})
export type MarketingClaims = z.infer<typeof MarketingClaims>

/** The directory endpoints: public, non-personal data. */
export const directoryEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/organizations',
    security: PUBLIC,
    summary: 'Accredited professionals, highest tier first (public)',
    responses: { 200: json('Directory', DirectoryResponse), 503: ERRORS[503] },
  }),
  profile: endpoint({
    method: 'get',
    path: '/organizations/{orgId}',
    security: PUBLIC,
    summary: "One professional's profile with reviews (public)",
    request: { params: OrganizationParams },
    responses: { 200: json('Profile', OrganizationProfile), ...ERRORS },
  }),
  claims: endpoint({
    method: 'get',
    path: '/marketing-claims',
    security: PUBLIC,
    summary: "What backs the public pages' marketing figures: demo copy or live counts (public)",
    responses: { 200: json('MarketingClaims', MarketingClaims), 503: ERRORS[503] },
  }),
}
