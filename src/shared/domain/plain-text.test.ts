import { describe, expect, it } from 'vitest'
import { CreateTransactionInput } from '../contracts/workspace'
import { SignUpInput } from '../contracts/auth'
import { singleLine } from './plain-text'

const ch = (code: number) => String.fromCharCode(code)

describe('singleLine: no control or bidi characters in one-line text', () => {
  it.each([
    ['Bea\r\nBcc: victim@example.com', 'Bea Bcc: victim@example.com'],
    [`Bea${ch(0)}Buyer`, 'Bea Buyer'],
    [`  Bea \t\t Buyer\n`, 'Bea Buyer'],
    [`Bea${ch(0x85)}Buyer${ch(0x2028)}X`, 'Bea Buyer X'],
    [`Bea ${ch(0x202e)}reyuB${ch(0x202c)}`, 'Bea reyuB'],
    ['Zoë O’Brien-Smith', 'Zoë O’Brien-Smith'],
  ])('%j -> %j', (input, expected) => {
    expect(singleLine(input)).toBe(expected)
  })
})

describe('names and addresses at the zod edge', () => {
  it('strips control characters from the full name at sign-up, and still requires one', () => {
    const parsed = SignUpInput.parse({
      name: 'Bea\r\nSubject: you won',
      email: 'bea@homeward.test',
      password: 'correct horse battery',
      role: 'buyer',
    })
    expect(parsed.name).toBe('Bea Subject: you won')
    expect(
      SignUpInput.safeParse({ name: '\r\n\t', email: 'b@homeward.test', password: 'x'.repeat(9), role: 'buyer' })
        .success,
    ).toBe(false)
  })

  it('strips control characters from every address line of a new transaction', () => {
    const parsed = CreateTransactionInput.parse({
      address_line_1: '47 Park Road\r\nBcc: x@evil.example',
      address_line_2: 'Flat 2\u0000',
      town: 'Harpen\nden',
      postcode: 'AL3 5AF',
      role: 'buyer',
      agreed_price: 450000,
      tenure: 'freehold',
    })
    expect(parsed).toMatchObject({
      address_line_1: '47 Park Road Bcc: x@evil.example',
      address_line_2: 'Flat 2',
      town: 'Harpen den',
    })
  })
})
