import { describe, expect, it } from 'vitest'
import { checkDrivingLicenceNumber, documentExpired, mrzCheckDigit, parsePassportMrzLine2 } from './identity-documents'

// ICAO Doc 9303 part 4's specimen passport (Anna Maria Eriksson, Utopia).
const SPECIMEN = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'
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

  it('parses the specimen lower line', () => {
    const r = parsePassportMrzLine2(SPECIMEN.toLowerCase().replace('<<<<<', '<< <<<'), TODAY)
    expect(r).toEqual({
      ok: true,
      mrz: {
        documentNumber: 'L898902C3',
        nationality: 'UTO',
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
})

describe('document expiry', () => {
  it('counts the expiry day itself as valid', () => {
    expect(documentExpired('2026-11-27', TODAY)).toBe(false)
    expect(documentExpired('2026-11-26', TODAY)).toBe(true)
  })
})
