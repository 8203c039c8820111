/**
 * Stamp Duty Land Tax (England and Northern Ireland) on a residential purchase: one pure function,
 * the rates of every rule with its gov.uk source. Money is integers: the price in pence, the tax in
 * pence rounded down to whole pounds (HMRC's calculator and the SDLT return take whole pounds).
 *
 * Rules, each with its source:
 * - Standard residential rates from 1 April 2025: 0% to £125,000, 2% to £250,000, 5% to £925,000,
 *   10% to £1.5m, 12% above. https://www.gov.uk/stamp-duty-land-tax/residential-property-rates
 * - First-time buyer relief from 1 April 2025: 0% to £300,000, 5% to £500,000; no relief at all when
 *   the price is over £500,000 (standard rates then apply to the whole price).
 *   https://www.gov.uk/stamp-duty-land-tax/residential-property-rates (First-time buyers)
 * - Higher rates for additional dwellings: 5 percentage points on every band from 31 October 2024;
 *   not charged on a purchase under £40,000. First-time buyer relief is not available with them.
 *   https://www.gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property
 * - Non-UK resident surcharge: 2 percentage points on every band (with or without the relief and
 *   the higher rates). https://www.gov.uk/guidance/rates-for-non-uk-residents-buying-residential-property-in-england-and-northern-ireland
 */

/** Whole pounds in pence. */
const POUNDS = 100

export const SDLT_SOURCES = {
  standard: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  firstTimeBuyer: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  additionalProperty: 'https://www.gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property',
  nonResident:
    'https://www.gov.uk/guidance/rates-for-non-uk-residents-buying-residential-property-in-england-and-northern-ireland',
} as const

interface Band {
  /** Upper limit of the band in pence; null for the top band. */
  upToPence: number | null
  /** Whole percent. */
  ratePercent: number
}

/** Standard residential rates from 1 April 2025 (SDLT_SOURCES.standard). */
export const STANDARD_BANDS: readonly Band[] = [
  { upToPence: 125_000 * POUNDS, ratePercent: 0 },
  { upToPence: 250_000 * POUNDS, ratePercent: 2 },
  { upToPence: 925_000 * POUNDS, ratePercent: 5 },
  { upToPence: 1_500_000 * POUNDS, ratePercent: 10 },
  { upToPence: null, ratePercent: 12 },
]

/** First-time buyer relief from 1 April 2025 (SDLT_SOURCES.firstTimeBuyer); the price may not exceed the last band. */
export const FIRST_TIME_BUYER_BANDS: readonly Band[] = [
  { upToPence: 300_000 * POUNDS, ratePercent: 0 },
  { upToPence: 500_000 * POUNDS, ratePercent: 5 },
]

/** Above this price there is no first-time buyer relief (SDLT_SOURCES.firstTimeBuyer). */
export const FIRST_TIME_BUYER_PRICE_LIMIT_PENCE = 500_000 * POUNDS
/** Higher rates for additional dwellings: percentage points on every band, from 31 October 2024. */
export const ADDITIONAL_PROPERTY_SURCHARGE_PERCENT = 5
/** The higher rates are not charged on a purchase under £40,000 (SDLT_SOURCES.additionalProperty). */
export const ADDITIONAL_PROPERTY_MINIMUM_PENCE = 40_000 * POUNDS
/** Non-UK resident surcharge: percentage points on every band (SDLT_SOURCES.nonResident). */
export const NON_RESIDENT_SURCHARGE_PERCENT = 2

export interface SdltInput {
  /** The price (chargeable consideration) in pence. */
  pricePence: number
  /** Every buyer is a first-time buyer buying their only or main home. */
  firstTimeBuyer: boolean
  /** The buyer will own more than one home after the purchase (and is not replacing a main residence). */
  additionalProperty: boolean
  /** A buyer is not UK resident for SDLT. */
  nonResident: boolean
}

export interface SdltBand {
  /** Lower and upper edge of the band in pence (upper null: no limit). */
  fromPence: number
  toPence: number | null
  ratePercent: number
  /** The part of the price in this band, in pence. */
  taxablePence: number
  /** Tax on that part, in pence (exact; the total is rounded down to whole pounds). */
  taxPence: number
}

export interface SdltResult {
  /** Total tax in pence, rounded down to whole pounds. */
  totalPence: number
  bands: SdltBand[]
  /** Which rules applied, in words, for the breakdown. */
  rules: {
    firstTimeBuyerRelief: boolean
    /** The buyer asked for the relief but the price is over £500,000 (or it is an additional property). */
    firstTimeBuyerReliefRefused: string | null
    additionalPropertySurcharge: boolean
    nonResidentSurcharge: boolean
  }
}

/**
 * SDLT on a residential purchase in England with the rates from 1 April 2025 (module docstring for
 * every rule and its source). Throws RangeError on a negative or fractional price.
 */
export function calculateSdlt(input: SdltInput): SdltResult {
  const price = input.pricePence
  if (!Number.isInteger(price) || price < 0)
    throw new RangeError('The price must be a whole number of pence, 0 or more')
  let refused: string | null = null
  let relief = false
  if (input.firstTimeBuyer) {
    if (input.additionalProperty) refused = 'First-time buyer relief does not apply to an additional property'
    else if (price > FIRST_TIME_BUYER_PRICE_LIMIT_PENCE)
      refused = 'First-time buyer relief does not apply above £500,000: standard rates apply to the whole price'
    else relief = true
  }
  const additional = input.additionalProperty && price >= ADDITIONAL_PROPERTY_MINIMUM_PENCE
  const surcharge =
    (additional ? ADDITIONAL_PROPERTY_SURCHARGE_PERCENT : 0) + (input.nonResident ? NON_RESIDENT_SURCHARGE_PERCENT : 0)
  const table = relief ? FIRST_TIME_BUYER_BANDS : STANDARD_BANDS
  const bands: SdltBand[] = []
  let from = 0
  for (const band of table) {
    const top = band.upToPence === null ? price : Math.min(price, band.upToPence)
    const taxable = Math.max(0, top - from)
    const ratePercent = band.ratePercent + surcharge
    bands.push({
      fromPence: from,
      toPence: band.upToPence,
      ratePercent,
      taxablePence: taxable,
      taxPence: (taxable * ratePercent) / 100,
    })
    if (band.upToPence === null || price <= band.upToPence) break
    from = band.upToPence
  }
  const exact = bands.reduce((sum, b) => sum + b.taxPence, 0)
  return {
    totalPence: Math.floor(exact / POUNDS) * POUNDS,
    bands: bands.map((b) => ({ ...b, taxPence: Math.floor(b.taxPence) })),
    rules: {
      firstTimeBuyerRelief: relief,
      firstTimeBuyerReliefRefused: refused,
      additionalPropertySurcharge: additional,
      nonResidentSurcharge: input.nonResident,
    },
  }
}
