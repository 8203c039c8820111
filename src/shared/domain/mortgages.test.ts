import { describe, expect, it } from 'vitest'
import { professionalHomePath } from '../paths'
import {
  addressHistoryMonths,
  affordabilityRange,
  brokerPosition,
  daysUntil,
  factFindSummary,
  isNearExpiry,
  MAPPED_STAGES,
  monthlyRepaymentPence,
  STAGE_TASK_TITLES,
  stageAfterTask,
  stageOfTaskTitle,
  tasksForStage,
} from './mortgages'
import { fundingBalance } from './source-of-funds'
import { TASK_TITLES } from './timeline-template'

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

describe('the stage <-> mortgage task mapping (one mapping, both ways)', () => {
  it('maps each stage with a timeline task to that task and back', () => {
    for (const s of MAPPED_STAGES) expect(stageOfTaskTitle(STAGE_TASK_TITLES[s]!)).toBe(s)
    expect(STAGE_TASK_TITLES.application_submitted).toBe(TASK_TITLES.mortgageApplication)
    expect(STAGE_TASK_TITLES.offer_issued).toBe(TASK_TITLES.mortgageOffer)
    expect(stageOfTaskTitle('Searches ordered')).toBeNull()
    expect(MAPPED_STAGES).not.toContain('underwriting')
  })
  it('moving the stage ticks the tasks up to it and unticks those after it', () => {
    expect(tasksForStage('valuation')).toEqual({
      completed: [TASK_TITLES.decisionInPrinciple, TASK_TITLES.mortgageApplication, TASK_TITLES.lenderValuation],
      notCompleted: [TASK_TITLES.mortgageOffer],
    })
    expect(tasksForStage('fact_find').completed).toEqual([])
  })
  it('a ticked task moves a stage behind it up, never back; an unticked one moves the stage before it', () => {
    expect(stageAfterTask('decision_in_principle', 'application_submitted', 'completed')).toBe('application_submitted')
    expect(stageAfterTask('underwriting', 'application_submitted', 'completed')).toBe('underwriting')
    expect(stageAfterTask('underwriting', 'valuation', 'not_completed')).toBe('application_submitted')
    expect(stageAfterTask('decision_in_principle', 'offer_issued', 'not_completed')).toBe('decision_in_principle')
    expect(stageAfterTask('decision_in_principle', 'decision_in_principle', 'not_completed')).toBe('fact_find')
  })
})

describe('brokerPosition (the funds page calculation)', () => {
  it('shows LTV and the gap against the price with the DIP, as fundingBalance does', () => {
    // The review's move: £525k price, £45k deposit, £280k DIP.
    const p = brokerPosition({
      pricePence: 525_000_00,
      ownFundsPence: 45_000_00,
      mortgagePence: 280_000_00,
      sdltPence: 16_250_00,
      feesPence: 0,
      maxLoanPence: 271_000_00,
    })!
    expect(p.loanToValuePercent).toBe(53.3)
    expect(p.shortfallPence).toBe(216_250_00)
    expect(p.aboveAffordability).toBe(true)
    const funds = fundingBalance(
      { savingsPence: 45_000_00, mortgagePence: 280_000_00, giftsPence: 0, saleProceedsPence: 0 },
      { pricePence: 525_000_00, sdltPence: 16_250_00, feesPence: 0 },
    )
    expect(p.shortfallPence).toBe(funds.shortfallPence)
    expect(p.loanToValuePercent).toBe(funds.loanToValuePercent)
  })
  it('without a DIP borrows the price less the deposit; without a price there is no position', () => {
    const p = brokerPosition({
      pricePence: 300_000_00,
      ownFundsPence: 30_000_00,
      mortgagePence: null,
      sdltPence: 0,
      feesPence: 2_000_00,
      maxLoanPence: null,
    })!
    expect(p).toMatchObject({ mortgagePence: 270_000_00, loanToValuePercent: 90, shortfallPence: 2_000_00 })
    expect(p.aboveAffordability).toBe(false)
    expect(
      brokerPosition({
        pricePence: null,
        ownFundsPence: 0,
        mortgagePence: null,
        sdltPence: 0,
        feesPence: 0,
        maxLoanPence: null,
      }),
    ).toBeNull()
  })
})

describe('fact find helpers', () => {
  it('sums every applicant’s incomes and the commitments', () => {
    expect(
      factFindSummary({
        applicants: [
          {
            employments: [{ status: 'self_employed' }],
            incomes: [
              { type: 'self_employed', annual_pence: 40_000_00 },
              { type: 'rental', annual_pence: 6_000_00 },
            ],
          },
          {
            employments: [],
            incomes: [
              { type: 'employed', annual_pence: 30_000_00 },
              { type: 'bonus', annual_pence: 2_000_00 },
            ],
          },
        ],
        commitments: [{ monthly_pence: 250_00 }, { monthly_pence: 100_00 }],
        deposit_pence: 50_000_00,
      }),
    ).toEqual({
      grossAnnualIncomePence: 78_000_00,
      monthlyCommitmentsPence: 350_00,
      depositPence: 50_000_00,
      employmentStatus: 'self_employed',
    })
  })
  it('counts months of address history up to 3 years', () => {
    expect(addressHistoryMonths([{ from: '2025-06' }], '2026-12-07')).toBe(18)
    expect(addressHistoryMonths([{ from: '2025-06' }, { from: '2020-01' }], '2026-12-07')).toBe(36)
    expect(addressHistoryMonths([{ from: '' }], '2026-12-07')).toBe(0)
  })
})
