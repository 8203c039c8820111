/**
 * The UK's high-risk third countries for the Money Laundering Regulations 2017 (MLR 2017), shipped
 * as dated data (decision 068).
 *
 * The law: regulation 33(1)(b) requires enhanced due diligence (EDD) and enhanced ongoing monitoring
 * in any business relationship with a person established in a high-risk third country. From
 * 26 March 2021 to 21 January 2024 the list was Schedule 3ZA of the MLR 2017 (inserted by
 * SI 2021/392 and replaced by each amending instrument, last SI 2023/1306 of 5 December 2023). From
 * 22 January 2024 Schedule 3ZA is omitted and regulation 33(3)(a) defines a high-risk third country as
 * a country named on either of the Financial Action Task Force's lists "as they have effect from time
 * to time": "High-Risk Jurisdictions subject to a Call for Action" and "Jurisdictions under Increased
 * Monitoring" (HM Treasury, Money Laundering Advisory Notice: High Risk Third Countries). The FATF
 * updates both after each plenary (February, June and October), so the list below carries the date
 * of the FATF publication it copies; `listAge` says when a newer plenary may have changed it.
 *
 * Sources:
 * - https://www.legislation.gov.uk/uksi/2017/692/regulation/33
 * - https://www.gov.uk/government/publications/money-laundering-advisory-notice-high-risk-third-countries--2
 * - https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html
 *   (Call for action and Increased monitoring, 19 June 2026: the February 2026 plenary added Kuwait
 *   and Papua New Guinea; the June 2026 plenary added Bosnia and Herzegovina and Iraq and removed
 *   Algeria and Namibia; the call for action is unchanged since October 2025)
 */
import { countryName, type CountryCode } from './countries'

export interface HighRiskCountryList {
  /** yyyy-mm-dd: the FATF publication this list copies. */
  publishedOn: string
  /** What the list is, as shown beside a match. */
  source: string
  sourceUrl: string
  /** High-Risk Jurisdictions subject to a Call for Action ("black list"). */
  callForAction: readonly CountryCode[]
  /** Jurisdictions under Increased Monitoring ("grey list"). */
  increasedMonitoring: readonly CountryCode[]
}

/** The list in force for reg 33(3)(a), as the FATF published it after its June 2026 plenary. */
export const HIGH_RISK_THIRD_COUNTRIES: HighRiskCountryList = {
  publishedOn: '2026-06-19',
  source: 'FATF lists of 19 Jun 2026 (MLR 2017 reg 33(3)(a))',
  sourceUrl: 'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html',
  callForAction: ['KP', 'IR', 'MM'],
  increasedMonitoring: [
    'AO', // Angola
    'BO', // Bolivia
    'BA', // Bosnia and Herzegovina (June 2026)
    'BG', // Bulgaria
    'CM', // Cameroon
    'CI', // Côte d'Ivoire
    'CD', // Democratic Republic of the Congo
    'HT', // Haiti
    'IQ', // Iraq (June 2026)
    'KE', // Kenya
    'KW', // Kuwait (February 2026)
    'LA', // Lao PDR
    'LB', // Lebanon
    'MC', // Monaco
    'NP', // Nepal
    'PG', // Papua New Guinea (February 2026)
    'SS', // South Sudan
    'SY', // Syria
    'VE', // Venezuela
    'VN', // Vietnam
    'VG', // Virgin Islands (UK)
    'YE', // Yemen
  ],
}

/** Which of the FATF's two lists names the country, or null when neither does. */
export function highRiskListOf(
  code: string | null | undefined,
  list: HighRiskCountryList = HIGH_RISK_THIRD_COUNTRIES,
): 'call_for_action' | 'increased_monitoring' | null {
  if (!code) return null
  if ((list.callForAction as readonly string[]).includes(code)) return 'call_for_action'
  if ((list.increasedMonitoring as readonly string[]).includes(code)) return 'increased_monitoring'
  return null
}

/** 'Iran (FATF call for action)', 'Kenya (FATF increased monitoring)'. */
export function highRiskLabel(code: string, which: 'call_for_action' | 'increased_monitoring'): string {
  return `${countryName(code)} (FATF ${which === 'call_for_action' ? 'call for action' : 'increased monitoring'})`
}

/** The FATF meets three times a year: a list older than this many days may have been replaced. */
export const HIGH_RISK_LIST_STALE_DAYS = 130

/**
 * Whether the shipped list may be out of date on `today` (yyyy-mm-dd): more than
 * HIGH_RISK_LIST_STALE_DAYS after its publication, a later plenary has probably published a new one,
 * and the firm must check the FATF's page (the CDD record says so beside the list's date).
 */
export function highRiskListStale(today: string, list: HighRiskCountryList = HIGH_RISK_THIRD_COUNTRIES): boolean {
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${list.publishedOn}T00:00:00Z`)) / 86_400_000
  return days > HIGH_RISK_LIST_STALE_DAYS
}
