/**
 * The land tax of a residential purchase chosen by the property's nation: Stamp Duty Land Tax in
 * England (sdlt.ts, HMRC) or Land Transaction Tax in Wales (ltt.ts, Welsh Revenue Authority). Every
 * screen that shows a tax figure (source of funds, a broker's funding position) calls this, never
 * calculateSdlt or calculateLtt directly, so a Welsh move is never shown SDLT.
 */
import type { Nation } from './nations'
import { calculateLtt, LTT_SOURCES } from './ltt'
import { calculateSdlt, SDLT_SOURCES } from './sdlt'
import type { TaxBand } from './tax-bands'

export type LandTaxKind = 'sdlt' | 'ltt'

/** The tax's name and short name as people read them. */
export const LAND_TAX_NAMES: Record<LandTaxKind, { name: string; short: string; authority: string }> = {
  sdlt: { name: 'Stamp Duty Land Tax', short: 'SDLT', authority: 'HMRC' },
  ltt: { name: 'Land Transaction Tax', short: 'LTT', authority: 'Welsh Revenue Authority' },
}

export interface LandTaxInput {
  nation: Nation
  pricePence: number
  /** ISO date: completion when known, else today. */
  effectiveDate: string
  firstTimeBuyer: boolean
  additionalProperty: boolean
  nonResident: boolean
}

export interface LandTaxResult {
  tax: LandTaxKind
  totalPence: number
  bands: TaxBand[]
  /** The first day of the rates used (ISO date). */
  ratesFrom: string
  firstTimeBuyerRelief: boolean
  /** Why relief asked for was not given (Wales has none; over the limit; an additional property). */
  reliefRefused: string | null
  additionalPropertySurcharge: boolean
  nonResidentSurcharge: boolean
  sourceUrl: string
}

/** One buyer's own answers to the land tax questions (each true when it is so for them). */
export interface PurchaserTaxAnswers {
  firstTimeBuyer: boolean
  additionalProperty: boolean
  nonResident: boolean
}

/** What the answers of every buyer of a joint purchase come to, and why a relief claimed is lost. */
export interface JointPurchaseAnswers extends PurchaserTaxAnswers {
  /** Set when some buyers but not all are first-time buyers: the relief is lost for all. */
  reliefRefused: string | null
}

export const JOINT_PURCHASE_SOURCES = {
  /** FA 2003 Sch 6ZA para 1(4): the purchaser, or (if more than one) each of the purchasers, is a first-time buyer. */
  firstTimeBuyer: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm29831',
  /** FA 2003 Sch 4ZA para 2(3): a higher rates transaction when it is one having regard to any one of the purchasers. */
  higherRates: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm09764',
  /** FA 2003 Sch 9A: a non-resident transaction when any purchaser is non-UK resident. */
  nonResident:
    'https://www.gov.uk/guidance/rates-for-non-uk-residents-buying-residential-property-in-england-and-northern-ireland',
  /** LTT: the higher rates apply when they would for any one of the buyers (Welsh Revenue Authority guidance). */
  lttHigherRates: 'https://www.gov.wales/land-transaction-tax-guide-higher-rates-residential-property',
} as const

export const JOINT_RELIEF_REFUSED =
  'First-time buyer relief needs every buyer to be a first-time buyer: one of you is not, so the standard rates apply'

/**
 * The answers of a purchase by every one of its buyers (decision 070), for calculateLandTax:
 * - first-time buyer relief only when each buyer is a first-time buyer (SDLT: Finance Act 2003 Schedule
 *   6ZA paragraph 1(4), HMRC SDLTM29831 "All the purchasers must be first-time buyers");
 * - the higher rates for additional dwellings when they would apply to any one buyer on their own
 *   (SDLT: FA 2003 Schedule 4ZA paragraph 2(3), SDLTM09764, however small their share; LTT: the Welsh
 *   Revenue Authority's higher rates guide, the same rule for joint buyers);
 * - the non-UK resident surcharge when any buyer is non-UK resident (FA 2003 Schedule 9A; a spouse or
 *   civil partner buying with a UK-resident spouse is treated as UK resident and answers no).
 * `purchasers`: one entry per buyer, the lead first; an empty list reads as one buyer answering no to
 * everything. Pure; no errors.
 */
export function jointPurchaseAnswers(purchasers: readonly PurchaserTaxAnswers[]): JointPurchaseAnswers {
  const claimed = purchasers.some((p) => p.firstTimeBuyer)
  const all = purchasers.length > 0 && purchasers.every((p) => p.firstTimeBuyer)
  return {
    firstTimeBuyer: all,
    additionalProperty: purchasers.some((p) => p.additionalProperty),
    nonResident: purchasers.some((p) => p.nonResident),
    reliefRefused: claimed && !all ? JOINT_RELIEF_REFUSED : null,
  }
}

/** The tax on a purchase in `input.nation` (module docstring). RangeError as calculateSdlt/calculateLtt. */
export function calculateLandTax(input: LandTaxInput): LandTaxResult {
  if (input.nation === 'wales') {
    const r = calculateLtt(input)
    return {
      tax: 'ltt',
      totalPence: r.totalPence,
      bands: r.bands,
      ratesFrom: r.ratesFrom,
      firstTimeBuyerRelief: false,
      reliefRefused: input.firstTimeBuyer
        ? 'Land Transaction Tax has no first-time buyer relief: the main rates apply'
        : null,
      additionalPropertySurcharge: r.higherRates,
      nonResidentSurcharge: false,
      sourceUrl: r.higherRates ? LTT_SOURCES.higher : LTT_SOURCES.main,
    }
  }
  const r = calculateSdlt(input)
  return {
    tax: 'sdlt',
    totalPence: r.totalPence,
    bands: r.bands,
    ratesFrom: r.ratesFrom,
    firstTimeBuyerRelief: r.rules.firstTimeBuyerRelief,
    reliefRefused: r.rules.firstTimeBuyerReliefRefused,
    additionalPropertySurcharge: r.rules.additionalPropertySurcharge,
    nonResidentSurcharge: r.rules.nonResidentSurcharge,
    sourceUrl: SDLT_SOURCES.standard,
  }
}
