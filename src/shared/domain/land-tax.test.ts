import { describe, expect, it } from 'vitest'
import { calculateLandTax, JOINT_RELIEF_REFUSED, jointPurchaseAnswers } from './land-tax'

const no = { firstTimeBuyer: false, additionalProperty: false, nonResident: false }
const ftb = { ...no, firstTimeBuyer: true }

describe('jointPurchaseAnswers', () => {
  it('gives first-time buyer relief only when every buyer is a first-time buyer', () => {
    expect(jointPurchaseAnswers([ftb, ftb])).toMatchObject({ firstTimeBuyer: true, reliefRefused: null })
    expect(jointPurchaseAnswers([ftb, no])).toMatchObject({
      firstTimeBuyer: false,
      reliefRefused: JOINT_RELIEF_REFUSED,
    })
    expect(jointPurchaseAnswers([no, no])).toMatchObject({ firstTimeBuyer: false, reliefRefused: null })
  })

  it('charges the higher rates and the non-resident surcharge when any one buyer meets them', () => {
    expect(jointPurchaseAnswers([no, { ...no, additionalProperty: true }]).additionalProperty).toBe(true)
    expect(jointPurchaseAnswers([{ ...no, nonResident: true }, no]).nonResident).toBe(true)
    expect(jointPurchaseAnswers([no])).toMatchObject(no)
  })

  it('reads no buyers as no claims', () => {
    expect(jointPurchaseAnswers([])).toEqual({ ...no, reliefRefused: null })
  })

  it('SDLT on £400,000 in England: two first-time buyers pay £5,000, one of them not pays £10,000', () => {
    const base = { nation: 'england' as const, pricePence: 400_000_00, effectiveDate: '2026-06-01' }
    const both = jointPurchaseAnswers([ftb, ftb])
    const one = jointPurchaseAnswers([ftb, no])
    // FTB: 0% to £300,000, 5% of £100,000 = £5,000. Standard: 0% to £125,000, 2% of £125,000 = £2,500, 5% of £150,000 = £7,500.
    expect(calculateLandTax({ ...base, ...both }).totalPence).toBe(5_000_00)
    expect(calculateLandTax({ ...base, ...one }).totalPence).toBe(10_000_00)
    // One buyer keeping another home: 5 points more on every band from 31 October 2024 (£20,000 more).
    const surcharge = jointPurchaseAnswers([no, { ...no, additionalProperty: true }])
    expect(calculateLandTax({ ...base, ...surcharge }).totalPence).toBe(30_000_00)
  })

  it('LTT on £300,000 in Wales: the higher rates when one of two buyers keeps another home', () => {
    const base = { nation: 'wales' as const, pricePence: 300_000_00, effectiveDate: '2026-06-01' }
    // Main: 0% to £225,000, 6% of £75,000 = £4,500. Higher (from 11 December 2024): 5% of £180,000 = £9,000,
    // 8.5% of £70,000 = £5,950, 10% of £50,000 = £5,000: £19,950.
    expect(calculateLandTax({ ...base, ...jointPurchaseAnswers([no, no]) }).totalPence).toBe(4_500_00)
    expect(
      calculateLandTax({ ...base, ...jointPurchaseAnswers([no, { ...no, additionalProperty: true }]) }).totalPence,
    ).toBe(19_950_00)
  })
})
