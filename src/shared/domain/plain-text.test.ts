import { describe, expect, it } from 'vitest'
import { CreateTransactionInput } from '../contracts/transactions'
import { SignUpInput } from '../contracts/auth'
import { cleanJsonText, multiLine, singleLine } from './plain-text'

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

describe('multiLine: several lines of typed text keep their lines and tabs, nothing else invisible', () => {
  it.each([
    ['one\r\ntwo\rthree', 'one\ntwo\nthree'],
    [`one${ch(0x2028)}two${ch(0x2029)}three`, 'one\ntwo\nthree'],
    ['\tindented\n  code', '\tindented\n  code'],
    [`bell${ch(7)}esc${ch(0x1b)}[31mred`, 'bell esc [31mred'],
    [`osc${ch(0x1b)}]8;;https://x.example${ch(0x1b)}\\link`, 'osc ]8;;https://x.example \\link'],
    [`a${ch(0x7f)}b${ch(0x9b)}c${ch(0)}d`, 'a b c d'],
    [`file${ch(0x202e)}fdp.exe${ch(0x2066)}x${ch(0x2069)}${ch(0xfeff)}`, 'filefdp.exex'],
    [`${ch(0x206a)}a${ch(0xfff9)}b${ch(0xfffb)}`, 'ab'],
    // Kept: ZWNJ in Persian, ZWJ in an emoji sequence, RLM/LRM marks, soft hyphen.
    [
      `می${ch(0x200c)}خواهم 👩${ch(0x200d)}💻 ${ch(0x200f)}x${ch(0x200e)} co${ch(0xad)}op`,
      `می${ch(0x200c)}خواهم 👩${ch(0x200d)}💻 ${ch(0x200f)}x${ch(0x200e)} co${ch(0xad)}op`,
    ],
  ])('%j -> %j', (input, expected) => {
    expect(multiLine(input)).toBe(expected)
  })

  it('cleans every string of a JSON value, keys too, without changing the input or the prototype', () => {
    const input = JSON.parse(
      `{"a${'\\u202e'}":["x${'\\u001b'}y",1,null,{"b":"p\\r\\nq"}],"__proto__":{"polluted":"yes"},"n":true}`,
    ) as Record<string, unknown>
    const out = cleanJsonText(input)
    expect(out).toEqual({ a: ['x y', 1, null, { b: 'p\nq' }], ['__proto__']: { polluted: 'yes' }, n: true })
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(input)[0]).toBe(`a${ch(0x202e)}`)
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
