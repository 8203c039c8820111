import { describe, expect, it } from 'vitest'
import { calculateSdlt, type SdltInput } from './sdlt'

const pounds = (n: number) => n * 100
const sdlt = (price: number, opts: Partial<Omit<SdltInput, 'pricePence'>> = {}) =>
  calculateSdlt({
    pricePence: pounds(price),
    effectiveDate: '2026-06-01',
    firstTimeBuyer: false,
    additionalProperty: false,
    nonResident: false,
    ...opts,
  })

describe('SDLT, England residential rates from 1 April 2025', () => {
  it("gov.uk's worked example: a home for £295,000 pays £4,750 (0% on £125,000, 2% on £125,000, 5% on £45,000)", () => {
    const r = sdlt(295_000)
    expect(r.totalPence).toBe(pounds(4_750))
    expect(r.bands.map((b) => [b.ratePercent, b.taxablePence, b.taxPence])).toEqual([
      [0, pounds(125_000), 0],
      [2, pounds(125_000), pounds(2_500)],
      [5, pounds(45_000), pounds(2_250)],
    ])
  })

  it.each([
    [125_000, 0],
    [125_001, 0.02],
    [250_000, 2_500],
    [925_000, 36_250],
    [1_500_000, 93_750],
    [2_000_000, 153_750],
  ])('at the threshold £%i the tax is £%d (rounded down to whole pounds)', (price, tax) => {
    expect(sdlt(price).totalPence).toBe(Math.floor(tax) * 100)
  })

  it('rounds the total down to whole pounds: £250,050 pays £2,502 (not £2,502.50)', () => {
    expect(sdlt(250_050).totalPence).toBe(pounds(2_502))
  })

  it('first-time buyer under the relief limit: £300,000 pays nothing, and £500,000 pays £10,000 (gov.uk example)', () => {
    expect(sdlt(300_000, { firstTimeBuyer: true }).totalPence).toBe(0)
    const r = sdlt(500_000, { firstTimeBuyer: true })
    expect(r.totalPence).toBe(pounds(10_000))
    expect(r.rules.firstTimeBuyerRelief).toBe(true)
    expect(r.bands.map((b) => b.ratePercent)).toEqual([0, 5])
  })

  it('first-time buyer over the £500,000 limit: no relief at all, standard rates on the whole price', () => {
    const r = sdlt(510_000, { firstTimeBuyer: true })
    expect(r.totalPence).toBe(pounds(15_500))
    expect(r.rules.firstTimeBuyerRelief).toBe(false)
    expect(r.rules.firstTimeBuyerReliefRefused).toMatch(/£500,000/)
  })

  it('additional property: 5 points on every band, £300,000 pays £20,000 (5% + 7% + 10%)', () => {
    const r = sdlt(300_000, { additionalProperty: true })
    expect(r.totalPence).toBe(pounds(20_000))
    expect(r.bands.map((b) => b.ratePercent)).toEqual([5, 7, 10])
    expect(r.rules.additionalPropertySurcharge).toBe(true)
  })

  it('additional property under £40,000 pays no surcharge; at £40,000 it pays 5%', () => {
    expect(sdlt(39_999, { additionalProperty: true }).totalPence).toBe(0)
    expect(sdlt(39_999, { additionalProperty: true }).rules.additionalPropertySurcharge).toBe(false)
    expect(sdlt(40_000, { additionalProperty: true }).totalPence).toBe(pounds(2_000))
  })

  it('a first-time buyer cannot claim the relief on an additional property', () => {
    const r = sdlt(300_000, { firstTimeBuyer: true, additionalProperty: true })
    expect(r.totalPence).toBe(pounds(20_000))
    expect(r.rules.firstTimeBuyerReliefRefused).toMatch(/additional/)
  })

  it('non-resident: 2 points on every band, £300,000 pays £11,000', () => {
    expect(sdlt(300_000, { nonResident: true }).totalPence).toBe(pounds(11_000))
  })

  it('non-resident first-time buyer keeps the relief with the surcharge: £400,000 pays £13,000 (2% + 7%)', () => {
    expect(sdlt(400_000, { nonResident: true, firstTimeBuyer: true }).totalPence).toBe(pounds(13_000))
  })

  it('non-resident additional property: 7 points on top, £300,000 pays £26,000 (7% + 9% + 12%)', () => {
    expect(sdlt(300_000, { nonResident: true, additionalProperty: true }).totalPence).toBe(pounds(26_000))
  })

  it('refuses a fractional or negative price', () => {
    expect(() =>
      calculateSdlt({
        pricePence: -1,
        effectiveDate: '2026-06-01',
        firstTimeBuyer: false,
        additionalProperty: false,
        nonResident: false,
      }),
    ).toThrow(RangeError)
    expect(() =>
      calculateSdlt({
        pricePence: 1.5,
        effectiveDate: '2026-06-01',
        firstTimeBuyer: false,
        additionalProperty: false,
        nonResident: false,
      }),
    ).toThrow(RangeError)
  })
})

describe('SDLT: the non-resident surcharge below £40,000 (FA 2003 Sch 9A para 2(1), SDLTM09860)', () => {
  it('£39,999 is not a non-resident transaction: £0, where the surcharge would have been £799', () => {
    const r = sdlt(39_999, { nonResident: true })
    expect(r.totalPence).toBe(0)
    expect(r.rules.nonResidentSurcharge).toBe(false)
  })

  it('£40,000 is: 2% on the whole price, £800', () => {
    const r = sdlt(40_000, { nonResident: true })
    expect(r.totalPence).toBe(pounds(800))
    expect(r.rules.nonResidentSurcharge).toBe(true)
  })
})

describe('SDLT: each rate applies from its date, so a purchase before a change pays the old rates', () => {
  const on = (effectiveDate: string, price: number, opts: Partial<SdltInput> = {}) =>
    sdlt(price, { effectiveDate, ...opts }).totalPence / 100

  it.each([
    // 1 October 2021 to 22 September 2022: 0% to £125,000, 2% to £250,000, 5% ...
    ['2022-09-22', 125_000, 0],
    ['2022-09-22', 250_000, 2_500],
    ['2022-09-22', 300_000, 5_000],
    ['2022-09-22', 925_000, 36_250],
    // 23 September 2022 to 31 March 2025: 0% to £250,000, 5% to £925,000, 10% to £1.5m, 12% above.
    ['2022-09-23', 250_000, 0],
    ['2022-09-23', 300_000, 2_500],
    ['2025-03-31', 925_000, 33_750],
    ['2025-03-31', 1_500_000, 91_250],
    ['2025-03-31', 2_000_000, 151_250],
    // 1 April 2025 on: back to the 2021 bands.
    ['2025-04-01', 300_000, 5_000],
    ['2025-04-01', 925_000, 36_250],
  ])('on %s a £%i home pays £%i', (date, price, tax) => {
    expect(on(date, price)).toBe(tax)
  })

  it('first-time buyer relief to £425,000 / £625,000 until 31 March 2025, £300,000 / £500,000 from 1 April 2025', () => {
    expect(on('2025-03-31', 425_000, { firstTimeBuyer: true })).toBe(0)
    expect(on('2025-03-31', 625_000, { firstTimeBuyer: true })).toBe(10_000)
    expect(on('2025-03-31', 626_000, { firstTimeBuyer: true })).toBe(18_800)
    expect(on('2025-04-01', 425_000, { firstTimeBuyer: true })).toBe(6_250)
    expect(on('2025-04-01', 625_000, { firstTimeBuyer: true })).toBe(21_250)
  })

  it('the higher rates are 3 points until 30 October 2024 and 5 points from 31 October 2024', () => {
    expect(on('2024-10-30', 300_000, { additionalProperty: true })).toBe(11_500)
    expect(on('2024-10-31', 300_000, { additionalProperty: true })).toBe(17_500)
  })

  it('refuses an effective date before the first rates held (1 October 2021)', () => {
    expect(() => sdlt(300_000, { effectiveDate: '2021-09-30' })).toThrow(/not held/)
  })
})
