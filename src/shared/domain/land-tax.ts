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
