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

/** The parts of a passport's MRZ lower line (TD3), once every check digit has passed. */
export interface PassportMrz {
  documentNumber: string
  nationality: string
  dateOfBirth: string
  sex: 'M' | 'F' | 'X'
  expiryDate: string
}

export type MrzResult = { ok: true; mrz: PassportMrz } | { ok: false; error: string }

/** The MRZ date YYMMDD as yyyy-mm-dd; `past` picks the century that is not after `today` (dates of birth). */
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
 * Checks a passport's MRZ lower line (TD3, 44 characters; spaces are ignored, letters upper-cased):
 * the check digits of the document number, date of birth, expiry date, personal number and the
 * composite (ICAO 9303 part 4, 4.2.2). `today` (yyyy-mm-dd) picks the dates' century.
 * Returns the parts or an error a person can act on.
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
  const digitAt = (i: number) => (line[i] === '<' ? 0 : Number(line[i]))
  const checks: Array<[string, string, number]> = [
    ['passport number', line.slice(0, 9), 9],
    ['date of birth', line.slice(13, 19), 19],
    ['expiry date', line.slice(21, 27), 27],
    ['personal number', line.slice(28, 42), 42],
  ]
  for (const [name, field, at] of checks) {
    if (!/[0-9<]/.test(line[at]!) || mrzCheckDigit(field) !== digitAt(at)) {
      return {
        ok: false,
        error: `The check digit of the ${name} does not match: check the characters you typed against the passport`,
      }
    }
  }
  const composite = line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43)
  if (mrzCheckDigit(composite) !== digitAt(43)) {
    return {
      ok: false,
      error: 'The final check digit of the machine readable zone does not match: check every character you typed',
    }
  }
  const dateOfBirth = mrzDate(line.slice(13, 19), today, true)
  const expiryDate = mrzDate(line.slice(21, 27), today, false)
  if (!dateOfBirth || !expiryDate) return { ok: false, error: 'A date in the machine readable zone is not a real date' }
  const sexChar = line[20]
  return {
    ok: true,
    mrz: {
      documentNumber: line.slice(0, 9).replace(/<+$/, ''),
      nationality: line.slice(10, 13).replace(/</g, ''),
      dateOfBirth,
      sex: sexChar === 'M' ? 'M' : sexChar === 'F' ? 'F' : 'X',
      expiryDate,
    },
  }
}

export type LicenceResult = { ok: true; number: string } | { ok: false; error: string }

/**
 * Checks a UK (Great Britain) photocard driving licence number against the holder's surname, given
 * names and date of birth, as the DVLA builds it: characters 1-5 the surname's first five letters
 * padded with 9 ('MAC' written 'MC'); 6 the decade of the birth year; 7-8 the birth month (plus 50
 * for a woman); 9-10 the day; 11 the last digit of the year; 12-13 the initials of the first two
 * given names, padded with 9; 14 a digit; 15-16 two check characters. The DVLA does not publish how
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
  if (n.slice(11, 13) !== initials && n[11] !== initials[0]) {
    return { ok: false, error: 'The licence number does not match the initials of the given names' }
  }
  return { ok: true, number: n }
}

/** True when a document expiring on `expiryDate` (yyyy-mm-dd, valid through that day) has expired by `today`. */
export function documentExpired(expiryDate: string, today: string): boolean {
  return expiryDate < today
}
