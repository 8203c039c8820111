/**
 * Identity document numbers typed by a person, checked before anything is sent to the identity
 * provider: a passport's machine readable zone (ICAO Doc 9303 part 4, TD3: the lower line of 44
 * characters with its check digits) and a UK photocard driving licence number (DVLA format: 16
 * characters built from the surname, date of birth and initials). Pure functions; dates are
 * yyyy-mm-dd strings.
 */

/** ICAO 9303 part 3, 4.9: the value of one MRZ character (0-9, A-Z as 10-35, the filler '<' as 0), or null. */
function mrzCharValue(ch: string): number | null {
  if (ch === '<') return 0
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55
  return null
}

/**
 * The ICAO 9303 check digit of `field`: each character's value times the repeating weights 7, 3, 1,
 * summed, modulo 10. Throws on a character that cannot appear in an MRZ.
 */
export function mrzCheckDigit(field: string): number {
  const weights = [7, 3, 1]
  let sum = 0
  for (let i = 0; i < field.length; i++) {
    const v = mrzCharValue(field[i]!)
    if (v === null) throw new Error(`"${field[i]}" cannot appear in a machine readable zone`)
    sum += v * weights[i % 3]!
  }
  return sum % 10
}

/**
 * The codes ICAO Doc 9303 part 3 (section 5) allows in an MRZ's nationality and issuing-state fields:
 * the ISO 3166-1 alpha-3 country codes (249, as in Debian's iso-codes 4.15), plus ICAO's own:
 * `D` for Germany (written `D<<`); the United Kingdom's other classes of nationals (GBD British
 * Overseas Territories citizen, GBN British National (Overseas), GBO British Overseas citizen, GBP
 * British protected person, GBS British subject); the United Nations (UNO, UNA its specialised
 * agencies, UNK a resident of Kosovo under UNMIK); other issuing organisations (EUE European Union,
 * XBA, XIM, XCC, XCE, XCO, XDC, XEC, XES, XMP, XOM, XPO); and XXA a stateless person, XXB a refugee
 * under the 1951 convention, XXC another refugee, XXX a person of unspecified nationality. `UTO`
 * (Utopia) is ICAO's specimen country: it is known, but refused as a nationality (see
 * parsePassportMrzLine2).
 */
export const ICAO_NATIONALITY_CODES: ReadonlySet<string> = new Set([
  ...`ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR
BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL
COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK
FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV
HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO
LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG
MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN
PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE
SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO
TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE`.split(/\s+/),
  'D',
  'GBD',
  'GBN',
  'GBO',
  'GBP',
  'GBS',
  'UNO',
  'UNA',
  'UNK',
  'EUE',
  'XBA',
  'XIM',
  'XCC',
  'XCE',
  'XCO',
  'XDC',
  'XEC',
  'XES',
  'XMP',
  'XOM',
  'XPO',
  'XXA',
  'XXB',
  'XXC',
  'XXX',
])

/** ICAO's specimen country (Utopia): on specimen documents only. */
export const ICAO_SPECIMEN_NATIONALITY = 'UTO'

/** The parts of a passport's MRZ lower line (TD3), once every check digit has passed. */
export interface PassportMrz {
  documentNumber: string
  /** An ICAO code (ICAO_NATIONALITY_CODES), fillers removed: 'GBR', 'D', 'XXA'. */
  nationality: string
  dateOfBirth: string
  /** M, F, or X where the MRZ has `<` (unspecified). */
  sex: 'M' | 'F' | 'X'
  expiryDate: string
}

export type MrzResult = { ok: true; mrz: PassportMrz } | { ok: false; error: string }

/** The MRZ date YYMMDD as yyyy-mm-dd; `past` picks the century that is not after \`today\` (dates of birth). */
function mrzDate(yymmdd: string, today: string, past: boolean): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const yy = Number(yymmdd.slice(0, 2))
  const mm = Number(yymmdd.slice(2, 4))
  const dd = Number(yymmdd.slice(4, 6))
  const thisYear = Number(today.slice(0, 4))
  let year = 2000 + yy
  if (past && year > thisYear) year -= 100
  if (!past && year > thisYear + 50) year -= 100
  const iso = `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`
  const d = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(d.getTime()) || d.getUTCMonth() + 1 !== mm || d.getUTCDate() !== dd) return null
  return iso
}

/**
 * Checks a passport's MRZ lower line (TD3, 44 characters; spaces are ignored, letters upper-cased),
 * by ICAO Doc 9303 part 4, 4.2.2: the check digits of the document number, date of birth, expiry
 * date and the composite are digits (never `<`); the personal number's check digit may be `<` only
 * when the personal number is all fillers; the nationality is an ICAO code (part 3, section 5; the
 * specimen country UTO is refused); the sex is M, F or `<`. `today` (yyyy-mm-dd) picks the dates'
 * century. Returns the parts or an error a person can act on.
 */
export function parsePassportMrzLine2(input: string, today: string): MrzResult {
  const line = input.replace(/\s+/g, '').toUpperCase()
  if (line.length !== 44) {
    return {
      ok: false,
      error: `The lower line of the passport's machine readable zone has 44 characters; this has ${line.length}`,
    }
  }
  if (!/^[A-Z0-9<]{44}$/.test(line)) {
    return { ok: false, error: 'The machine readable zone holds only capital letters, digits and the < sign' }
  }
  const personalNumber = line.slice(28, 42)
  const checks: Array<[string, string, number]> = [
    ['passport number', line.slice(0, 9), 9],
    ['date of birth', line.slice(13, 19), 19],
    ['expiry date', line.slice(21, 27), 27],
    ['personal number', personalNumber, 42],
  ]
  for (const [name, field, at] of checks) {
    const ch = line[at]!
    // Part 4, 4.2.2: a personal number of fillers only may have '<' as its check digit (or 0).
    const fillerAllowed = at === 42 && /^<+$/.test(personalNumber)
    const ok = ch === '<' ? fillerAllowed : /[0-9]/.test(ch) && mrzCheckDigit(field) === Number(ch)
    if (!ok) {
      return {
        ok: false,
        error: `The check digit of the ${name} does not match: check the characters you typed against the passport`,
      }
    }
  }
  const composite = line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43)
  if (!/[0-9]/.test(line[43]!) || mrzCheckDigit(composite) !== Number(line[43])) {
    return {
      ok: false,
      error: 'The final check digit of the machine readable zone does not match: check every character you typed',
    }
  }
  const nationality = line.slice(10, 13).replace(/<+$/, '')
  if (nationality === ICAO_SPECIMEN_NATIONALITY) {
    return { ok: false, error: 'UTO (Utopia) is the country of ICAO specimen passports: use your own passport' }
  }
  if (!ICAO_NATIONALITY_CODES.has(nationality)) {
    return {
      ok: false,
      error: `"${line.slice(10, 13)}" is not a nationality code of ICAO Doc 9303: check the three letters after the passport number`,
    }
  }
  const sexChar = line[20]!
  if (sexChar !== 'M' && sexChar !== 'F' && sexChar !== '<') {
    return { ok: false, error: `The sex in the machine readable zone is M, F or <, not "${sexChar}"` }
  }
  const dateOfBirth = mrzDate(line.slice(13, 19), today, true)
  const expiryDate = mrzDate(line.slice(21, 27), today, false)
  if (!dateOfBirth || !expiryDate) return { ok: false, error: 'A date in the machine readable zone is not a real date' }
  return {
    ok: true,
    mrz: {
      documentNumber: line.slice(0, 9).replace(/<+$/, ''),
      nationality,
      dateOfBirth,
      sex: sexChar === 'M' ? 'M' : sexChar === 'F' ? 'F' : 'X',
      expiryDate,
    },
  }
}

/** The names in a passport's MRZ upper line (TD3): `P<` + issuing state + SURNAME<<GIVEN<NAMES. */
export interface MrzNames {
  surname: string
  givenNames: string
}

/**
 * Reads the names from a passport's MRZ upper line (TD3, 44 characters, ICAO Doc 9303 part 4,
 * 4.2.2): positions 6-44 hold the primary identifier (surname), `<<`, then the secondary identifier
 * (given names, separated by `<`). Returns them in capitals with spaces, or null when the line is not
 * a passport's upper line.
 */
export function parsePassportMrzLine1(input: string): MrzNames | null {
  const line = input.replace(/\s+/g, '').toUpperCase()
  if (!/^P[A-Z<][A-Z<]{3}[A-Z<]{39}$/.test(line)) return null
  const [surname = '', given = ''] = line.slice(5).split('<<')
  const words = (s: string) => s.split('<').filter(Boolean).join(' ')
  if (!words(surname)) return null
  return { surname: words(surname), givenNames: words(line.slice(5 + surname.length + 2)) || words(given) }
}

/** Characters OCR confuses in the MRZ's digit-only positions, and what they stand for. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
}
/** Positions of TD3's lower line that hold only digits: dates and check digits (part 4, 4.2.2). */
const DIGIT_POSITIONS = [9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 43]

/** Letters and digits OCR confuses in the MRZ's letter-or-digit positions, both ways. */
const CONFUSABLE: Record<string, string[]> = {
  '0': ['O', 'D', 'Q'],
  O: ['0'],
  D: ['0'],
  Q: ['0'],
  '1': ['I'],
  I: ['1'],
  '2': ['Z'],
  Z: ['2', '7'],
  '7': ['Z'],
  '5': ['S'],
  S: ['5'],
  '8': ['B'],
  B: ['8'],
  '6': ['G'],
  G: ['6'],
}
/**
 * Positions where one confusable character may be corrected: the personal number's (letters and
 * digits both occur there). Never the document number: a wrong one would be worse than typing it.
 */
const CORRECTABLE_POSITIONS = Array.from({ length: 14 }, (_, i) => 28 + i)

/** A passport's MRZ as read from OCR text: both lines, with what they say. */
export interface Td3Reading {
  line1: string
  line2: string
  names: MrzNames | null
  mrz: PassportMrz
}

/** The lower line read from OCR, or the one single-character correction of a confusable pair that the check digits confirm. */
function correctedLowerLine(raw: string, today: string): { line: string; mrz: PassportMrz } | null {
  const fixed = raw
    .split('')
    .map((ch, at) => (DIGIT_POSITIONS.includes(at) ? (DIGIT_LOOKALIKES[ch] ?? ch) : ch))
    .join('')
  const parsed = parsePassportMrzLine2(fixed, today)
  if (parsed.ok) return { line: fixed, mrz: parsed.mrz }
  const candidates: Array<{ line: string; mrz: PassportMrz }> = []
  for (const at of CORRECTABLE_POSITIONS) {
    for (const alt of CONFUSABLE[fixed[at]!] ?? []) {
      const line = fixed.slice(0, at) + alt + fixed.slice(at + 1)
      const p = parsePassportMrzLine2(line, today)
      if (p.ok) candidates.push({ line, mrz: p.mrz })
    }
  }
  // Only an unambiguous correction: two that both pass would be a guess.
  return candidates.length === 1 ? candidates[0]! : null
}

/**
 * Finds a passport's MRZ (TD3) in OCR text of a photo: the two lines of 44 characters nearest the
 * foot, spaces removed. Look-alike letters in the lower line's digit-only positions are read as the
 * digits they resemble (O as 0, I as 1, S as 5...); in the personal number, where letters and digits
 * both occur, one confusable character (Z and 7, O and 0...) may be corrected
 * when exactly one correction makes every check digit right. The lower line must pass every check of
 * parsePassportMrzLine2, so a misread is refused, never guessed. Null when no valid lower line is
 * found (the person types it instead).
 */
export function findPassportMrz(ocrText: string, today: string): Td3Reading | null {
  const lines = ocrText
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ''))
    .filter((l) => l.length >= 40)
  for (let i = lines.length - 1; i >= 0; i--) {
    const raw = lines[i]!
    if (raw.length !== 44) continue
    const found = correctedLowerLine(raw, today)
    if (!found) continue
    const line1 = i > 0 ? lines[i - 1]! : ''
    return { line1, line2: found.line, names: parsePassportMrzLine1(line1), mrz: found.mrz }
  }
  return null
}

export type LicenceResult = { ok: true; number: string } | { ok: false; error: string }

/**
 * Checks a UK (Great Britain) photocard driving licence number against the holder's surname, given
 * names and date of birth, as the DVLA builds it: characters 1-5 the surname's first five letters
 * padded with 9 ('MAC' written 'MC'); 6 the decade of the birth year; 7-8 the birth month (plus 50
 * for a woman); 9-10 the day; 11 the last digit of the year; 12-13 the initials of the first two
 * given names, the second 9 when there is one given name only (both initials are checked); 14 a
 * digit; 15-16 two check characters. The DVLA does not publish how
 * the check characters are computed, so they are checked for form only.
 */
export function checkDrivingLicenceNumber(
  input: string,
  holder: { surname: string; givenNames: string; dateOfBirth: string },
): LicenceResult {
  const n = input.replace(/\s+/g, '').toUpperCase()
  if (n.length !== 16) return { ok: false, error: `A driving licence number has 16 characters; this has ${n.length}` }
  if (!/^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}$/.test(n)) {
    return { ok: false, error: 'That is not the form of a UK driving licence number (field 5 on the photocard)' }
  }
  const letters = holder.surname
    .toUpperCase()
    .replace(/^MAC/, 'MC')
    .replace(/[^A-Z]/g, '')
  const surnamePart = (letters.slice(0, 5) + '99999').slice(0, 5)
  if (n.slice(0, 5) !== surnamePart) {
    return { ok: false, error: `The licence number should start with ${surnamePart}, from the surname on the licence` }
  }
  const [y, m, d] = holder.dateOfBirth.split('-')
  if (!y || !m || !d) return { ok: false, error: 'Give the date of birth on the licence' }
  const month = Number(n.slice(6, 8))
  const monthOk = month === Number(m) || month === Number(m) + 50
  if (n[5] !== y[2] || n[10] !== y[3] || !monthOk || n.slice(8, 10) !== d) {
    return { ok: false, error: 'The licence number does not match the date of birth you gave' }
  }
  const initials = (
    holder.givenNames
      .toUpperCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w.replace(/[^A-Z]/g, '')[0] ?? '')
      .join('') + '99'
  ).slice(0, 2)
  if (n.slice(11, 13) !== initials) {
    return { ok: false, error: 'The licence number does not match the initials of the given names' }
  }
  return { ok: true, number: n }
}

/** True when a document expiring on `expiryDate` (yyyy-mm-dd, valid through that day) has expired by `today`. */
export function documentExpired(expiryDate: string, today: string): boolean {
  return expiryDate < today
}
