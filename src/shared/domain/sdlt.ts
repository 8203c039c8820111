/**
 * Stamp Duty Land Tax (England and Northern Ireland) on a residential purchase: one pure function,
 * every rate dated from the day it applies (by the transaction's effective date, normally completion),
 * each with its gov.uk source. Money is integers: the price in pence, the tax in pence rounded down to
 * whole pounds (HMRC's calculator and the SDLT return take whole pounds).
 *
 * Rules, each with its source:
 * - Standard residential rates: from 1 October 2021, 0% to £125,000, 2% to £250,000, 5% to £925,000,
 *   10% to £1.5m, 12% above; from 23 September 2022 to 31 March 2025, 0% to £250,000, 5% to £925,000,
 *   10% to £1.5m, 12% above; from 1 April 2025, the 2021 bands again.
 *   https://www.gov.uk/stamp-duty-land-tax/residential-property-rates and
 *   https://www.gov.uk/guidance/stamp-duty-land-tax-temporary-reduced-rates (the dated changes)
 * - First-time buyer relief: 0% to £300,000, 5% to £500,000, none above £500,000 (from 1 October 2021
 *   and from 1 April 2025); 0% to £425,000, 5% to £625,000, none above £625,000 (23 September 2022 to
 *   31 March 2025). Above the limit the standard rates apply to the whole price.
 *   https://www.gov.uk/stamp-duty-land-tax/residential-property-rates (First-time buyers)
 * - Higher rates for additional dwellings: 3 percentage points on every band, 5 from 31 October 2024;
 *   not charged on a purchase under £40,000. First-time buyer relief is not available with them.
 *   https://www.gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property
 * - Non-UK resident surcharge (from 1 April 2021): 2 percentage points on every band (with or without
 *   the relief and the higher rates), only on a purchase of £40,000 or more: a "non-resident
 *   transaction" needs chargeable consideration of at least £40,000 (Finance Act 2003 Schedule 9A
 *   paragraph 2(1), HMRC's Stamp Duty Land Tax Manual SDLTM09860), the threshold below which a purchase
 *   need not be notified to HMRC at all (FA 2003 s77A). So £39,999 pays £0.
 *   https://www.gov.uk/guidance/rates-for-non-uk-residents-buying-residential-property-in-england-and-northern-ireland
 *   https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm09860
 */
import { assertPrice, inForce, POUNDS, taxOverBands, type Band, type Dated, type TaxBand } from './tax-bands'

export const SDLT_SOURCES = {
  standard: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  firstTimeBuyer: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  additionalProperty: 'https://www.gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property',
  nonResident:
    'https://www.gov.uk/guidance/rates-for-non-uk-residents-buying-residential-property-in-england-and-northern-ireland',
  nonResidentThreshold: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm09860',
} as const

export interface SdltRates {
  standard: readonly Band[]
  firstTimeBuyer: readonly Band[]
  /** Above this price there is no first-time buyer relief. */
  firstTimeBuyerLimitPence: number
}

const BANDS_2021: SdltRates = {
  standard: [
    { upToPence: 125_000 * POUNDS, ratePercent: 0 },
    { upToPence: 250_000 * POUNDS, ratePercent: 2 },
    { upToPence: 925_000 * POUNDS, ratePercent: 5 },
    { upToPence: 1_500_000 * POUNDS, ratePercent: 10 },
    { upToPence: null, ratePercent: 12 },
  ],
  firstTimeBuyer: [
    { upToPence: 300_000 * POUNDS, ratePercent: 0 },
    { upToPence: 500_000 * POUNDS, ratePercent: 5 },
  ],
  firstTimeBuyerLimitPence: 500_000 * POUNDS,
}

/** The residential rates by effective date, oldest first (module docstring). */
export const SDLT_RATES: readonly Dated<SdltRates>[] = [
  { from: '2021-10-01', rates: BANDS_2021 },
  {
    from: '2022-09-23',
    rates: {
      standard: [
        { upToPence: 250_000 * POUNDS, ratePercent: 0 },
        { upToPence: 925_000 * POUNDS, ratePercent: 5 },
        { upToPence: 1_500_000 * POUNDS, ratePercent: 10 },
        { upToPence: null, ratePercent: 12 },
      ],
      firstTimeBuyer: [
        { upToPence: 425_000 * POUNDS, ratePercent: 0 },
        { upToPence: 625_000 * POUNDS, ratePercent: 5 },
      ],
      firstTimeBuyerLimitPence: 625_000 * POUNDS,
    },
  },
  { from: '2025-04-01', rates: BANDS_2021 },
]

/** Higher rates for additional dwellings: percentage points on every band, by effective date. */
export const ADDITIONAL_PROPERTY_SURCHARGES: readonly Dated<number>[] = [
  { from: '2016-04-01', rates: 3 },
  { from: '2024-10-31', rates: 5 },
]
/** The higher rates are not charged on a purchase under £40,000 (SDLT_SOURCES.additionalProperty). */
export const ADDITIONAL_PROPERTY_MINIMUM_PENCE = 40_000 * POUNDS
/** Non-UK resident surcharge: percentage points on every band (SDLT_SOURCES.nonResident). */
export const NON_RESIDENT_SURCHARGE_PERCENT = 2
/** A non-resident transaction needs consideration of £40,000 or more (SDLT_SOURCES.nonResidentThreshold). */
export const NON_RESIDENT_MINIMUM_PENCE = 40_000 * POUNDS

export interface SdltInput {
  /** The price (chargeable consideration) in pence. */
  pricePence: number
  /** The effective date (normally completion), ISO 'YYYY-MM-DD': it picks the rates. */
  effectiveDate: string
  /** Every buyer is a first-time buyer buying their only or main home. */
  firstTimeBuyer: boolean
  /** The buyer will own more than one home after the purchase (and is not replacing a main residence). */
  additionalProperty: boolean
  /** A buyer is not UK resident for SDLT. */
  nonResident: boolean
}

export type SdltBand = TaxBand

export interface SdltResult {
  /** Total tax in pence, rounded down to whole pounds. */
  totalPence: number
  bands: SdltBand[]
  /** The first day of the rates used (ISO date). */
  ratesFrom: string
  /** Which rules applied, in words, for the breakdown. */
  rules: {
    firstTimeBuyerRelief: boolean
    /** The buyer asked for the relief but the price is over the limit (or it is an additional property). */
    firstTimeBuyerReliefRefused: string | null
    additionalPropertySurcharge: boolean
    /** The surcharge's points when charged, else 0. */
    additionalPropertySurchargePercent: number
    nonResidentSurcharge: boolean
  }
}

/**
 * SDLT on a residential purchase in England with the rates in force on `effectiveDate` (module
 * docstring for every rule and its source). Throws RangeError on a negative or fractional price, or an
 * effective date before 1 October 2021.
 */
export function calculateSdlt(input: SdltInput): SdltResult {
  const price = input.pricePence
  assertPrice(price)
  const period = inForce(SDLT_RATES, input.effectiveDate, 'SDLT')
  const rates = period.rates
  let refused: string | null = null
  let relief = false
  if (input.firstTimeBuyer) {
    if (input.additionalProperty) refused = 'First-time buyer relief does not apply to an additional property'
    else if (price > rates.firstTimeBuyerLimitPence)
      refused = `First-time buyer relief does not apply above £${(rates.firstTimeBuyerLimitPence / POUNDS).toLocaleString('en-GB')}: standard rates apply to the whole price`
    else relief = true
  }
  const additional = input.additionalProperty && price >= ADDITIONAL_PROPERTY_MINIMUM_PENCE
  const additionalPercent = additional
    ? inForce(ADDITIONAL_PROPERTY_SURCHARGES, input.effectiveDate, 'SDLT higher').rates
    : 0
  const nonResident = input.nonResident && price >= NON_RESIDENT_MINIMUM_PENCE
  const surcharge = additionalPercent + (nonResident ? NON_RESIDENT_SURCHARGE_PERCENT : 0)
  const { totalPence, bands } = taxOverBands(price, relief ? rates.firstTimeBuyer : rates.standard, surcharge)
  return {
    totalPence,
    bands,
    ratesFrom: period.from,
    rules: {
      firstTimeBuyerRelief: relief,
      firstTimeBuyerReliefRefused: refused,
      additionalPropertySurcharge: additional,
      additionalPropertySurchargePercent: additionalPercent,
      nonResidentSurcharge: nonResident,
    },
  }
}
