/** Organization (directory) types and their labels, as the product spec names them. */
export const ORGANIZATION_TYPES = ['law', 'survey', 'broker', 'agent'] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]

const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  law: 'Conveyancer',
  survey: 'Surveyor',
  broker: 'Mortgage Broker',
  agent: 'Estate Agent',
}

/** law = Conveyancer, survey = Surveyor, broker = Mortgage Broker, agent = Estate Agent; others show as they are. */
export function organizationTypeLabel(type: string): string {
  return (ORGANIZATION_TYPE_LABELS as Record<string, string>)[type] ?? type
}

/** Accreditation tiers in rising order: silver < gold < platinum. */
export const ACCREDITATION_TIERS = ['silver', 'gold', 'platinum'] as const
export type AccreditationTier = (typeof ACCREDITATION_TIERS)[number]

/** Rank of a tier for sorting: platinum 3, gold 2, silver 1, unknown 0. */
export function tierRank(tier: string | null | undefined): number {
  return tier ? ACCREDITATION_TIERS.indexOf(tier as AccreditationTier) + 1 : 0
}

/** Success rate as a whole percent: round((1 - collapse_rate) * 100), collapse_rate being the fall-through 0..1. */
export function successRatePercent(collapseRate: number): number {
  return Math.round((1 - collapseRate) * 100)
}

/** Mean of rating_int to one decimal as text; '0.0' when there are no reviews (the directory card's rating). */
export function averageRating(ratings: readonly number[]): string {
  if (ratings.length === 0) return '0.0'
  const sum = ratings.reduce((a, b) => a + b, 0)
  return (Math.round((sum / ratings.length) * 10) / 10).toFixed(1)
}
