/**
 * Sale risk for an estate agent's portfolio: how likely a sale is to fall through or stall, as a
 * score from 0 to 100, a band (low, medium, high) and the reasons in words, worst first. Pure: the
 * caller reads the signals from the timeline and passes `now`.
 *
 * Signals and points (each reason names its points' cause, never the points):
 * - days since the last progress (a task ticked, else the sale opened): 7+ days 10, 14+ days 25, 28+ days 40;
 * - a blocked stage: 20, plus 10 when blocked 7+ days, plus 20 when blocked 14+ days;
 * - the buyer's mortgage offer or decision in principle (DIP) expiring: expired 25, within 14 days 15;
 *   a mortgage offer supersedes the DIP it followed, so with an offer's expiry the DIP's is not scored;
 * - ID or customer due diligence (CDD) outstanding for a side: 15;
 * - searches late (ordered 28+ days ago, results not back): 15;
 * - a chain of 3 or more sales (this one included): 5 for each sale past 2, at most 15.
 * The score is capped at 100. Bands: high from 60, medium from 30, low below.
 *
 * Optional signals score nothing when absent: the portfolio reads the expiries from the broker's
 * records (the case's offer expiry, the latest DIP), `idChecksOutstanding` from the timeline's ID and
 * AML tasks, and `chainLength` from the sales Homeward links by their people (a buyer who is also
 * selling on Homeward, a seller who is also buying): links to sales off Homeward are not seen.
 */

export const SALE_RISK_BANDS = ['low', 'medium', 'high'] as const
export type SaleRiskBand = (typeof SALE_RISK_BANDS)[number]

/** Score from which a sale is high risk (inclusive). */
export const HIGH_RISK_FROM = 60
/** Score from which a sale is medium risk (inclusive). */
export const MEDIUM_RISK_FROM = 30

export interface SaleRiskInput {
  /** The moment of judgement. */
  now: Date
  /** Last progress on the sale: the latest task ticked, else when the sale was opened. */
  lastProgressAt: Date
  /** The blocked stage, if any: its name and when it was blocked. */
  blockedStage?: { name: string; since: Date } | null
  /** Expiry date of the buyer's mortgage offer (the broker's case). */
  mortgageOfferExpiresOn?: Date | null
  /** Expiry date of the buyer's latest mortgage decision in principle; ignored once an offer's expiry is known. */
  dipExpiresOn?: Date | null
  /** Sides whose ID and AML checks (customer due diligence) are outstanding when they should be done. */
  idChecksOutstanding?: readonly ('buyer' | 'seller')[]
  /** When the searches were ordered and whether the results are back. */
  searches?: { orderedAt: Date | null; received: boolean } | null
  /** Number of sales in the chain, this one included (as far as Homeward can link them). */
  chainLength?: number | null
}

export interface SaleRiskReason {
  /** Stable key of the signal, for tests and icons. */
  key: 'no_progress' | 'blocked' | 'mortgage_offer' | 'dip' | 'id_checks' | 'searches_late' | 'chain'
  /** The reason in words, e.g. 'No progress for 21 days'. */
  text: string
  points: number
}

export interface SaleRisk {
  score: number
  band: SaleRiskBand
  /** Reasons with points, most points first. */
  reasons: SaleRiskReason[]
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Whole days from `from` to `to` (floor; negative when `to` is earlier). */
const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Days before an expiry from which it counts as near. */
export const EXPIRY_WARNING_DAYS = 14
/** Days after ordering from which searches not back are late. */
export const SEARCHES_LATE_AFTER_DAYS = 28

/** The band of a score: high from 60, medium from 30, low below. */
export function saleRiskBand(score: number): SaleRiskBand {
  return score >= HIGH_RISK_FROM ? 'high' : score >= MEDIUM_RISK_FROM ? 'medium' : 'low'
}

function expiryReason(
  key: 'mortgage_offer' | 'dip',
  label: string,
  expiresOn: Date | null | undefined,
  now: Date,
): SaleRiskReason | null {
  if (!expiresOn) return null
  const days = daysBetween(now, expiresOn)
  if (days < 0) return { key, text: `${label} expired ${plural(-days, 'day')} ago`, points: 25 }
  if (days <= EXPIRY_WARNING_DAYS)
    return {
      key,
      text: days === 0 ? `${label} expires today` : `${label} expires in ${plural(days, 'day')}`,
      points: 15,
    }
  return null
}

/** Scores one sale from its signals; see the module's docstring for the rules. */
export function assessSaleRisk(input: SaleRiskInput): SaleRisk {
  const { now } = input
  const reasons: SaleRiskReason[] = []

  const idle = Math.max(0, daysBetween(input.lastProgressAt, now))
  const idlePoints = idle >= 28 ? 40 : idle >= 14 ? 25 : idle >= 7 ? 10 : 0
  if (idlePoints)
    reasons.push({ key: 'no_progress', text: `No progress for ${plural(idle, 'day')}`, points: idlePoints })

  if (input.blockedStage) {
    const blockedDays = Math.max(0, daysBetween(input.blockedStage.since, now))
    const points = 20 + (blockedDays >= 7 ? 10 : 0) + (blockedDays >= 14 ? 20 : 0)
    const since = blockedDays === 0 ? 'since today' : `for ${plural(blockedDays, 'day')}`
    reasons.push({ key: 'blocked', text: `${input.blockedStage.name} blocked ${since}`, points })
  }

  for (const reason of [
    expiryReason('mortgage_offer', 'Mortgage offer', input.mortgageOfferExpiresOn, now),
    input.mortgageOfferExpiresOn ? null : expiryReason('dip', 'Decision in principle', input.dipExpiresOn, now),
  ])
    if (reason) reasons.push(reason)

  const sides = [...new Set(input.idChecksOutstanding ?? [])].sort()
  if (sides.length) {
    const who = sides.length === 2 ? 'Buyer and seller' : sides[0] === 'buyer' ? 'Buyer' : 'Seller'
    reasons.push({ key: 'id_checks', text: `${who} ID and AML checks (CDD) outstanding`, points: 15 })
  }

  const searches = input.searches
  if (searches?.orderedAt && !searches.received) {
    const waited = daysBetween(searches.orderedAt, now)
    if (waited >= SEARCHES_LATE_AFTER_DAYS)
      reasons.push({
        key: 'searches_late',
        text: `Searches ordered ${plural(waited, 'day')} ago and not back`,
        points: 15,
      })
  }

  const chain = input.chainLength ?? 0
  if (chain >= 3) reasons.push({ key: 'chain', text: `Chain of ${chain} sales`, points: Math.min(15, (chain - 2) * 5) })

  reasons.sort((a, b) => b.points - a.points)
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.points, 0),
  )
  return { score, band: saleRiskBand(score), reasons }
}

/** True when a sale has crossed into high risk: it was not high before and is now. */
export function crossedIntoHighRisk(before: SaleRiskBand | null, after: SaleRiskBand): boolean {
  return after === 'high' && before !== 'high'
}
