import { describe, expect, it } from 'vitest'
import { formatUkVatNumber, vatCheckDigitsValid } from './vat-number'

describe('UK VAT numbers', () => {
  it('checks the weighted check digits of both series', () => {
    // 9*8+9*7+...+9*2 = 315, + 73 = 388 = 4 x 97 (mod 97 series).
    expect(vatCheckDigitsValid('999999973')).toBe(true)
    // 1*8+2*7+3*6+4*5+5*4+6*3+7*2 = 112, + 82 = 194 = 2 x 97, but also 112 + 27 + 55 = 194 (mod 9755 series).
    expect(vatCheckDigitsValid('123456782')).toBe(true)
    expect(vatCheckDigitsValid('123456727')).toBe(true)
    expect(vatCheckDigitsValid('999999974')).toBe(false)
    expect(vatCheckDigitsValid('12345678')).toBe(false)
  })

  it('refuses check blocks 97, 98 and 99, which HMRC never issues although the sum would pass', () => {
    // HMRC's weighted modulus-97 specification: the 8th and 9th digits run 00 to 96.
    // 1002998: 1*8 + 0 + 0 + 2*5 + 9*4 + 9*3 + 8*2 = 97, so + 97 = 194 = 2 x 97 (mod 97 series).
    expect(vatCheckDigitsValid('100299897')).toBe(false)
    // 1000068: weighted 42, + 97 + 55 = 194 (mod 9755 series).
    expect(vatCheckDigitsValid('100006897')).toBe(false)
    // 1002989: weighted 96, + 98 = 194; 1002899: weighted 95, + 99 = 194.
    expect(vatCheckDigitsValid('100298998')).toBe(false)
    expect(vatCheckDigitsValid('100289999')).toBe(false)
    // The same first seven with the check block HMRC does issue: 00 (97 + 0 and 42 + 0 + 55 are multiples of 97).
    expect(vatCheckDigitsValid('100299800')).toBe(true)
    expect(vatCheckDigitsValid('100006800')).toBe(true)
    expect(() => formatUkVatNumber('GB 100 2998 97')).toThrow(/check digits 97 are never issued/)
  })

  it('formats standard, branch, government and health numbers as printed on invoices', () => {
    expect(formatUkVatNumber('gb999999973')).toBe('GB 999 9999 73')
    expect(formatUkVatNumber('999 9999 73')).toBe('GB 999 9999 73')
    expect(formatUkVatNumber('GB 999 9999 73 001')).toBe('GB 999 9999 73 001')
    expect(formatUkVatNumber('GBGD001')).toBe('GBGD001')
    expect(formatUkVatNumber('GB HA 599')).toBe('GBHA599')
  })

  it('refuses what is not a UK VAT number, saying why', () => {
    expect(() => formatUkVatNumber('GB 999 9999 74')).toThrow(/check digits/)
    expect(() => formatUkVatNumber('GB 12345')).toThrow(/9 digits/)
    expect(() => formatUkVatNumber('DE123456789')).toThrow(/not a UK VAT number/)
    expect(() => formatUkVatNumber('GBGD600')).toThrow(/000-499/)
    expect(() => formatUkVatNumber('GBHA100')).toThrow(/500-999/)
    expect(() => formatUkVatNumber('GB 000 0000 00 1')).toThrow(/9 digits/)
  })
})
