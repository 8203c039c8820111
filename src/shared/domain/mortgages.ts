/**
 * Mortgage brokers' rules, pure: the application's stages up to the offer, the affordability
 * estimate and when a DIP or an offer counts as near expiry. Money is in pence (integers).
 */
import { fundingBalance, type FundingPosition } from './source-of-funds'
import { TASK_TITLES } from './timeline-template'

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

// ---------------------------------------------------------------------------------------------
// Clients and leads, the full fact find, the broker's funding position, the stage <-> task mapping,
// the pipeline's search/filter/sort and product-transfer reminders (issue 40 item 2, decision 059).
// ---------------------------------------------------------------------------------------------

/** A broker's client record: a lead (not yet engaged) or a client. */
export const CLIENT_STATUSES = ['lead', 'client'] as const
export type ClientStatus = (typeof CLIENT_STATUSES)[number]
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { lead: 'Lead', client: 'Client' }

/** The kinds of income a fact find records, per applicant. */
export const INCOME_TYPES = ['employed', 'self_employed', 'bonus', 'overtime', 'rental', 'other'] as const
export type IncomeType = (typeof INCOME_TYPES)[number]
export const INCOME_TYPE_LABELS: Record<IncomeType, string> = {
  employed: 'Employed (basic salary)',
  self_employed: 'Self-employed (net profit or salary and dividends)',
  bonus: 'Bonus',
  overtime: 'Overtime',
  rental: 'Rental',
  other: 'Other',
}

/** How many months of address history a lender asks for (3 years). */
export const ADDRESS_HISTORY_MONTHS = 36

/**
 * Months of address history from the earliest `from` (yyyy-mm or yyyy-mm-dd) of the addresses to
 * `today` (yyyy-mm-dd), capped at ADDRESS_HISTORY_MONTHS; 0 without a dated address.
 */
export function addressHistoryMonths(addresses: readonly { from?: string | null }[], today: string): number {
  const starts = addresses.map((a) => a.from).filter((f): f is string => !!f && /^\d{4}-\d{2}/.test(f))
  if (!starts.length) return 0
  const earliest = starts.sort()[0]!
  const [y, m] = [Number(earliest.slice(0, 4)), Number(earliest.slice(5, 7))]
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  return Math.max(0, Math.min(ADDRESS_HISTORY_MONTHS, (ty - y) * 12 + (tm - m)))
}

/**
 * The application stages each linked to the shared timeline's mortgage task (timeline-template.ts):
 * the one mapping both ways. Moving the stage ticks every mapped task up to it and unticks those
 * after it (features/mortgages/update-application.ts); ticking or unticking a mapped task moves the
 * broker's stage (core/timeline/tick-task.ts, `stageAfterTask`). 'fact_find' and 'underwriting'
 * have no task.
 */
export const STAGE_TASK_TITLES: Partial<Record<ApplicationStage, string>> = {
  decision_in_principle: TASK_TITLES.decisionInPrinciple,
  application_submitted: TASK_TITLES.mortgageApplication,
  valuation: TASK_TITLES.lenderValuation,
  offer_issued: TASK_TITLES.mortgageOffer,
}

/** The stages that have a timeline task, in order. */
export const MAPPED_STAGES = APPLICATION_STAGES.filter((s) => STAGE_TASK_TITLES[s] !== undefined)

/** The stage a title belongs to, or null for a task that is not a mortgage stage's. */
export function stageOfTaskTitle(title: string): ApplicationStage | null {
  return MAPPED_STAGES.find((s) => STAGE_TASK_TITLES[s] === title) ?? null
}

/** For a stage: which mapped tasks must be completed (up to it) and which not (after it). */
export function tasksForStage(stage: ApplicationStage): { completed: string[]; notCompleted: string[] } {
  const at = APPLICATION_STAGES.indexOf(stage)
  const completed: string[] = []
  const notCompleted: string[] = []
  for (const s of MAPPED_STAGES)
    (APPLICATION_STAGES.indexOf(s) <= at ? completed : notCompleted).push(STAGE_TASK_TITLES[s]!)
  return { completed, notCompleted }
}

/**
 * The stage after the mapped task of `taskStage` was ticked (`completed`) or unticked: a tick moves a
 * stage behind it up to it (never back); an untick moves a stage at or beyond it to the stage just
 * before it; otherwise the stage stays.
 */
export function stageAfterTask(
  current: ApplicationStage,
  taskStage: ApplicationStage,
  status: 'completed' | 'not_completed',
): ApplicationStage {
  const [at, task] = [APPLICATION_STAGES.indexOf(current), APPLICATION_STAGES.indexOf(taskStage)]
  if (status === 'completed') return task > at ? taskStage : current
  return at >= task ? APPLICATION_STAGES[task - 1]! : current
}

/** A deal's end this many days ahead sends the product-transfer reminder (lenders offer a product transfer up to about 4 to 6 months before). */
export const PRODUCT_TRANSFER_REMINDER_DAYS = 120

export const PIPELINE_SORTS = ['expiry', 'name', 'stage', 'updated'] as const
export type PipelineSort = (typeof PIPELINE_SORTS)[number]
export const PIPELINE_SORT_LABELS: Record<PipelineSort, string> = {
  expiry: 'Soonest expiry first',
  name: 'Client name (A to Z)',
  stage: 'Stage (furthest first)',
  updated: 'Recently updated',
}

export interface BrokerPositionInput {
  /** The agreed price on the move, else the price the client is aiming at; null when neither. */
  pricePence: number | null
  /** The applicants' own money towards the purchase (savings, gifts, sale proceeds). */
  ownFundsPence: number
  /** The latest DIP's amount, else the loan the client asks for, else null (then price - own funds). */
  mortgagePence: number | null
  /** SDLT on the price (domain/sdlt.ts) and the buying costs (fees), in pence. */
  sdltPence: number
  feesPence: number
  /** The affordability estimate's top loan, or null without a fact find's income. */
  maxLoanPence: number | null
}

export interface BrokerPosition extends FundingPosition {
  pricePence: number
  mortgagePence: number
  /** True when the mortgage asked or recorded is above the estimate's top loan. */
  aboveAffordability: boolean
}

/**
 * The broker's view of the funding: the price against own funds and the mortgage (the DIP's amount,
 * or the loan needed when there is none), through the funds page's one calculation
 * (source-of-funds.ts fundingBalance) so LTV and the gap agree with it; null without a price.
 */
export function brokerPosition(input: BrokerPositionInput): BrokerPosition | null {
  if (input.pricePence === null || input.pricePence <= 0) return null
  const mortgage = input.mortgagePence ?? Math.max(0, input.pricePence - input.ownFundsPence)
  const b = fundingBalance(
    { savingsPence: input.ownFundsPence, mortgagePence: mortgage, giftsPence: 0, saleProceedsPence: 0 },
    { pricePence: input.pricePence, sdltPence: input.sdltPence, feesPence: input.feesPence },
  )
  return {
    ...b,
    pricePence: input.pricePence,
    mortgagePence: mortgage,
    aboveAffordability: input.maxLoanPence !== null && mortgage > input.maxLoanPence,
  }
}

/** The parts of a fact find its summary reads (contracts/mortgages.ts FactFindInput). */
export interface FactFindLike {
  applicants: readonly {
    employments: readonly { status: EmploymentStatus }[]
    incomes: readonly { type: IncomeType; annual_pence: number }[]
  }[]
  commitments: readonly { monthly_pence: number }[]
  deposit_pence: number
}

export interface FactFindSummary {
  /** Every applicant's every income, yearly, gross. */
  grossAnnualIncomePence: number
  /** The commitments' monthly payments. */
  monthlyCommitmentsPence: number
  depositPence: number
  /** The first applicant's current (first listed) employment, else null. */
  employmentStatus: EmploymentStatus | null
}

/**
 * What the affordability estimate, the lender pack's cover sheet and the summary columns read from a
 * fact find: total gross yearly income of all applicants (every income type at its full amount;
 * lenders may count bonus, overtime and rental at less, which the estimate's note leaves to them),
 * total monthly commitments, the deposit and the first applicant's employment.
 */
export function factFindSummary(f: FactFindLike): FactFindSummary {
  return {
    grossAnnualIncomePence: f.applicants.reduce((s, a) => s + a.incomes.reduce((t, i) => t + i.annual_pence, 0), 0),
    monthlyCommitmentsPence: f.commitments.reduce((s, c) => s + c.monthly_pence, 0),
    depositPence: f.deposit_pence,
    employmentStatus: f.applicants[0]?.employments[0]?.status ?? null,
  }
}
