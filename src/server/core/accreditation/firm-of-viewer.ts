/**
 * The firm a professional works for on Homeward: the firm they are a current member of
 * (organization_members); for someone in no firm yet, the organisation they most recently joined a
 * move for (transaction_participants.organization_id). Everything in accreditation asks here.
 */
import { sql } from 'drizzle-orm'
import { onboardingChecklist, type OnboardingStep } from '#shared/domain/onboarding.ts'
import type { OrganizationType } from '#shared/domain/organizations.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { organizationFactsSql, type OrganizationFacts } from './compute-accreditation'

export interface Firm {
  id: string
  name: string
  type: OrganizationType
}

/** The viewer's firm, or null when they joined no move for one. */
export async function firmOf(db: Database['db'] | Tx, profileId: string): Promise<Firm | null> {
  const res = await db.execute(sql`select o.id, o.name, o.type from (
      select om.organization_id, 0 as pref, now() as at from organization_members om
        where om.profile_id = ${profileId} and om.removed_at is null
      union all
      select tp.organization_id, 1, tp.created_at from transaction_participants tp
        where tp.user_id = ${profileId} and tp.organization_id is not null
    ) f join organizations o on o.id = f.organization_id
    order by f.pref, f.at desc, o.id limit 1`)
  return (res.rows[0] as unknown as Firm | undefined) ?? null
}

/** The engine's facts about one organization, read now. */
export async function factsOf(db: Database['db'] | Tx, organizationId: string): Promise<OrganizationFacts> {
  const res = await db.execute(organizationFactsSql([organizationId]))
  return res.rows[0] as unknown as OrganizationFacts
}

/** The onboarding checklist of an organization from its facts. */
export function onboardingOf(f: OrganizationFacts): OnboardingStep[] {
  return onboardingChecklist({
    profileComplete: f.profile_complete,
    teamMembers: f.members,
    cases: f.cases,
    coursesPassed: f.courses_passed,
  })
}
