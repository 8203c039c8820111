import { describe, expect, it } from 'vitest'
import { calculateLandTax } from './land-tax'
import { calculateLtt } from './ltt'

const ltt = (price: number, effectiveDate = '2026-06-01', additionalProperty = false) =>
  calculateLtt({ pricePence: price * 100, effectiveDate, additionalProperty }).totalPence / 100

describe('Land Transaction Tax, main residential rates from 10 October 2022 (gov.wales)', () => {
  it('a Cardiff £300,000 purchase pays £4,500 (6% on £75,000), where SDLT would be £5,000', () => {
    expect(ltt(300_000)).toBe(4_500)
    const england = calculateLandTax({
      nation: 'england',
      pricePence: 30_000_000,
      effectiveDate: '2026-06-01',
      firstTimeBuyer: false,
      additionalProperty: false,
      nonResident: false,
    })
    expect(england.totalPence / 100).toBe(5_000)
  })

  it.each([
    [225_000, 0],
    [225_001, 0], // 6p, rounded down to whole pounds
    [225_100, 6],
    [400_000, 10_500],
    [400_100, 10_507],
    [750_000, 36_750],
    [1_500_000, 111_750],
    [1_500_100, 111_762],
    [2_000_000, 171_750],
  ])('at £%i the tax is £%i', (price, tax) => {
    expect(ltt(price)).toBe(tax)
  })

  it('7.5% is exact in pence and the total rounds down: £400,010 pays £10,500 (75p dropped)', () => {
    expect(ltt(400_010)).toBe(10_500)
    expect(ltt(400_014)).toBe(10_501)
    expect(ltt(750_005)).toBe(36_750)
    expect(ltt(750_010)).toBe(36_751)
  })
})

describe('LTT: the earlier main rates (1 July 2021 to 9 October 2022)', () => {
  it.each([
    [180_000, 0],
    [250_000, 2_450],
    [300_000, 4_950],
    [400_000, 9_950],
    [750_000, 36_200],
    [1_500_000, 111_200],
    [2_000_000, 171_200],
  ])('on 9 October 2022 a £%i home pays £%i', (price, tax) => {
    expect(ltt(price, '2022-10-09')).toBe(tax)
  })

  it('the change is by effective date: £300,000 pays £4,950 on 9 October 2022 and £4,500 on the 10th', () => {
    expect(ltt(300_000, '2022-10-09')).toBe(4_950)
    expect(ltt(300_000, '2022-10-10')).toBe(4_500)
  })

  it('refuses an effective date before 1 July 2021 (the rates are not held)', () => {
    expect(() => ltt(300_000, '2021-06-30')).toThrow(/not held/)
  })
})

describe('LTT higher rates for additional dwellings', () => {
  it.each([
    [180_000, 9_000],
    [250_000, 14_950],
    [400_000, 29_950],
    [750_000, 73_700],
    [1_500_000, 186_200],
    [2_000_000, 271_200],
  ])('from 11 December 2024 (5% to 17%): £%i pays £%i', (price, tax) => {
    expect(ltt(price, '2024-12-11', true)).toBe(tax)
  })

  it.each([
    [180_000, 7_200],
    [250_000, 12_450],
    [400_000, 25_950],
    [750_000, 66_200],
    [1_500_000, 171_200],
    [2_000_000, 251_200],
  ])('until 10 December 2024 (4% to 16%): £%i pays £%i', (price, tax) => {
    expect(ltt(price, '2024-12-10', true)).toBe(tax)
  })

  it('not under £40,000: £39,999 pays the main rates (£0), £40,000 pays 5% (£2,000)', () => {
    expect(ltt(39_999, '2026-06-01', true)).toBe(0)
    expect(ltt(40_000, '2026-06-01', true)).toBe(2_000)
  })
})

describe('calculateLandTax chooses by nation', () => {
  const base = { pricePence: 30_000_000, effectiveDate: '2026-06-01', additionalProperty: false, nonResident: false }

  it('a Welsh first-time buyer gets no relief: £4,500, with the reason', () => {
    const r = calculateLandTax({ ...base, nation: 'wales', firstTimeBuyer: true })
    expect(r.tax).toBe('ltt')
    expect(r.totalPence).toBe(450_000)
    expect(r.firstTimeBuyerRelief).toBe(false)
    expect(r.reliefRefused).toMatch(/no first-time buyer relief/)
  })

  it('no non-resident surcharge in Wales; 2 points in England', () => {
    expect(calculateLandTax({ ...base, nation: 'wales', firstTimeBuyer: false, nonResident: true }).totalPence).toBe(
      450_000,
    )
    expect(calculateLandTax({ ...base, nation: 'england', firstTimeBuyer: false, nonResident: true }).totalPence).toBe(
      1_100_000,
    )
  })
})
