/**
 * A firm's public profile (Firm settings, the firm API, the marketplace and the server-rendered
 * profile page): the services each trade offers, the languages a firm may say it speaks with
 * clients, offices with the postcode districts they cover, and what a regulator number check said.
 * Issue 37 item 4; docs/decisions/056-regulator-register.md.
 */
import type { OrganizationType } from './organizations'
import { REGULATOR_SHORT, type Regulator } from './regulators'

/** The services a firm of each trade may list, key -> label. */
export const FIRM_SERVICES: Record<OrganizationType, Readonly<Record<string, string>>> = {
  law: {
    freehold_purchase: 'Freehold purchases',
    leasehold_purchase: 'Leasehold purchases',
    sale: 'Sales',
    remortgage: 'Remortgages',
    transfer_of_equity: 'Transfers of equity',
    new_build: 'New-build purchases',
    shared_ownership: 'Shared ownership',
    right_to_buy: 'Right to buy',
    auction: 'Auction purchases',
  },
  survey: {
    level_1: 'RICS Home Survey Level 1',
    level_2: 'RICS Home Survey Level 2',
    level_3: 'RICS Home Survey Level 3',
    valuation: 'Valuations',
    new_build_snagging: 'New-build snagging',
    party_wall: 'Party wall matters',
    damp_timber: 'Damp and timber reports',
  },
  broker: {
    residential: 'Residential mortgages',
    first_time_buyer: 'First-time buyers',
    remortgage: 'Remortgages',
    buy_to_let: 'Buy to let',
    self_employed: 'Self-employed applicants',
    later_life: 'Later-life lending',
    protection: 'Life and income protection',
  },
  agent: {
    sales: 'Residential sales',
    lettings: 'Lettings',
    auctions: 'Auctions',
    new_homes: 'New homes',
    valuations: 'Free market appraisals',
  },
}

/** The services key -> label of a trade. */
export function servicesFor(type: OrganizationType): Readonly<Record<string, string>> {
  return FIRM_SERVICES[type]
}

/** Languages a firm may say it speaks with clients (ISO 639 codes), English and Welsh first. */
export const FIRM_LANGUAGES = {
  en: 'English',
  cy: 'Welsh (Cymraeg)',
  pl: 'Polish',
  pa: 'Punjabi',
  ur: 'Urdu',
  bn: 'Bengali',
  gu: 'Gujarati',
  hi: 'Hindi',
  ta: 'Tamil',
  ar: 'Arabic',
  zh: 'Chinese (Mandarin)',
  yue: 'Chinese (Cantonese)',
  ro: 'Romanian',
  pt: 'Portuguese',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  de: 'German',
  lt: 'Lithuanian',
  tr: 'Turkish',
  so: 'Somali',
  gd: 'Scottish Gaelic',
  ga: 'Irish',
} as const satisfies Record<string, string>
export type FirmLanguage = keyof typeof FIRM_LANGUAGES
export const FIRM_LANGUAGE_CODES = Object.keys(FIRM_LANGUAGES) as [FirmLanguage, ...FirmLanguage[]]

/** One office: its address lines, UK postcode (normalised) and the postcode districts it serves. */
export interface FirmOffice {
  address: string
  postcode: string
  /** Outward codes ('AL1', 'SW1A'), upper case, the office's own first. */
  districts: string[]
}

/** Offices a profile may list, and districts one office may cover. */
export const MAX_FIRM_OFFICES = 10
export const MAX_OFFICE_DISTRICTS = 40
/** Longest description, in characters. */
export const FIRM_DESCRIPTION_MAX = 2000
/** Largest logo upload (bytes), before resizing. */
export const FIRM_LOGO_MAX_BYTES = 5 * 1024 * 1024
/** The resized logo fits in this square (pixels), kept in proportion. */
export const FIRM_LOGO_SIZE = 256

/**
 * What the RegulatorRegister said of the firm's number: `verified` (found, in force), `not_found`
 * (no such number on the register, or struck off) or `unavailable` (the register could not be asked;
 * saved unverified, checked again on the next save).
 */
export const REGULATOR_CHECK_STATUSES = ['verified', 'not_found', 'unavailable'] as const
export type RegulatorCheckStatus = (typeof REGULATOR_CHECK_STATUSES)[number]

/** The regulator's register, as the badge names it ("Verified by the SRA register"). */
export function registerName(regulator: Regulator): string {
  return `the ${REGULATOR_SHORT[regulator]} register`
}

/**
 * The badge of a firm's regulator check, or null when nothing is verified. `sandbox`: the check was
 * made by the sandbox register, and the badge says so. Never a verified badge for another status.
 */
export function regulatorBadge(check: {
  regulator: Regulator | null
  status: RegulatorCheckStatus | null
  checkedBy: string | null
}): string | null {
  if (!check.regulator || check.status !== 'verified') return null
  const label = `Verified by ${registerName(check.regulator)}`
  return check.checkedBy === 'sandbox' ? `${label} (sandbox)` : label
}

/**
 * What a firm is told about its number after a save: the badge, or why it is not verified.
 * Null when no number is saved.
 */
export function regulatorCheckMessage(check: {
  regulator: Regulator | null
  number: string | null
  status: RegulatorCheckStatus | null
  checkedBy: string | null
}): string | null {
  if (!check.regulator || !check.number) return null
  const who = `${REGULATOR_SHORT[check.regulator]} ${check.number}`
  switch (check.status) {
    case 'verified':
      return regulatorBadge(check)
    case 'not_found':
      return `Not verified: ${who} is not on ${registerName(check.regulator)}. Check the number; it is saved, but not shown as verified.`
    case 'unavailable':
      return `Not verified yet: ${registerName(check.regulator)} could not be reached. Save again later to check ${who}.`
    default:
      return `Not verified: ${who} has not been checked.`
  }
}

/**
 * The shape of a number on each register, as the regulators publish them: SRA organisation ID 6
 * digits; CLC licence 4 to 6 digits; RICS firm number 6 or 7 digits; FCA firm reference number 6 or
 * 7 digits; Propertymark membership "M" and 8 digits; The Property Ombudsman "T" and 5 digits then
 * a letter ("T01234A"). Checked before asking the register, so a typing slip is named at once.
 */
export const REGULATOR_NUMBER_FORMATS: Record<Regulator, { pattern: RegExp; example: string }> = {
  sra: { pattern: /^\d{6}$/, example: '612345' },
  clc: { pattern: /^\d{4,6}$/, example: '2345' },
  rics: { pattern: /^\d{6,7}$/, example: '712345' },
  fca: { pattern: /^\d{6,7}$/, example: '123456' },
  propertymark: { pattern: /^M\d{8}$/, example: 'M00123456' },
  tpo: { pattern: /^T\d{5}[A-Z]$/, example: 'T01234A' },
}

/** "an SRA number", "a CLC number": the article as the short name is said. */
const ARTICLE: Record<Regulator, 'a' | 'an'> = {
  sra: 'an',
  clc: 'a',
  rics: 'an',
  fca: 'an',
  propertymark: 'a',
  tpo: 'a',
}

/**
 * What is wrong with a regulator and number as they will be saved, or null: both or neither, and the
 * number in its register's format. Field and sentence, for the contract (400) and the server (after a
 * partial update is merged with what is saved).
 */
export function regulatorNumberProblem(
  regulator: Regulator | null,
  number: string | null,
): { field: 'regulator' | 'regulator_number'; message: string } | null {
  if (regulator && !number)
    return { field: 'regulator_number', message: `Enter your ${REGULATOR_SHORT[regulator]} number` }
  if (!regulator && number) return { field: 'regulator', message: 'Choose the regulator this number is with' }
  if (regulator && number) {
    const format = REGULATOR_NUMBER_FORMATS[regulator]
    if (!format.pattern.test(number)) {
      return {
        field: 'regulator_number',
        message: `That is not ${ARTICLE[regulator]} ${REGULATOR_SHORT[regulator]} number: it looks like ${format.example}`,
      }
    }
  }
  return null
}

/** A number as stored: spaces removed, upper case ("m 0012 3456" -> "M00123456"). */
export function normaliseRegulatorNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase()
}
