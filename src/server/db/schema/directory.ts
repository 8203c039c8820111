/**
 * The marketplace directory: organizations, their accreditation metrics and reviews. spec: Entities;
 * tier thresholds in Business constants and limits. Rates are fractions 0..1, csat is out of 5.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  ACCREDITATION_TIERS,
  ORGANIZATION_TYPES,
  type AccreditationTier,
  type OrganizationType,
} from '#shared/domain/organizations.ts'
import type { FirmOffice } from '#shared/domain/firm-profile.ts'
import { REGULATOR_CHECK_STATUSES, type RegulatorCheckStatus } from '#shared/domain/firm-profile.ts'
import { REGULATORS, type Regulator } from '#shared/domain/regulators.ts'
import { checkSql, inList } from './sql-lists'

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').$type<OrganizationType>().notNull(),
    accreditationTier: text('accreditation_tier').$type<AccreditationTier>(),
    town: text('town'),
    postcodeDistrict: text('postcode_district'),
    description: text('description'),
    contactEmail: text('contact_email'),
    /** The firm's public profile (Firm settings, the firm API): https URL of its own website. */
    website: text('website'),
    /** Storage key of the resized logo (WebP), `firm-logos/<org id>/<sha-256 prefix>`; null without one. */
    logoKey: text('logo_key'),
    /** Offices: address lines, postcode and the postcode districts each covers (FirmOffice, validated by the contract). */
    offices: jsonb('offices').$type<FirmOffice[]>().notNull().default([]),
    /** Services the firm offers, keys of FIRM_SERVICES for its type. */
    services: text('services')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Languages spoken with clients, keys of FIRM_LANGUAGES ('en', 'cy' ...). */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The regulator the firm names and its number there, as the firm entered it (normalised). */
    regulator: text('regulator').$type<Regulator>(),
    regulatorNumber: text('regulator_number'),
    /** What the RegulatorRegister said of that number: verified, not_found or unavailable (register down). */
    regulatorStatus: text('regulator_status').$type<RegulatorCheckStatus>(),
    /** Which register adapter answered ('sandbox' or 'http'): a sandbox verification is labelled so. */
    regulatorCheckedBy: text('regulator_checked_by'),
    regulatorCheckedAt: timestamp('regulator_checked_at', { withTimezone: true }),
    /** The name the register holds for the number, when it found it. */
    regulatorRegisteredName: text('regulator_registered_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_type_idx').on(t.type),
    index('organizations_tier_name_idx').on(t.accreditationTier, t.name),
    check('organizations_type_check', checkSql`type in ${inList(ORGANIZATION_TYPES)}`),
    check(
      'organizations_tier_check',
      checkSql`accreditation_tier is null or accreditation_tier in ${inList(ACCREDITATION_TIERS)}`,
    ),
    check('organizations_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('organizations_regulator_check', checkSql`regulator is null or regulator in ${inList(REGULATORS)}`),
    check(
      'organizations_regulator_status_check',
      checkSql`regulator_status is null or regulator_status in ${inList(REGULATOR_CHECK_STATUSES)}`,
    ),
  ],
)

export const accreditationMetrics = pgTable(
  'accreditation_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    avgDays: integer('avg_days'),
    collapseRate: numeric('collapse_rate', { precision: 5, scale: 4, mode: 'number' }),
    csat: numeric('csat', { precision: 3, scale: 2, mode: 'number' }),
    casesCount: integer('cases_count'),
    liveCasesCount: integer('live_cases_count'),
    documentAccuracy: numeric('document_accuracy', { precision: 5, scale: 4, mode: 'number' }),
    slaRate: numeric('sla_rate', { precision: 5, scale: 4, mode: 'number' }),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    academyLiteAccess: boolean('academy_lite_access').notNull().default(false),
    /** The tier the accreditation engine computed from this row (null: not even Silver). */
    tier: text('tier'),
    /** Reviews the CSAT was computed from. */
    reviewsCount: integer('reviews_count'),
    /** Surveyors: average whole days from instruction to the report. */
    reportDays: integer('report_days'),
    /** Surveyors: share of reports delivered on time, 0..1. */
    reportsOnTimeRate: numeric('reports_on_time_rate', { precision: 5, scale: 4, mode: 'number' }),
    /** Brokers: average whole days from instruction to the mortgage offer. */
    offerDays: integer('offer_days'),
    /** Estate agents: average whole days from sale agreed to completion. */
    saleToCompletionDays: integer('sale_to_completion_days'),
    /** What made the engine compute this row: 'change' (an input changed), 'nightly' or 'seed'. */
    source: text('source').notNull().default('change'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accreditation_metrics_org_recorded_idx').on(t.organizationId, t.recordedAt.desc()),
    check('accreditation_metrics_avg_days_check', sql`${t.avgDays} is null or ${t.avgDays} >= 0`),
    check(
      'accreditation_metrics_collapse_rate_check',
      sql`${t.collapseRate} is null or ${t.collapseRate} between 0 and 1`,
    ),
    check('accreditation_metrics_csat_check', sql`${t.csat} is null or ${t.csat} between 0 and 5`),
    check('accreditation_metrics_cases_check', sql`${t.casesCount} is null or ${t.casesCount} >= 0`),
    check('accreditation_metrics_live_cases_check', sql`${t.liveCasesCount} is null or ${t.liveCasesCount} >= 0`),
    check(
      'accreditation_metrics_document_accuracy_check',
      sql`${t.documentAccuracy} is null or ${t.documentAccuracy} between 0 and 1`,
    ),
    check('accreditation_metrics_sla_rate_check', sql`${t.slaRate} is null or ${t.slaRate} between 0 and 1`),
    check('accreditation_metrics_tier_check', checkSql`tier is null or tier in ${inList(ACCREDITATION_TIERS)}`),
    check(
      'accreditation_metrics_on_time_check',
      sql`${t.reportsOnTimeRate} is null or ${t.reportsOnTimeRate} between 0 and 1`,
    ),
    check('accreditation_metrics_source_check', sql`${t.source} in ('change', 'nightly', 'seed')`),
    index('accreditation_metrics_source_recorded_idx').on(t.source, t.recordedAt.desc()),
  ],
)

/** Every change of an organization's tier, as the accreditation engine decided it. */
export const accreditationTierChanges = pgTable(
  'accreditation_tier_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fromTier: text('from_tier'),
    toTier: text('to_tier'),
    /** Why the engine ran: 'change' (an input changed), 'nightly' or 'seed'. */
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accreditation_tier_changes_org_idx').on(t.organizationId, t.changedAt.desc()),
    check(
      'accreditation_tier_changes_tiers_check',
      checkSql`(from_tier is null or from_tier in ${inList(ACCREDITATION_TIERS)}) and (to_tier is null or to_tier in ${inList(ACCREDITATION_TIERS)})`,
    ),
    check('accreditation_tier_changes_source_check', sql`${t.source} in ('change', 'nightly', 'seed')`),
  ],
)
