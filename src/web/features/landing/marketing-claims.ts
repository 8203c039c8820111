/**
 * Which marketing claims a public page may show (decision 068): in the demo the product spec's copy
 * ("180+ accredited conveyancers", "up to 40% faster", "92%", two testimonials); live (production),
 * only what a figure backs: the number of listed accredited conveyancers when there is at least one,
 * and none of the percentages or testimonials, which nothing measures yet.
 */
import type { MarketingClaims } from '../../../shared/contracts/directory'

/** The spec's figure of accredited conveyancers, shown only in the demo. */
export const DEMO_CONVEYANCERS_FIGURE = '180+'

/** The conveyancer figure to show ('180+' in the demo, the live count in production), or null for none. */
export function conveyancersFigure(claims: MarketingClaims): string | null {
  if (claims.mode === 'demo') return DEMO_CONVEYANCERS_FIGURE
  return claims.listed_conveyancers > 0 ? String(claims.listed_conveyancers) : null
}

/** Whether claims no live figure backs (the percentages, the testimonials) may be shown: the demo only. */
export function showsUnbackedClaims(claims: MarketingClaims): boolean {
  return claims.mode === 'demo'
}
