/** Organization (directory) types and labels. Spec section 3. */
export const ORGANIZATION_TYPES = ['law', 'survey', 'broker', 'agent'] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]

const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  law: 'Conveyancer',
  survey: 'Surveyor',
  broker: 'Mortgage Broker',
  agent: 'Estate Agent',
}

/** law = Conveyancer, survey = Surveyor, broker = Mortgage Broker, agent = Estate Agent (spec section 3). */
export function organizationTypeLabel(type: string): string {
  return (ORGANIZATION_TYPE_LABELS as Record<string, string>)[type] ?? type
}

/** Accreditation tiers in rising order (spec section 4). */
export const ACCREDITATION_TIERS = ['silver', 'gold', 'platinum'] as const
export type AccreditationTier = (typeof ACCREDITATION_TIERS)[number]

/** Rank of a tier for sorting: platinum 3, gold 2, silver 1, unknown 0. */
export function tierRank(tier: string | null | undefined): number {
  return tier ? ACCREDITATION_TIERS.indexOf(tier as AccreditationTier) + 1 : 0
}

/** Success rate as a whole percent: round((1 - collapse_rate) * 100). Spec sections 3 and 9. */
export function successRatePercent(collapseRate: number): number {
  return Math.round((1 - collapseRate) * 100)
}

/** Mean of rating_int to one decimal as text; '0.0' when there are no reviews. Spec section 3. */
export function averageRating(ratings: readonly number[]): string {
  if (ratings.length === 0) return '0.0'
  const sum = ratings.reduce((a, b) => a + b, 0)
  return (Math.round((sum / ratings.length) * 10) / 10).toFixed(1)
}
