/**
 * England or Wales from a postcode: which land tax a purchase pays (SDLT to HMRC, or Land Transaction
 * Tax to the Welsh Revenue Authority), which tax return task the timeline holds, and the PDTF
 * `homeNation`.
 *
 * Postcodes follow Royal Mail's delivery offices, not the border: the CH, SY, LD, NP and HR areas hold
 * districts wholly in Wales (Mold CH7, Aberystwyth SY23), wholly in England (Chester CH1, Oswestry
 * SY11) and a few with addresses on both sides. So the rule works by district:
 * - `wales` for the wholly Welsh areas (CF, LL, SA) and the Welsh districts of the border areas;
 * - `straddles` for a district with addresses in both nations (Saltney CH4, Chepstow NP16,
 *   Llanymynech SY22, Hay-on-Wye HR3 ...): the address lookup (its UPRN's country) answers, or the
 *   person is asked;
 * - `england` for every other postcode in England (and, outside England and Wales, a postcode this
 *   product does not serve: Scotland, Northern Ireland and the Crown dependencies are `england` here
 *   only in the sense of "not Wales"; the create form does not take them apart).
 * The lists are drawn from the border's postcode geography (the ONS Postcode Directory gives each
 * postcode's country: https://geoportal.statistics.gov.uk/); a district not known to lie wholly on one
 * side is listed as straddling, which costs the person one question and never a wrong tax.
 */
import { parsePostcode } from './postcode'

/** England (SDLT, HMRC) or Wales (Land Transaction Tax, Welsh Revenue Authority). */
export const NATIONS = ['england', 'wales'] as const
export type Nation = (typeof NATIONS)[number]

/** People's names for the nations. */
export const NATION_LABELS: Record<Nation, string> = { england: 'England', wales: 'Wales' }

/** Postcode areas in Wales but for their cross-border districts (LD and NP have a few). */
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA'])

/** Districts of the English-named border areas (CH, SY) wholly in Wales. */
const WELSH_DISTRICTS = new Set([
  'CH5',
  'CH6',
  'CH7',
  'CH8',
  'SY16',
  'SY17',
  'SY18',
  'SY19',
  'SY20',
  'SY23',
  'SY24',
  'SY25',
])

/** Districts with addresses on both sides of the border: the nation is asked (or looked up). */
export const CROSS_BORDER_DISTRICTS: ReadonlySet<string> = new Set([
  'CH4',
  'HR2', 'HR3', 'HR5',
  'LD7', 'LD8',
  'NP7', 'NP16', 'NP25',
  'SY5', 'SY10', 'SY13', 'SY14', 'SY15', 'SY21', 'SY22',
]) // prettier-ignore

/** How sure the postcode alone makes the nation. */
export type PostcodeNation = Nation | 'straddles'

/**
 * The nation of a postcode by its district (module docstring); null for a string that is not a UK
 * postcode. A BFPO number or GIR 0AA is `england` (they are not addresses in Wales).
 */
export function nationOfPostcode(postcode: string): PostcodeNation | null {
  const parsed = parsePostcode(postcode)
  if (!parsed) return null
  if (parsed.kind !== 'geographic') return 'england'
  if (CROSS_BORDER_DISTRICTS.has(parsed.outward)) return 'straddles'
  if (WELSH_AREAS.has(parsed.area) || WELSH_DISTRICTS.has(parsed.outward)) return 'wales'
  return 'england'
}

/**
 * The property's nation: the one given (from the address lookup or the person's answer) when the
 * postcode's district straddles the border or agrees with it, else the postcode's. A given nation that
 * contradicts a district wholly in one nation is refused (RangeError, with a message to show), since
 * a lookup never answers so and a person who typed it chose wrongly. Throws RangeError too when the
 * district straddles the border and no nation is given.
 */
export function resolveNation(postcode: string, given: Nation | null | undefined): Nation {
  const byPostcode = nationOfPostcode(postcode)
  if (byPostcode === null) throw new RangeError('Enter a valid UK postcode')
  if (byPostcode === 'straddles') {
    if (!given) throw new NationNeededError(postcode)
    return given
  }
  if (given && given !== byPostcode)
    throw new RangeError(`${postcode.toUpperCase()} is in ${NATION_LABELS[byPostcode]}, not ${NATION_LABELS[given]}`)
  return byPostcode
}

/** A straddling district with no nation given: the person must say England or Wales. */
export class NationNeededError extends RangeError {
  constructor(postcode: string) {
    super(
      `Postcode district ${parsePostcode(postcode)?.outward ?? postcode} has addresses in England and in Wales: choose which nation the property is in`,
    )
    this.name = 'NationNeededError'
  }
}
