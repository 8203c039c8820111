/**
 * Client due diligence rules under the Money Laundering, Terrorist Financing and Transfer of Funds
 * (Information on the Payer) Regulations 2017 (MLR 2017): the risk assessment of one client on one
 * matter (regs 28 and 33: enhanced due diligence where the risk is high; reg 35: a politically
 * exposed person always needs it), what must be in place before the conveyancer may approve, and how
 * long the record is kept (reg 40: 5 years from the end of the business relationship). Pure.
 */

export const IDENTITY_STATES = [
  'not_started',
  'in_progress',
  'processing',
  'verified',
  'needs_review',
  'failed',
] as const
export type IdentityState = (typeof IDENTITY_STATES)[number]

export const SCREENING_STATES = ['pending', 'clear', 'possible_match'] as const
export type ScreeningState = (typeof SCREENING_STATES)[number]

export const RISK_LEVELS = ['low', 'medium', 'high'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

export const CDD_DECISIONS = ['approve', 'refer', 'reject'] as const
export type CddDecision = (typeof CDD_DECISIONS)[number]

/**
 * How the conveyancer resolves an identity check the provider sent to manual review (on one matter):
 * accepted (having looked at the document and selfie, with a note), rejected, or a new check asked
 * of the client.
 */
export const IDENTITY_REVIEW_OUTCOMES = ['accepted', 'rejected', 'new_check_requested'] as const
export type IdentityReviewOutcome = (typeof IDENTITY_REVIEW_OUTCOMES)[number]

/** The badge a party shows on People (identity, CDD; the funds badge joins them). */
export const BADGE_STATES = ['not_started', 'in_progress', 'verified', 'needs_review', 'failed'] as const
export type BadgeState = (typeof BADGE_STATES)[number]

/** The two timeline tasks that tick themselves from an approved CDD record, by the client's side. */
export const CDD_TASK_TITLES = {
  buyer: 'Buyer ID and AML checks (customer due diligence) completed',
  seller: 'Seller ID and AML checks (customer due diligence) and proof of ownership completed',
} as const

/** Why a person cannot tick a CDD task by hand (answered 422; the rule is in self-ticking-tasks.ts). */
export const CDD_TASK_RULE =
  'This task ticks itself when the conveyancer approves the client due diligence record of every client on that side (Money Laundering Regulations 2017)'

import { highRiskLabel, highRiskListOf, type HighRiskCountryList } from './high-risk-third-countries'
import { formatPence } from './surveys'

/** A purchase price at or above this (pence) is a risk factor: £2,000,000. */
export const HIGH_VALUE_PENCE = 2_000_000_00

export interface RiskInput {
  identity: IdentityState
  /** The identity provider's face match and liveness, when a result has come. */
  faceMatch?: boolean | null
  screening: ScreeningState
  sanctionsMatch: boolean
  pep: boolean
  /** The move's agreed price in pence, when known. */
  pricePence?: number | null
  /** CDD relied on from another firm under reg 39, with its written consent. */
  reliance: boolean
  /** The conveyancer's resolution of a manual review of the current check, if any. */
  identityReview?: IdentityReviewOutcome | null
  /** The name on the current document differs from the account's name (namesAgree). */
  nameDiffers?: boolean
  /** An earlier attempt was made with a document in another name than the current one. */
  earlierAttemptInAnotherName?: boolean
  /** Screening was never started (a failed or unfinished identity check starts none). */
  screeningStarted?: boolean
  /** The client's nationality (ISO 3166-1 alpha-2), when recorded. */
  nationality?: string | null
  /** The client's country of residence (ISO 3166-1 alpha-2), when known. */
  residenceCountry?: string | null
  /** The high-risk third country list to check against (default: the shipped one). */
  highRiskList?: HighRiskCountryList
  /**
   * A buyer's funding picture, when it has started (the one calculation, fundingBalance in
   * source-of-funds.ts): the amount the funds fall short by, in pence (0 when covered).
   */
  fundingShortfallPence?: number | null
}

export interface RiskAssessment {
  level: RiskLevel
  reasons: string[]
  /** Enhanced due diligence is required (reg 33; always for a PEP, reg 35). */
  eddRequired: boolean
}

/**
 * The client's risk on this matter with the reasons, highest factor first:
 * high for a possible sanctions match, a politically exposed person (reg 35) or a failed identity
 * check; medium for an identity not yet verified (or sent to review), screening not back, a price of
 * £2,000,000 or more, or reliance on another firm's CDD (reg 39: the liability stays with us);
 * otherwise low. EDD is required when high.
 * Countries (decision 068): a client established (resident) in a high-risk third country is high,
 * EDD being required by reg 33(1)(b); a nationality of one is high too, as a geographical risk factor
 * (reg 33(6)(c)) the firm's policy treats as needing EDD. Both name the country and the list's date.
 * Funding: a buyer whose funds fall short (the Funds page's figure) is at least medium, since the
 * source of part of the money is not known (reg 28(11) ongoing monitoring of the source of funds):
 * a shortfall is never low risk.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const high: string[] = []
  const medium: string[] = []
  if (input.sanctionsMatch) high.push('Possible match on the UK sanctions list: confirm or rule it out before acting')
  if (input.pep) high.push('Politically exposed person (reg 35): enhanced due diligence and senior approval needed')
  if (input.identity === 'failed') high.push('The identity check failed')
  const residence = highRiskListOf(input.residenceCountry, input.highRiskList)
  if (residence) {
    high.push(
      `Established in a high-risk third country (reg 33(1)(b)): lives in ${highRiskLabel(input.residenceCountry!, residence)}`,
    )
  }
  const nationality = highRiskListOf(input.nationality, input.highRiskList)
  if (nationality) {
    high.push(
      `National of a high-risk third country (geographical risk factor, reg 33(6)(c)): ${highRiskLabel(input.nationality!, nationality)}`,
    )
  }
  if (input.identity === 'needs_review' && input.identityReview === 'rejected') {
    high.push('You rejected the identity check after its manual review')
  } else if (input.identity === 'needs_review' && input.identityReview === 'accepted') {
    medium.push('The identity check went to manual review and you accepted it (the provider reached low confidence)')
  } else if (input.identity === 'needs_review' && input.identityReview === 'new_check_requested') {
    medium.push('You asked the client for a new identity check after the manual review')
  } else if (input.identity === 'needs_review') {
    medium.push('The identity provider sent the check for manual review: accept it, reject it or ask for a new check')
  }
  if (input.nameDiffers) medium.push("The name on the identity document differs from the client's account name")
  if (input.earlierAttemptInAnotherName) {
    medium.push('An earlier identity check used a document in another name: see the attempts')
  }
  if (!input.reliance && ['not_started', 'in_progress', 'processing'].includes(input.identity)) {
    medium.push('Identity not verified yet')
  }
  if (input.faceMatch === false && input.identity !== 'failed') medium.push('The selfie did not match the document')
  if (input.screening === 'pending' && input.screeningStarted === false) {
    medium.push('Not screened against the sanctions and PEP lists yet')
  } else if (input.screening === 'pending') {
    medium.push('Sanctions and PEP screening has not come back yet')
  }
  if (input.pricePence != null && input.pricePence >= HIGH_VALUE_PENCE) {
    medium.push('High-value purchase (£2,000,000 or more)')
  }
  if (input.reliance) medium.push("Relying on another firm's CDD (reg 39): we remain liable for it")
  if (input.fundingShortfallPence != null && input.fundingShortfallPence > 0) {
    medium.push(
      `The funds fall short by ${formatPence(input.fundingShortfallPence)} (Funds page): where the rest of the money comes from is not known yet`,
    )
  }
  const level: RiskLevel = high.length ? 'high' : medium.length ? 'medium' : 'low'
  const reasons = [...high, ...medium]
  if (!reasons.length) reasons.push('Identity verified to medium confidence, no sanctions or PEP match')
  return { level, reasons, eddRequired: level === 'high' }
}

export interface ApprovalInput {
  risk: RiskAssessment
  identity: IdentityState
  reliance: boolean
  /** The conveyancer accepted the current check after its manual review. */
  identityAccepted?: boolean
  sanctionsMatch: boolean
  eddAnswered: boolean
  sourceOfWealthEvidence: boolean
}

/** Why the record cannot be approved yet (each a sentence naming the rule), or [] when it can. */
export function approvalBlockers(input: ApprovalInput): string[] {
  const blockers: string[] = []
  const identityOk = input.identity === 'verified' || (input.identity === 'needs_review' && input.identityAccepted)
  if (!identityOk && !input.reliance) {
    blockers.push(
      input.identity === 'needs_review'
        ? 'Resolve the manual review of the identity check first (reg 28): accept it with a note, or ask for a new check'
        : "Verify the client's identity first (reg 28), or record reliance on another firm's CDD (reg 39)",
    )
  }
  if (input.risk.eddRequired && !input.eddAnswered) {
    blockers.push('Answer the enhanced due diligence questions first (reg 33)')
  }
  if (input.risk.eddRequired && !input.sourceOfWealthEvidence) {
    blockers.push('Attach evidence of the source of wealth first (regs 33 and 35)')
  }
  return blockers
}

/** How long CDD records are kept after the business relationship ends: 5 years (reg 40(3)). */
export const CDD_RETENTION_YEARS = 5

/**
 * The day (yyyy-mm-dd) after which a CDD record whose business relationship ended on `endedOn`
 * (yyyy-mm-dd: the move completed or was withdrawn) is deleted: 5 years later; 29 February ends on
 * 28 February when the later year has none.
 */
export function cddRetainUntil(endedOn: string): string {
  const [y, m, d] = endedOn.split('-').map(Number) as [number, number, number]
  const year = y + CDD_RETENTION_YEARS
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate()
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** True when the record may now be deleted: the relationship has ended and `today` is past its retention. */
export function cddDueForDeletion(endedOn: string | null, today: string): boolean {
  return endedOn !== null && today > cddRetainUntil(endedOn)
}

/** The badge of a party's identity check. */
export function identityBadge(state: IdentityState): BadgeState {
  if (state === 'processing') return 'in_progress'
  return state
}

/** The badge of a CDD record: its decision, else in progress once opened. */
export function cddBadge(record: { decision: CddDecision | null } | null): BadgeState {
  if (!record) return 'not_started'
  if (record.decision === 'approve') return 'verified'
  if (record.decision === 'refer') return 'needs_review'
  if (record.decision === 'reject') return 'failed'
  return 'in_progress'
}

/** Identity checks are reused across moves for 12 months, or until the document expires if sooner. */
export const IDENTITY_CHECK_VALID_MONTHS = 12

/** A name's words for comparison: accents removed, lower case, letters only ('Zoë O\'Brien-Smith' -> zoe, obrien, smith). */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean)
}

/**
 * True when the name on an identity document agrees with the account's name: every word of the
 * surname and the first given name appear among the account name's words (accents, case,
 * apostrophes and hyphens aside; middle names may be left out of the account). False flags a
 * difference for the conveyancer to look at (a maiden name, another person's document); it blocks
 * nothing by itself.
 */
export function namesAgree(accountName: string, document: { surname: string; givenNames: string }): boolean {
  const account = new Set(nameWords(accountName))
  const surname = nameWords(document.surname)
  const first = nameWords(document.givenNames)[0]
  return surname.length > 0 && surname.every((w) => account.has(w)) && (!first || account.has(first))
}
