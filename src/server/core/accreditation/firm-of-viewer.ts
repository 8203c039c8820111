/**
 * The firm a professional works for on Homeward: the firm they are a current member of
 * (organization_members); for someone in no firm yet, the organisation they most recently joined a
 * move for (transaction_participants.organization_id). Everything in accreditation asks here.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { onboardingChecklist, type OnboardingStep } from '#shared/domain/onboarding.ts'
import { ORGANIZATION_TYPES } from '#shared/domain/organizations.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import { OrganizationFacts, organizationFactsSql } from './compute-accreditation'

const Firm = z.object({ id: z.string(), name: z.string(), type: z.enum(ORGANIZATION_TYPES) })
export type Firm = z.output<typeof Firm>

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
  return firstRow(Firm, res) ?? null
}

/** The engine's facts about one organization, read now. */
export async function factsOf(db: Database['db'] | Tx, organizationId: string): Promise<OrganizationFacts> {
  const res = await db.execute(organizationFactsSql([organizationId]))
  return oneRow(OrganizationFacts, res)
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
