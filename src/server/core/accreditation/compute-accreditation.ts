/**
 * The accreditation engine: computes each organization's live metrics from what happened on
 * Homeward, decides its tier with the published rules (src/shared/domain/tiers.ts), stores the
 * figures as a new accreditation_metrics row (what the marketplace shows), sets
 * organizations.accreditation_tier, and records each change of tier in accreditation_tier_changes.
 *
 * Where the figures come from (an organization's cases are its moves, its members and its live and
 * completed counts as src/server/core/firm-figures.ts defines them, the one source the cases board
 * and onboarding read too; its people, for documents and courses, are its participants on moves):
 * - live cases: its moves in draft, active or exchange; completed: status completed;
 * - average days: completion date minus the day the firm joined the move, over completed moves;
 * - fall-through: cancelled over completed plus cancelled;
 * - CSAT: mean rating of its marketplace reviews (buyers and sellers review after completion);
 * - document accuracy: of the documents its people uploaded on its moves, the share neither replaced
 *   by a version marked as correcting an error nor declined at signing;
 * - SLA met share: sla-share.ts (no data until SLA clocks exist);
 * - onboarding: the checklist of src/shared/domain/onboarding.ts; Academy Lite access: one of its
 *   people passed a course in the last 12 months;
 * - per trade: surveyors' days to report and reports on time (first Property document its people
 *   uploaded), brokers' days to mortgage offer (first Mortgage document), agents' sale agreed (the
 *   move's creation) to completion.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { onboardingComplete } from '#shared/domain/onboarding.ts'
import { ACCREDITATION_TIERS, ORGANIZATION_TYPES, type AccreditationTier } from '#shared/domain/organizations.ts'
import { assessAccreditation, type TierMetrics } from '#shared/domain/tiers.ts'
import { SURVEY_REPORT_ON_TIME_DAYS } from '#shared/domain/trade-metrics.ts'
import type { Tx } from '#server/db/client.ts'
import { IdRow, rows as parseRows } from '#server/db/rows.ts'
import { accreditationMetrics, accreditationTierChanges } from '#server/db/schema/index.ts'
import { firmFiguresSql, firmMovesSql } from '../firm-figures'
import { profileCompleteSql } from '#server/core/firm-profile/listing.ts'
import { slaMetShareByOrganization } from './sla-share'

export type EngineSource = 'change' | 'nightly' | 'seed'

// One engine run at a time: two runs over the same organization would each see the other's tier as
// old and both record a change.
const ENGINE_LOCK_KEY = 4_242_018

/** The facts the engine reads for one organization, as the SQL returns them (counts and days `::int`, csat `::float8`). */
export const OrganizationFacts = z.object({
  id: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  current_tier: z.enum(ACCREDITATION_TIERS).nullable(),
  profile_complete: z.boolean(),
  members: z.number(),
  cases: z.number(),
  live: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  avg_days: z.number().nullable(),
  sale_days: z.number().nullable(),
  reviews: z.number(),
  csat: z.number().nullable(),
  docs: z.number(),
  faulty_docs: z.number(),
  courses_passed: z.number(),
  recent_course: z.boolean(),
  report_days: z.number().nullable(),
  reports_on_time: z.number().nullable(),
  deliverables: z.number(),
})
export type OrganizationFacts = z.output<typeof OrganizationFacts>

/** One SQL statement: the facts of the organizations in `ids` (all when null). */
export function organizationFactsSql(ids: readonly string[] | null) {
  const only = ids ? sql`where o.id = any(string_to_array(${ids.join(',')}, ',')::uuid[])` : sql``
  return sql`
with orgs as (
  select o.id, o.type, o.accreditation_tier as current_tier,
    ${sql.raw(profileCompleteSql('o'))} as profile_complete
  from organizations o ${only}
),
part as (
  select tp.organization_id as org_id, tp.transaction_id as tx_id, tp.user_id, tp.created_at
  from transaction_participants tp join orgs on orgs.id = tp.organization_id
),
cases as (
  select fm.org_id, fm.tx_id, fm.joined_at as instructed_at, t.status, t.created_at as agreed_at,
    coalesce(t.completion_date, (t.updated_at at time zone 'Europe/London')::date) as completed_on
  from (${firmMovesSql(sql`select id from orgs`)}) fm join transactions t on t.id = fm.tx_id
),
figures as (${firmFiguresSql(sql`select id from orgs`)}),
case_stats as (
  select org_id,
    (count(*) filter (where status = 'cancelled'))::int as cancelled,
    round(avg(completed_on - (instructed_at at time zone 'Europe/London')::date) filter (where status = 'completed'))::int as avg_days,
    round(avg(completed_on - (agreed_at at time zone 'Europe/London')::date) filter (where status = 'completed'))::int as sale_days
  from cases group by org_id
),
docs as (
  select p.org_id, d.id, d.transaction_id, d.folder, d.filename, d.version, d.created_at
  from part p join documents d on d.transaction_id = p.tx_id and d.uploaded_by = p.user_id
),
doc_stats as (
  select org_id, count(*)::int as docs,
    (count(*) filter (where exists (select 1 from documents n where n.transaction_id = docs.transaction_id
        and n.folder = docs.folder and n.filename = docs.filename and n.version = docs.version + 1 and n.corrects_error)
      or exists (select 1 from signature_requests s where s.document_id = docs.id and s.status = 'declined')))::int as faulty
  from docs group by org_id
),
delivered as (
  select c.org_id, c.tx_id, min(d.created_at) - c.instructed_at as took
  from cases c join orgs o on o.id = c.org_id
  join docs d on d.org_id = c.org_id and d.transaction_id = c.tx_id
    and d.folder = case o.type when 'survey' then 'Property' when 'broker' then 'Mortgage' end
  group by c.org_id, c.tx_id, c.instructed_at
),
delivered_stats as (
  select org_id, count(*)::int as deliverables,
    round(avg(extract(epoch from took) / 86400))::int as report_days,
    (count(*) filter (where took <= make_interval(days => ${SURVEY_REPORT_ON_TIME_DAYS})))::int as on_time
  from delivered group by org_id
),
people as (select distinct org_id, user_id from part),
academy as (
  select m.org_id, count(*)::int as courses_passed, bool_or(r.passed_at > now() - interval '12 months') as recent
  from people m join cpd_records r on r.profile_id = m.user_id group by m.org_id
),
reviews as (
  select r.organization_id as org_id, count(*)::int as reviews, round(avg(r.rating_int), 2)::float8 as csat
  from marketplace_reviews r join orgs on orgs.id = r.organization_id group by r.organization_id
)
select o.id, o.type, o.current_tier, o.profile_complete,
  fg.members, fg.matters as cases, fg.live, fg.completed,
  coalesce(cs.cancelled, 0) as cancelled, cs.avg_days, cs.sale_days,
  coalesce(rv.reviews, 0) as reviews, rv.csat,
  coalesce(ds.docs, 0) as docs, coalesce(ds.faulty, 0) as faulty_docs,
  coalesce(a.courses_passed, 0) as courses_passed, coalesce(a.recent, false) as recent_course,
  dl.report_days, dl.on_time as reports_on_time, coalesce(dl.deliverables, 0) as deliverables
from orgs o
join figures fg on fg.org_id = o.id
left join case_stats cs on cs.org_id = o.id
left join doc_stats ds on ds.org_id = o.id
left join delivered_stats dl on dl.org_id = o.id
left join academy a on a.org_id = o.id
left join reviews rv on rv.org_id = o.id
order by o.id`
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000

/** The tier metrics of one organization's facts; null where there is nothing to measure from. */
export function tierMetricsOf(f: OrganizationFacts, slaRate: number | null): TierMetrics {
  const closed = f.completed + f.cancelled
  return {
    onboardingComplete: onboardingComplete({
      profileComplete: f.profile_complete,
      teamMembers: f.members,
      cases: f.cases,
      coursesPassed: f.courses_passed,
    }),
    academyLiteAccess: f.recent_course,
    liveCases: f.live,
    slaRate,
    completedCases: f.completed,
    avgDays: f.avg_days,
    collapseRate: closed === 0 ? null : round4(f.cancelled / closed),
    csat: f.csat,
    documentAccuracy: f.docs === 0 ? null : round4(1 - f.faulty_docs / f.docs),
  }
}

export interface EngineResult {
  organizations: number
  changes: Array<{ organizationId: string; from: AccreditationTier | null; to: AccreditationTier | null }>
}

/**
 * Recomputes the organizations in `organizationIds` ('all' for every one) inside the caller's
 * transaction: one metrics row each (`source` says why), their tier set, and one history row per
 * change of tier. Serialised by an advisory lock held to the end of the transaction.
 */
export async function recomputeAccreditation(
  tx: Tx,
  {
    organizationIds,
    source,
    at,
  }: {
    organizationIds: readonly string[] | 'all'
    source: EngineSource
    /** When the figures count as recorded; default the database's now(). */
    at?: Date
  },
): Promise<EngineResult> {
  const ids = organizationIds === 'all' ? null : [...new Set(organizationIds)]
  if (ids && ids.length === 0) return { organizations: 0, changes: [] }
  await tx.execute(sql`select pg_advisory_xact_lock(${ENGINE_LOCK_KEY})`)
  const facts = parseRows(OrganizationFacts, await tx.execute(organizationFactsSql(ids)))
  if (facts.length === 0) return { organizations: 0, changes: [] }
  const sla = await slaMetShareByOrganization(
    tx,
    facts.map((f) => f.id),
  )
  const rows = facts.map((f) => {
    const metrics = tierMetricsOf(f, sla.get(f.id) ?? null)
    return { f, metrics, tier: assessAccreditation(metrics).tier }
  })
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(accreditationMetrics).values(
      rows.slice(i, i + 1000).map(({ f, metrics, tier }) => ({
        organizationId: f.id,
        avgDays: metrics.avgDays,
        collapseRate: metrics.collapseRate,
        csat: metrics.csat,
        casesCount: metrics.completedCases,
        liveCasesCount: metrics.liveCases,
        documentAccuracy: metrics.documentAccuracy,
        slaRate: metrics.slaRate,
        onboardingComplete: metrics.onboardingComplete,
        academyLiteAccess: metrics.academyLiteAccess,
        tier,
        reviewsCount: f.reviews,
        reportDays: f.type === 'survey' ? f.report_days : null,
        reportsOnTimeRate:
          f.type === 'survey' && f.deliverables > 0 ? round4((f.reports_on_time ?? 0) / f.deliverables) : null,
        offerDays: f.type === 'broker' ? f.report_days : null,
        saleToCompletionDays: f.type === 'agent' ? f.sale_days : null,
        source,
        ...(at ? { recordedAt: at } : {}),
      })),
    )
  }
  const changed = rows.filter((r) => r.tier !== r.f.current_tier)
  if (changed.length > 0) {
    await tx.execute(sql`update organizations o set accreditation_tier = t.tier, updated_at = now()
      from unnest(string_to_array(${changed.map((r) => r.f.id).join(',')}, ',')::uuid[],
                  string_to_array(${changed.map((r) => r.tier ?? '').join(',')}, ',')) as u(id, tier_text),
           lateral (select nullif(u.tier_text, '') as tier) t
      where o.id = u.id`)
    await tx.insert(accreditationTierChanges).values(
      changed.map((r) => ({
        organizationId: r.f.id,
        fromTier: r.f.current_tier,
        toTier: r.tier,
        source,
        ...(at ? { changedAt: at } : {}),
      })),
    )
  }
  return {
    organizations: rows.length,
    changes: changed.map((r) => ({ organizationId: r.f.id, from: r.f.current_tier, to: r.tier })),
  }
}

/** The organizations a move's participants work for: whose metrics change when the move does. */
export async function organizationsOnTransaction(tx: Tx, txId: string): Promise<string[]> {
  const res = await tx.execute(sql`select distinct organization_id as id from transaction_participants
    where transaction_id = ${txId} and organization_id is not null`)
  return parseRows(IdRow, res).map((r) => r.id)
}

/** The organizations a person works for (through the moves they joined for one). */
export async function organizationsOfPerson(tx: Tx, profileId: string): Promise<string[]> {
  const res = await tx.execute(sql`select distinct organization_id as id from transaction_participants
    where user_id = ${profileId} and organization_id is not null`)
  return parseRows(IdRow, res).map((r) => r.id)
}
