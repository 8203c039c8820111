/**
 * Land Transaction Tax (Wales) on a residential purchase: one pure function, every rate dated from
 * the day it applies (by the transaction's effective date, normally completion), as the Welsh Revenue
 * Authority publishes them. Money in integer pence; the total rounded down to whole pounds.
 *
 * Rules, each with its source:
 * - Main residential rates: from 1 July 2021 (the end of the temporary reduced rates), 0% to £180,000,
 *   3.5% to £250,000, 5% to £400,000, 7.5% to £750,000, 10% to £1.5m, 12% above; from 10 October 2022,
 *   0% to £225,000, 6% to £400,000, 7.5% to £750,000, 10% to £1.5m, 12% above.
 *   https://www.gov.wales/land-transaction-tax-rates-and-bands (current and previous rates)
 * - Higher rates for additional dwellings: from 22 December 2020, 4% to £180,000, 7.5% to £250,000,
 *   9% to £400,000, 11.5% to £750,000, 14% to £1.5m, 16% above (the Land Transaction Tax (Tax Bands
 *   and Tax Rates) (Wales) (Amendment) Regulations 2020, WSI 2020/1618); from 11 December 2024, 5% to
 *   £180,000, 8.5% to £250,000, 10% to £400,000, 12.5% to £750,000, 15% to £1.5m, 17% above (WSI
 *   2024/1311). Not charged on a dwelling bought for less than £40,000.
 *   https://www.gov.wales/land-transaction-tax-guide-higher-rates-residential-property
 *   https://www.legislation.gov.uk/wsi/2024/1311/made
 * - No first-time buyer relief and no non-resident surcharge exist in Wales: a Welsh first-time buyer
 *   or a non-resident pays the main rates. https://www.gov.wales/land-transaction-tax-guide
 */
import { assertPrice, inForce, POUNDS, taxOverBands, type Band, type Dated, type TaxBand } from './tax-bands'

export const LTT_SOURCES = {
  main: 'https://www.gov.wales/land-transaction-tax-rates-and-bands',
  higher: 'https://www.gov.wales/land-transaction-tax-guide-higher-rates-residential-property',
  guide: 'https://www.gov.wales/land-transaction-tax-guide',
} as const

const band = (upToPounds: number | null, ratePercent: number): Band => ({
  upToPence: upToPounds === null ? null : upToPounds * POUNDS,
  ratePercent,
})

/** Main residential rates by effective date, oldest first. */
export const LTT_MAIN_RATES: readonly Dated<readonly Band[]>[] = [
  {
    from: '2021-07-01',
    rates: [
      band(180_000, 0),
      band(250_000, 3.5),
      band(400_000, 5),
      band(750_000, 7.5),
      band(1_500_000, 10),
      band(null, 12),
    ],
  },
  {
    from: '2022-10-10',
    rates: [band(225_000, 0), band(400_000, 6), band(750_000, 7.5), band(1_500_000, 10), band(null, 12)],
  },
]

/** Higher residential rates (additional dwellings) by effective date, oldest first. */
export const LTT_HIGHER_RATES: readonly Dated<readonly Band[]>[] = [
  {
    from: '2020-12-22',
    rates: [
      band(180_000, 4),
      band(250_000, 7.5),
      band(400_000, 9),
      band(750_000, 11.5),
      band(1_500_000, 14),
      band(null, 16),
    ],
  },
  {
    from: '2024-12-11',
    rates: [
      band(180_000, 5),
      band(250_000, 8.5),
      band(400_000, 10),
      band(750_000, 12.5),
      band(1_500_000, 15),
      band(null, 17),
    ],
  },
]

/** The higher rates are not charged on a dwelling bought for less than this. */
export const LTT_HIGHER_RATES_MINIMUM_PENCE = 40_000 * POUNDS

export interface LttInput {
  /** The price (chargeable consideration) in pence. */
  pricePence: number
  /** The effective date (normally completion), ISO 'YYYY-MM-DD': it picks the rates. */
  effectiveDate: string
  /** The buyer will own more than one dwelling after the purchase (and is not replacing a main residence). */
  additionalProperty: boolean
}

export interface LttResult {
  /** Total tax in pence, rounded down to whole pounds. */
  totalPence: number
  bands: TaxBand[]
  /** The first day of the rates used (ISO date). */
  ratesFrom: string
  /** The higher rates were charged. */
  higherRates: boolean
}

/**
 * LTT on a residential purchase in Wales with the rates in force on `effectiveDate` (module docstring).
 * Throws RangeError on a negative or fractional price, or an effective date before 1 July 2021.
 */
export function calculateLtt(input: LttInput): LttResult {
  assertPrice(input.pricePence)
  const higher = input.additionalProperty && input.pricePence >= LTT_HIGHER_RATES_MINIMUM_PENCE
  const period = inForce(higher ? LTT_HIGHER_RATES : LTT_MAIN_RATES, input.effectiveDate, 'Land Transaction Tax')
  const { totalPence, bands } = taxOverBands(input.pricePence, period.rates)
  return { totalPence, bands, ratesFrom: period.from, higherRates: higher }
}
