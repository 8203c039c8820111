/**
 * Source of funds: what Homeward flags in a buyer's bank transactions, how the funding picture adds
 * up, and the funds status shown as a badge. Pure rules; money in pence (integers).
 *
 * The flags follow what a conveyancer is required to ask about under the Money Laundering
 * Regulations 2017 (reg 28(11): scrutiny of transactions, including the source of funds) as the Law
 * Society's anti-money-laundering guidance puts it: a large credit whose origin is not obvious, and
 * cash paid in, both need the buyer's explanation and evidence.
 */

/** A credit of at least this much (£2,500) that is not salary needs its source explained. */
export const LARGE_CREDIT_PENCE = 2_500_00

/** Categories a bank transaction is put in (the provider's transaction code, mapped). */
export const BANK_TRANSACTION_CATEGORIES = [
  'salary',
  'transfer',
  'cash_deposit',
  'card',
  'direct_debit',
  'interest',
  'other',
] as const
export type BankTransactionCategory = (typeof BANK_TRANSACTION_CATEGORIES)[number]

export interface BankTransactionLike {
  /** Positive: money in; negative: money out. Pence. */
  amountPence: number
  category: BankTransactionCategory
}

export type FundsFlagKind = 'large_credit' | 'cash_deposit'

/**
 * Whether a transaction needs the buyer's explanation: any cash paid in ('cash_deposit'), or a
 * credit of £2,500 or more that is not salary or interest ('large_credit'); else null.
 */
export function flagFor(t: BankTransactionLike): FundsFlagKind | null {
  if (t.amountPence <= 0) return null
  if (t.category === 'cash_deposit') return 'cash_deposit'
  if (t.amountPence >= LARGE_CREDIT_PENCE && t.category !== 'salary' && t.category !== 'interest') return 'large_credit'
  return null
}

/**
 * The badge: not started, in progress, verified, needs review (the People badges). A refused or
 * expired bank consent is that consent's state, shown with the bank ("Bank not connected"), never
 * the whole picture's (issue 38: one refused consent read as a failed source of funds).
 */
export const FUNDS_STATUSES = ['not_started', 'in_progress', 'verified', 'needs_review'] as const
export type FundsStatus = (typeof FUNDS_STATUSES)[number]

export const FUNDS_STATUS_LABELS: Record<FundsStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  verified: 'Verified',
  needs_review: 'Needs review',
}

export const FUNDS_REVIEW_DECISIONS = ['satisfied', 'more_info'] as const
export type FundsReviewDecision = (typeof FUNDS_REVIEW_DECISIONS)[number]

/**
 * The buyer's funds status from what is recorded:
 * - verified: the buyer's conveyancer marked the source of funds satisfied;
 * - needs_review: the conveyancer asked for more, or the picture is ready for them (a bank connected
 *   and every flag explained and no shortfall) and waits for their decision;
 * - in_progress: a bank consent started, connected, refused or expired (the consent says which), or
 *   anything stated;
 * - not_started: nothing yet.
 */
export function deriveFundsStatus(s: {
  review: FundsReviewDecision | null
  connectedAccounts: number
  lastConsentStatus: string | null
  anythingStated: boolean
  openFlags: number
  shortfallPence: number
}): FundsStatus {
  if (s.review === 'satisfied') return 'verified'
  if (s.review === 'more_info') return 'needs_review'
  if (s.connectedAccounts > 0 && s.openFlags === 0 && s.shortfallPence === 0) return 'needs_review'
  if (s.connectedAccounts > 0 || s.lastConsentStatus !== null || s.anythingStated) return 'in_progress'
  return 'not_started'
}

export interface FundingSources {
  savingsPence: number
  mortgagePence: number
  giftsPence: number
  saleProceedsPence: number
}

export interface FundingNeeds {
  pricePence: number
  sdltPence: number
  feesPence: number
}

/** What the funding picture comes to: every figure in pence, the loan-to-value as a percentage. */
export interface FundingPosition {
  availablePence: number
  neededPence: number
  /** needed - available, 0 when covered: the funds page's "fall short by" and the broker's funding gap. */
  shortfallPence: number
  /** The buyer's own money towards the price: price - mortgage (never negative). */
  depositPence: number
  /** mortgage / price x 100, one decimal; null without a price. */
  loanToValuePercent: number | null
}

/**
 * The one funding calculation (issue 40): total needed (price + SDLT + fees), total available
 * (savings + mortgage + gifts + sale proceeds), the shortfall (0 when covered), the deposit the
 * mortgage leaves (price - mortgage) and the loan-to-value (mortgage / price). The buyer's funds page
 * (features/funds/read-funds.ts) and the broker's affordability panel (features/mortgages/read-case.ts,
 * through `brokerPosition` in domain/mortgages.ts) both call it, so given the same figures they show
 * the same gap.
 */
export function fundingBalance(sources: FundingSources, needs: FundingNeeds): FundingPosition {
  const available = sources.savingsPence + sources.mortgagePence + sources.giftsPence + sources.saleProceedsPence
  const needed = needs.pricePence + needs.sdltPence + needs.feesPence
  return {
    availablePence: available,
    neededPence: needed,
    shortfallPence: Math.max(0, needed - available),
    depositPence: Math.max(0, needs.pricePence - sources.mortgagePence),
    loanToValuePercent:
      needs.pricePence > 0 ? Math.round((sources.mortgagePence / needs.pricePence) * 1000) / 10 : null,
  }
}

/** The rule a manual tick of the source-of-funds task breaks (422). */
export const SOURCE_OF_FUNDS_TASK_RULE =
  "This task ticks itself when the buyer's conveyancer marks the source of funds satisfied on the Funds page; it cannot be ticked by hand."
