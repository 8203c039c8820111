import { describe, expect, it } from 'vitest'
import { professionalHomePath } from '../paths'
import { affordabilityRange, daysUntil, isNearExpiry, monthlyRepaymentPence } from './mortgages'

describe('affordabilityRange: LTI 4.5 (BoE FPC flow limit) capped by a 7% stress test, as a range', () => {
  it('gives 4 to 4.5 times income on a modest income with no commitments', () => {
    const r = affordabilityRange({
      grossAnnualIncomePence: 60_000_00,
      monthlyCommitmentsPence: 0,
      depositPence: 40_000_00,
    })
    expect(r).toMatchObject({ minLoanPence: 240_000_00, maxLoanPence: 270_000_00, ltiMultiple: 4.5, stressRate: 0.07 })
    expect(r.maxPricePence).toBe(310_000_00)
  })

  it('lets commitments and a higher stress rate bring the top down, never below zero', () => {
    const base = { grossAnnualIncomePence: 60_000_00, depositPence: 0 }
    const committed = affordabilityRange({ ...base, monthlyCommitmentsPence: 800_00 })
    expect(committed.maxLoanPence).toBeLessThan(270_000_00)
    const stressed = affordabilityRange({ ...base, monthlyCommitmentsPence: 0, stressRate: 0.12 })
    expect(stressed.maxLoanPence).toBeLessThan(270_000_00)
    expect(stressed.minLoanPence).toBeLessThanOrEqual(stressed.maxLoanPence)
    expect(affordabilityRange({ ...base, monthlyCommitmentsPence: 5_000_00 }).maxLoanPence).toBe(0)
  })

  it('takes the multiple from configuration', () => {
    const r = affordabilityRange({
      grossAnnualIncomePence: 50_000_00,
      monthlyCommitmentsPence: 0,
      depositPence: 0,
      ltiMultiple: 5.5,
      stressRate: 0.01,
    })
    expect(r.maxLoanPence).toBe(275_000_00)
  })

  it('computes a repayment mortgage payment', () => {
    expect(Math.round(monthlyRepaymentPence(100_000_00, 0.06, 25))).toBe(644_30)
  })
})

describe('expiry', () => {
  it('counts days and flags within 14 days, not past', () => {
    expect(daysUntil('2027-01-30', '2027-01-20')).toBe(10)
    expect(isNearExpiry('2027-01-30', '2027-01-20')).toBe(true)
    expect(isNearExpiry('2027-01-30', '2027-01-10')).toBe(false)
    expect(isNearExpiry('2027-01-30', '2027-02-01')).toBe(false)
    expect(isNearExpiry(null, '2027-02-01')).toBe(false)
  })
})

describe('professionalHomePath', () => {
  it('opens the pipeline for brokers and the cases board for other professionals', () => {
    expect(professionalHomePath(['pro_broker'])).toBe('/app/pipeline')
    expect(professionalHomePath(['pro_conveyancer'])).toBe('/app/cases')
  })
})
