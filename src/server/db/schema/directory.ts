/**
 * The marketplace directory: organizations, their accreditation metrics and reviews. Spec section 3;
 * tier thresholds in section 9. Rates are fractions 0..1, csat is out of 5.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  ACCREDITATION_TIERS,
  ORGANIZATION_TYPES,
  type AccreditationTier,
  type OrganizationType,
} from '../../../shared/domain/organizations'
import { sqlInList } from './sql-lists'

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_type_idx').on(t.type),
    index('organizations_tier_name_idx').on(t.accreditationTier, t.name),
    check('organizations_type_check', sql.raw(`type in ${sqlInList(ORGANIZATION_TYPES)}`)),
    check(
      'organizations_tier_check',
      sql.raw(`accreditation_tier is null or accreditation_tier in ${sqlInList(ACCREDITATION_TIERS)}`),
    ),
    check('organizations_name_length', sql`char_length(${t.name}) between 1 and 200`),
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
  ],
)

export const marketplaceReviews = pgTable(
  'marketplace_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ratingInt: integer('rating_int').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_reviews_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('marketplace_reviews_rating_check', sql`${t.ratingInt} between 1 and 5`),
    check('marketplace_reviews_body_length', sql`char_length(${t.body}) <= 5000`),
  ],
)
