/**
 * The viewer's firm's Accreditation page: the figures as the engine last stored them, every tier
 * criterion checked against the live facts read now (so the page is never behind a change), the gap
 * to the next tier, the onboarding checklist and the last 20 tier changes.
 */
import { sql } from 'drizzle-orm'
import type { AccreditationPage } from '#shared/contracts/accreditation.ts'
import { assessAccreditation } from '#shared/domain/tiers.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { tierMetricsOf } from '#server/core/accreditation/compute-accreditation.ts'
import { factsOf, firmOf, onboardingOf } from '#server/core/accreditation/firm-of-viewer.ts'
import { slaMetShareByOrganization } from '#server/core/accreditation/sla-share.ts'

type Org = NonNullable<AccreditationPage['organization']>

export async function getAccreditation({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<AccreditationPage> {
  return database.db.transaction(async (tx) => {
    const firm = await firmOf(tx, viewer.profileId)
    if (!firm) return { organization: null }
    const facts = await factsOf(tx, firm.id)
    const sla = (await slaMetShareByOrganization(tx, [firm.id])).get(firm.id) ?? null
    const assessment = assessAccreditation(tierMetricsOf(facts, sla))
    const latest =
      await tx.execute(sql`select json_build_object('avg_days', m.avg_days, 'collapse_rate', m.collapse_rate::float8,
        'csat', m.csat::float8, 'cases_count', m.cases_count, 'live_cases_count', m.live_cases_count,
        'document_accuracy', m.document_accuracy::float8, 'sla_rate', m.sla_rate::float8, 'tier', m.tier,
        'reviews_count', m.reviews_count, 'report_days', m.report_days, 'reports_on_time_rate', m.reports_on_time_rate::float8,
        'offer_days', m.offer_days, 'sale_to_completion_days', m.sale_to_completion_days, 'recorded_at', m.recorded_at) as figures
      from accreditation_metrics m where m.organization_id = ${firm.id} order by m.recorded_at desc limit 1`)
    const figures = (latest.rows[0] as { figures: Org['figures'] } | undefined)?.figures ?? null
    const history = await tx.execute(sql`select from_tier, to_tier, source, changed_at
      from accreditation_tier_changes where organization_id = ${firm.id} order by changed_at desc limit 20`)
    const tier = await tx.execute(sql`select accreditation_tier as tier from organizations where id = ${firm.id}`)
    return {
      organization: {
        id: firm.id,
        name: firm.name,
        type: firm.type,
        tier: (tier.rows[0] as { tier: Org['tier'] }).tier,
        computed_at: figures?.recorded_at ? new Date(figures.recorded_at).toISOString() : null,
        figures,
        next_tier: assessment.nextTier,
        criteria: assessment.criteria,
        gaps_to_next: assessment.gapsToNext,
        onboarding: onboardingOf(facts),
        history: (
          history.rows as Array<Omit<Org['history'][number], 'changed_at'> & { changed_at: string | Date }>
        ).map((h) => ({ ...h, changed_at: new Date(h.changed_at).toISOString() })),
      },
    }
  })
}
