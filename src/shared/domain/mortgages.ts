/**
 * Mortgage brokers' rules, pure: the application's stages up to the offer, the affordability
 * estimate and when a DIP or an offer counts as near expiry. Money is in pence (integers).
 */

/** Where a buyer's mortgage application stands, in order, up to the lender's offer. */
export const APPLICATION_STAGES = [
  'fact_find',
  'decision_in_principle',
  'application_submitted',
  'valuation',
  'underwriting',
  'offer_issued',
] as const
export type ApplicationStage = (typeof APPLICATION_STAGES)[number]

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  fact_find: 'Fact find',
  decision_in_principle: 'Decision in principle',
  application_submitted: 'Application submitted',
  valuation: 'Valuation',
  underwriting: 'Underwriting',
  offer_issued: 'Offer issued',
}

/** How the buyer earns: the fact find's employment status. */
export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'contractor', 'retired', 'not_working'] as const
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number]

export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  contractor: 'Contractor',
  retired: 'Retired',
  not_working: 'Not working',
}

/**
 * Loan-to-income multiple at the top of the range. Source: the Bank of England Financial Policy
 * Committee's LTI flow limit (lenders may lend at or above 4.5 times income on at most 15% of new
 * mortgages), so 4.5x is where most lending stops. Configurable: pass `ltiMultiple`.
 */
export const DEFAULT_LTI_MULTIPLE = 4.5
/** The cautious end of the range, as a loan-to-income multiple (many lenders' standard multiple). */
export const DEFAULT_LOWER_LTI_MULTIPLE = 4
/**
 * Annual interest rate at which repayments must still be affordable, as a fraction. Source: lenders'
 * own stress tests (the FPC withdrew its 3-percentage-point affordability test in August 2022; lenders
 * now test at their reversion rate or similar, around 7% to 8% in 2024-26). Configurable: pass `stressRate`.
 */
export const DEFAULT_STRESS_RATE = 0.07
/** Share of net monthly income (income after commitments) a stressed repayment may take: a lender-style cap. */
export const DEFAULT_MAX_REPAYMENT_SHARE = 0.4
/** Term in years used for the stressed repayment when none is given. */
export const DEFAULT_TERM_YEARS = 25
/** A DIP or offer expiring within this many days is 'near expiry': the reminder goes and the pipeline flags it. */
export const EXPIRY_REMINDER_DAYS = 14

/** Shown with every affordability figure. */
export const NOT_ADVICE_NOTE =
  'An estimate to start a conversation, not advice and not a lending decision: each lender applies its own criteria.'

export interface AffordabilityInput {
  grossAnnualIncomePence: number
  monthlyCommitmentsPence: number
  depositPence: number
  termYears?: number
  ltiMultiple?: number
  lowerLtiMultiple?: number
  stressRate?: number
  maxRepaymentShare?: number
}

export interface AffordabilityRange {
  /** Lowest and highest loan, in pence, rounded down to £1,000. */
  minLoanPence: number
  maxLoanPence: number
  /** The same plus the deposit: the purchase price range, in pence. */
  minPricePence: number
  maxPricePence: number
  ltiMultiple: number
  stressRate: number
}

/** Monthly repayment of `loanPence` over `years` at annual `rate` (repayment mortgage), in pence. */
export function monthlyRepaymentPence(loanPence: number, rate: number, years: number): number {
  const n = years * 12
  const r = rate / 12
  if (r === 0) return loanPence / n
  return (loanPence * r) / (1 - (1 + r) ** -n)
}

/**
 * The loan range: the top is the smaller of income x `ltiMultiple` and the loan whose repayment at
 * `stressRate` takes `maxRepaymentShare` of monthly income after commitments; the bottom is the same
 * with `lowerLtiMultiple`. Commitments count against income (12 x monthly). Never negative.
 */
export function affordabilityRange(input: AffordabilityInput): AffordabilityRange {
  const lti = input.ltiMultiple ?? DEFAULT_LTI_MULTIPLE
  const lower = Math.min(lti, input.lowerLtiMultiple ?? DEFAULT_LOWER_LTI_MULTIPLE)
  const stressRate = input.stressRate ?? DEFAULT_STRESS_RATE
  const share = input.maxRepaymentShare ?? DEFAULT_MAX_REPAYMENT_SHARE
  const years = input.termYears ?? DEFAULT_TERM_YEARS
  const monthlyIncome = input.grossAnnualIncomePence / 12
  const affordableMonthly = Math.max(0, monthlyIncome * share - input.monthlyCommitmentsPence)
  const stressedCap = affordableMonthly / monthlyRepaymentPence(1, stressRate, years)
  const effectiveIncome = Math.max(0, input.grossAnnualIncomePence - input.monthlyCommitmentsPence * 12)
  const floor1000 = (pence: number) => Math.floor(pence / 100_000) * 100_000
  const maxLoanPence = floor1000(Math.min(effectiveIncome * lti, stressedCap))
  const minLoanPence = Math.min(maxLoanPence, floor1000(Math.min(effectiveIncome * lower, stressedCap)))
  return {
    minLoanPence,
    maxLoanPence,
    minPricePence: minLoanPence + input.depositPence,
    maxPricePence: maxLoanPence + input.depositPence,
    ltiMultiple: lti,
    stressRate,
  }
}

/** Days from `today` to `expiresOn` (both yyyy-mm-dd); negative when past. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

/** True when a DIP or offer expiring on `expiresOn` is within EXPIRY_REMINDER_DAYS of `today` and not yet past. */
export function isNearExpiry(expiresOn: string | null, today: string): boolean {
  if (!expiresOn) return false
  const days = daysUntil(expiresOn, today)
  return days >= 0 && days <= EXPIRY_REMINDER_DAYS
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day of `at` in Europe/London, yyyy-mm-dd. */
export function londonDay(at: Date): string {
  return LONDON_DAY.format(at)
}

/** A yyyy-mm-dd date as dd MMM yyyy ('2027-01-08' -> '08 Jan 2027'), read as a calendar date. */
export function ukCalendarDate(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}
