/**
 * Contracts of a firm's own Accreditation page: the figures the accreditation engine computed, each
 * tier criterion met or not (or without data), the gap to the next tier, the onboarding checklist
 * and the history of tier changes.
 */
import { z } from 'zod'
import { ACCREDITATION_TIERS, ORGANIZATION_TYPES } from '../domain/organizations'
import { OnboardingStep } from './academy'
import { Timestamp, Uuid } from './common'
import { AccreditationMetrics } from './directory'
import { endpoint, ERRORS, json } from './endpoint'

const Tier = z.enum(ACCREDITATION_TIERS)

export const Criterion = z.object({
  tier: Tier,
  key: z.enum([
    'onboarding',
    'academy',
    'live_cases',
    'sla',
    'completed_cases',
    'avg_days',
    'collapse_rate',
    'csat',
    'document_accuracy',
  ]),
  label: z.string(),
  status: z.enum(['met', 'not_met', 'no_data']),
  current: z.string().nullable(),
  gap: z.string().nullable(),
})
export type Criterion = z.infer<typeof Criterion>

/** GET /api/accreditation. `organization` is null when the viewer works for no firm on Homeward yet. */
export const AccreditationPage = z.object({
  organization: z
    .object({
      id: Uuid,
      name: z.string(),
      type: z.enum(ORGANIZATION_TYPES),
      tier: Tier.nullable(),
      /** When the engine last computed the figures. */
      computed_at: Timestamp.nullable(),
      figures: AccreditationMetrics.nullable(),
      next_tier: Tier.nullable(),
      criteria: z.array(Criterion),
      gaps_to_next: z.array(Criterion),
      onboarding: z.array(OnboardingStep),
      history: z.array(
        z.object({ from_tier: Tier.nullable(), to_tier: Tier.nullable(), source: z.string(), changed_at: Timestamp }),
      ),
    })
    .nullable(),
})
export type AccreditationPage = z.infer<typeof AccreditationPage>

/** The Accreditation page's endpoint. */
export const accreditationEndpoints = {
  page: endpoint({
    method: 'get',
    path: '/accreditation',
    summary: "The viewer's firm's tier, each criterion met or not, the gap to the next tier, onboarding and history",
    responses: { 200: json('Accreditation', AccreditationPage), ...ERRORS },
  }),
}
