/**
 * The one UK postcode rule of every form (a property, an identity address, a firm's office): the
 * shapes Royal Mail's Postcode Address File uses, in any case and spacing, normalised to capitals
 * with one space before the inward code ('sw1a  1aa' -> 'SW1A 1AA').
 *
 * Source: Royal Mail's Programmers' Guide to the PAF and the GOV.UK data standard for postcodes
 * (https://www.gov.uk/government/publications/open-standards-for-government/uk-postcode-data-standard):
 * - the outward code is one of AN, ANN, AAN, AANN, ANA, AANA; the inward code a digit and two letters;
 * - Q, V and X are never first; I, J and Z never second; only A-H, J, K, P, S-U, W follow a single-letter
 *   area's digit (W1A); only A, B, E, H, M, N, P, R, V-Y follow a two-letter area's digit (EC1A);
 *   C, I, K, M, O and V never appear in the inward code;
 * - the area (the leading letters) is one of Royal Mail's postcode areas (with the Crown dependencies'
 *   GY, JE and IM, BX, the non-geographic area, and BF, British Forces), so QA1 or ZZ1 are refused;
 * - GIR 0AA (Girobank) is a valid postcode, and so is a British Forces Post Office number, written
 *   'BFPO' and 1 to 4 digits ('BFPO 801'), as Royal Mail addresses mail to the forces.
 * A valid shape is not a real address: only an address lookup says a postcode exists.
 */

/** The Royal Mail postcode areas (geographic, plus the Crown dependencies, BX and BF). */
export const POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    'AB AL B BA BB BD BF BH BL BN BR BS BT BX CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC ' +
    'EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ' +
    'ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW ' +
    'SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
)

const OUTWARD =
  /^(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRV-Y])$/
const INWARD = /^[0-9][ABD-HJLNP-UW-Z]{2}$/

/** What kind of postcode: a place's, Girobank's GIR 0AA, or a British Forces Post Office number. */
export type PostcodeKind = 'geographic' | 'girobank' | 'bfpo'

export interface ParsedPostcode {
  /** 'SW1A 1AA', 'GIR 0AA', 'BFPO 801'. */
  normalised: string
  /** The outward code, which is the postcode district ('SW1A'; 'BFPO' for a forces number). */
  outward: string
  /** The postcode area: the outward code's letters ('SW'). */
  area: string
  kind: PostcodeKind
}

/** The message every form shows for a postcode that fails the rule. */
export const POSTCODE_MESSAGE = 'Enter a valid UK postcode, like SW1A 1AA'

/** Parses a UK postcode in any case and spacing; null when it is not one (module docstring). */
export function parsePostcode(input: string): ParsedPostcode | null {
  const compact = input.replace(/\s+/g, '').toUpperCase()
  if (compact === 'GIR0AA') return { normalised: 'GIR 0AA', outward: 'GIR', area: 'GIR', kind: 'girobank' }
  const bfpo = /^BFPO([0-9]{1,4})$/.exec(compact)
  if (bfpo) {
    const number = String(Number(bfpo[1]))
    if (number === '0') return null
    return { normalised: `BFPO ${number}`, outward: 'BFPO', area: 'BFPO', kind: 'bfpo' }
  }
  if (compact.length < 5 || compact.length > 7) return null
  const outward = compact.slice(0, -3)
  const inward = compact.slice(-3)
  if (!OUTWARD.test(outward) || !INWARD.test(inward)) return null
  const area = /^[A-Z]+/.exec(outward)![0]
  if (!POSTCODE_AREAS.has(area)) return null
  return { normalised: `${outward} ${inward}`, outward, area, kind: 'geographic' }
}

/** The normalised postcode ('AL3 5AF'), or null when `input` is not a valid UK postcode. */
export function normalisePostcode(input: string): string | null {
  return parsePostcode(input)?.normalised ?? null
}
