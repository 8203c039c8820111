/**
 * The firm a professional works for on Homeward. Until firm membership exists as its own table, a
 * person works for the organizations they joined moves for (transaction_participants.organization_id);
 * the most recent one is their firm. Firm membership (organization members with roles) replaces this
 * lookup when it lands; everything else asks here.
 */
import { sql } from 'drizzle-orm'
import { onboardingChecklist, type OnboardingStep } from '../../../shared/domain/onboarding'
import type { OrganizationType } from '../../../shared/domain/organizations'
import type { Database, Tx } from '../../db/client'
import { organizationFactsSql, type OrganizationFacts } from './compute-accreditation'

export interface Firm {
  id: string
  name: string
  type: OrganizationType
}

/** The viewer's firm, or null when they joined no move for one. */
export async function firmOf(db: Database['db'] | Tx, profileId: string): Promise<Firm | null> {
  const res = await db.execute(sql`select o.id, o.name, o.type from transaction_participants tp
    join organizations o on o.id = tp.organization_id
    where tp.user_id = ${profileId} order by tp.created_at desc, o.id limit 1`)
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
