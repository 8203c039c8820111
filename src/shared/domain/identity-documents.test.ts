import { describe, expect, it } from 'vitest'
import {
  checkDrivingLicenceNumber,
  documentExpired,
  findPassportMrz,
  ICAO_NATIONALITY_CODES,
  mrzCheckDigit,
  parsePassportMrzLine1,
  parsePassportMrzLine2,
} from './identity-documents'

// ICAO Doc 9303 part 4's specimen passport (Anna Maria Eriksson, Utopia).
const SPECIMEN = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'
const GBR_SPECIMEN = SPECIMEN.replace('UTO', 'GBR')
const TODAY = '2026-11-27'

describe('ICAO 9303 check digits', () => {
  it('computes the specimen check digits with weights 7, 3, 1', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6)
    expect(mrzCheckDigit('740812')).toBe(2)
    expect(mrzCheckDigit('120415')).toBe(9)
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe(1)
    expect(mrzCheckDigit('<<<<')).toBe(0)
  })

  it('refuses a character that cannot appear in an MRZ', () => {
    expect(() => mrzCheckDigit('AB-1')).toThrow('cannot appear')
  })

  it('parses the specimen lower line (with a real nationality: UTO is the specimen country)', () => {
    // The nationality is outside every check digit (part 4, 4.2.2), so the specimen's digits still hold.
    const r = parsePassportMrzLine2(GBR_SPECIMEN.toLowerCase().replace('<<<<<', '<< <<<'), TODAY)
    expect(r).toEqual({
      ok: true,
      mrz: {
        documentNumber: 'L898902C3',
        nationality: 'GBR',
        dateOfBirth: '1974-08-12',
        sex: 'F',
        expiryDate: '2012-04-15',
      },
    })
  })

  it('names the field whose check digit fails', () => {
    const typo = 'L898902C46UTO7408122F1204159ZE184226B<<<<<10'
    expect(parsePassportMrzLine2(typo, TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('passport number'),
    })
    const dob = SPECIMEN.slice(0, 19) + '3' + SPECIMEN.slice(20)
    expect(parsePassportMrzLine2(dob, TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('date of birth'),
    })
    const composite = SPECIMEN.slice(0, 43) + '1'
    expect(parsePassportMrzLine2(composite, TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('final'),
    })
  })

  it('refuses the wrong length and foreign characters', () => {
    expect(parsePassportMrzLine2(SPECIMEN.slice(1), TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('43'),
    })
    expect(parsePassportMrzLine2(SPECIMEN.replace('Z', '-'), TODAY)).toMatchObject({ ok: false })
  })

  it('puts a future expiry in this century and a birth year in the last', () => {
    const doc = '9876543210'.slice(0, 9)
    const line = (dob: string, exp: string) => {
      const body = `${doc}${mrzCheckDigit(doc)}GBR${dob}${mrzCheckDigit(dob)}M${exp}${mrzCheckDigit(exp)}<<<<<<<<<<<<<<0`
      return body + mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))
    }
    const r = parsePassportMrzLine2(line('850101', '310630'), TODAY)
    expect(r).toMatchObject({ ok: true, mrz: { dateOfBirth: '1985-01-01', expiryDate: '2031-06-30', sex: 'M' } })
    expect(parsePassportMrzLine2(line('850231', '310630'), TODAY)).toMatchObject({ ok: false })
  })
})

/** Builds a TD3 lower line with every check digit right: `nat` 3 characters, `sex` one. */
function lowerLine(nat: string, sex: string, personal = '<<<<<<<<<<<<<<'): string {
  const doc = '123456789'
  const body = `${doc}${mrzCheckDigit(doc)}${nat}850101${mrzCheckDigit('850101')}${sex}310630${mrzCheckDigit('310630')}${personal}`
  const withPersonal = body + (/^<+$/.test(personal) ? '<' : String(mrzCheckDigit(personal)))
  return (
    withPersonal + mrzCheckDigit(withPersonal.slice(0, 10) + withPersonal.slice(13, 20) + withPersonal.slice(21, 43))
  )
}

describe('ICAO 9303 nationality, sex and check digit characters', () => {
  it('accepts ISO 3166-1 alpha-3 codes and the codes ICAO adds (part 3, section 5)', () => {
    for (const nat of [
      'GBR',
      'IRL',
      'D<<',
      'GBD',
      'GBN',
      'GBO',
      'GBP',
      'GBS',
      'UNO',
      'UNA',
      'UNK',
      'XXA',
      'XXB',
      'XXC',
      'XXX',
      'EUE',
      'XOM',
    ]) {
      expect(parsePassportMrzLine2(lowerLine(nat, 'F'), TODAY), nat).toMatchObject({
        ok: true,
        mrz: { nationality: nat.replace(/</g, '') },
      })
    }
    expect(ICAO_NATIONALITY_CODES.size).toBe(249 + 25)
  })

  it('refuses a code that is not ICAO, and the specimen country UTO', () => {
    expect(parsePassportMrzLine2(lowerLine('ENG', 'M'), TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('"ENG" is not a nationality code'),
    })
    expect(parsePassportMrzLine2(lowerLine('UK<', 'M'), TODAY)).toMatchObject({ ok: false })
    expect(parsePassportMrzLine2(SPECIMEN, TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('UTO (Utopia)'),
    })
  })

  it('reads the sex as M, F or < (unspecified, given as X), and refuses anything else', () => {
    expect(parsePassportMrzLine2(lowerLine('GBR', 'M'), TODAY)).toMatchObject({ ok: true, mrz: { sex: 'M' } })
    expect(parsePassportMrzLine2(lowerLine('GBR', '<'), TODAY)).toMatchObject({ ok: true, mrz: { sex: 'X' } })
    expect(parsePassportMrzLine2(lowerLine('GBR', 'X'), TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('M, F or <'),
    })
  })

  it('refuses < where ICAO requires a digit, and allows it only for an empty personal number', () => {
    // The specimen's document number check digit (6) replaced by '<'.
    expect(parsePassportMrzLine2(GBR_SPECIMEN.slice(0, 9) + '<' + GBR_SPECIMEN.slice(10), TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('passport number'),
    })
    const noPersonal = lowerLine('GBR', 'F')
    expect(noPersonal[42]).toBe('<')
    expect(parsePassportMrzLine2(noPersonal, TODAY)).toMatchObject({ ok: true })
    // A personal number with characters needs its digit: '<' is refused.
    const personal = lowerLine('GBR', 'F', 'ZE184226B<<<<<')
    expect(parsePassportMrzLine2(personal, TODAY)).toMatchObject({ ok: true })
    expect(parsePassportMrzLine2(personal.slice(0, 42) + '<' + personal[43], TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('personal number'),
    })
    // The composite check digit is always a digit.
    expect(parsePassportMrzLine2(noPersonal.slice(0, 43) + '<', TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('final'),
    })
  })
})

describe('reading the MRZ from OCR text', () => {
  const LINE1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<'
  it('reads the names from the upper line', () => {
    expect(parsePassportMrzLine1(LINE1)).toEqual({ surname: 'ERIKSSON', givenNames: 'ANNA MARIA' })
    expect(parsePassportMrzLine1('not an mrz')).toBeNull()
  })

  it('finds both lines in noisy OCR text, reading look-alike letters in digit positions as digits', () => {
    const ocr = `PASSPORT\nUtopia\n${LINE1.replace('UTO', 'GBR')}\n${GBR_SPECIMEN.replace('7408122', '74O8I22').slice(0, 20)} ${GBR_SPECIMEN.slice(20)}\n`
    const r = findPassportMrz(ocr, TODAY)
    expect(r).toMatchObject({
      line2: GBR_SPECIMEN,
      names: { surname: 'ERIKSSON', givenNames: 'ANNA MARIA' },
      mrz: { dateOfBirth: '1974-08-12' },
    })
  })

  it('corrects one confusable character in the personal number when the check digits confirm it (Z read as 7)', () => {
    // What Tesseract read from e2e/fixtures/specimen-passport-mrz.png.
    const read = 'L898902C36GBR7408122F34041597E184226B<<<<<16'
    expect(findPassportMrz(`${LINE1}\n${read}`, TODAY)?.line2).toBe('L898902C36GBR7408122F3404159ZE184226B<<<<<16')
  })

  it('gives up rather than guess when a check digit still fails', () => {
    expect(findPassportMrz(`${LINE1}\n${GBR_SPECIMEN.replace('L898', 'L899')}`, TODAY)).toBeNull()
    expect(findPassportMrz('', TODAY)).toBeNull()
  })
})

describe('DVLA driving licence numbers', () => {
  const holder = { surname: 'Morgan', givenNames: 'Sarah Meredith', dateOfBirth: '1965-07-05' }
  it('accepts a number built from the surname, date of birth (women +50 on the month) and initials', () => {
    expect(checkDrivingLicenceNumber('MORGA 657055 SM9IJ', holder)).toEqual({ ok: true, number: 'MORGA657055SM9IJ' })
    expect(
      checkDrivingLicenceNumber('LEE99 811241 J99AB', {
        surname: 'Lee',
        givenNames: 'John',
        dateOfBirth: '1981-11-24',
      }),
    ).toMatchObject({ ok: true })
    expect(
      checkDrivingLicenceNumber('MCDON 702150 A99XY', {
        surname: 'MacDonald',
        givenNames: 'Alan',
        dateOfBirth: '1970-02-15',
      }),
    ).toMatchObject({ ok: true })
  })
  it('refuses a number of the wrong form, surname or date of birth', () => {
    expect(checkDrivingLicenceNumber('MORGA657055SM9I', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('16'),
    })
    expect(checkDrivingLicenceNumber('MORGA65705SSM9IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('form'),
    })
    expect(checkDrivingLicenceNumber('SMITH657055SM9IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('MORGA'),
    })
    expect(checkDrivingLicenceNumber('MORGA657065SM9IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('date of birth'),
    })
    expect(checkDrivingLicenceNumber('MORGA657055XY9IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('initials'),
    })
  })
  it('checks the second initial: the second given name, or 9 when there is one (DVLA licence number format)', () => {
    // Sarah Meredith Morgan: SM; any other second character is refused.
    expect(checkDrivingLicenceNumber('MORGA657055SX9IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('initials'),
    })
    expect(checkDrivingLicenceNumber('MORGA657055S99IJ', holder)).toMatchObject({
      ok: false,
      error: expect.stringContaining('initials'),
    })
    // John Lee has no second given name: the 13th character is 9.
    const lee = { surname: 'Lee', givenNames: 'John', dateOfBirth: '1981-11-24' }
    expect(checkDrivingLicenceNumber('LEE99811241JA9AB', lee)).toMatchObject({
      ok: false,
      error: expect.stringContaining('initials'),
    })
  })
})

describe('document expiry', () => {
  it('counts the expiry day itself as valid', () => {
    expect(documentExpired('2026-11-27', TODAY)).toBe(false)
    expect(documentExpired('2026-11-26', TODAY)).toBe(true)
  })
})
