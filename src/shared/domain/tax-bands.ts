/**
 * Slice taxes over bands, shared by SDLT (sdlt.ts) and Land Transaction Tax (ltt.ts): each part of the
 * price in a band is taxed at the band's rate. Money in integer pence; rates in percent (7.5 allowed).
 */

/** Whole pounds in pence. */
export const POUNDS = 100

export interface Band {
  /** Upper limit of the band in pence; null for the top band. */
  upToPence: number | null
  /** Percent, possibly with one decimal (7.5). */
  ratePercent: number
}

export interface TaxBand {
  /** Lower and upper edge of the band in pence (upper null: no limit). */
  fromPence: number
  toPence: number | null
  ratePercent: number
  /** The part of the price in this band, in pence. */
  taxablePence: number
  /** Tax on that part, in pence (rounded down to the penny; the total is rounded down to whole pounds). */
  taxPence: number
}

/** A dated table: the rates apply to transactions whose effective date is `from` or later (ISO date). */
export interface Dated<T> {
  from: string
  rates: T
}

/**
 * The entry of `table` (sorted oldest first) in force on `effectiveDate` (ISO 'YYYY-MM-DD'). Throws
 * RangeError for a malformed date or one before the first entry (rates before it are not held).
 */
export function inForce<T>(table: readonly Dated<T>[], effectiveDate: string, what: string): Dated<T> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate)) throw new RangeError('The effective date must be an ISO date')
  let found: Dated<T> | undefined
  for (const entry of table) if (entry.from <= effectiveDate) found = entry
  if (!found) throw new RangeError(`${what} rates before ${table[0]!.from} are not held`)
  return found
}

/** Throws RangeError unless `pence` is a whole number of pence, 0 or more. */
export function assertPrice(pence: number): void {
  if (!Number.isInteger(pence) || pence < 0)
    throw new RangeError('The price must be a whole number of pence, 0 or more')
}

/**
 * The tax on `pricePence` over `table`, each band's rate raised by `surchargePercent` points. The
 * total is the exact sum rounded down to whole pounds (as HMRC's and the WRA's returns take it).
 */
export function taxOverBands(
  pricePence: number,
  table: readonly Band[],
  surchargePercent = 0,
): { totalPence: number; bands: TaxBand[] } {
  const bands: TaxBand[] = []
  let from = 0
  let exactTimes100 = 0
  for (const band of table) {
    const top = band.upToPence === null ? pricePence : Math.min(pricePence, band.upToPence)
    const taxable = Math.max(0, top - from)
    const ratePercent = band.ratePercent + surchargePercent
    // Rates in hundredths of a percent keep 7.5% exact in integers.
    const taxTimes100 = taxable * Math.round(ratePercent * 100)
    exactTimes100 += taxTimes100
    bands.push({
      fromPence: from,
      toPence: band.upToPence,
      ratePercent,
      taxablePence: taxable,
      taxPence: Math.floor(taxTimes100 / 10_000),
    })
    if (band.upToPence === null || pricePence <= band.upToPence) break
    from = band.upToPence
  }
  const exactPence = exactTimes100 / 10_000
  return { totalPence: Math.floor(exactPence / POUNDS) * POUNDS, bands }
}
