import { describe, expect, it } from 'vitest'
import { isInlineAllowed, sanitiseDisplayName } from './document-files'

describe('sanitiseDisplayName', () => {
  it.each([
    ['TA6.pdf', 'application/pdf', 'TA6.pdf'],
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\ID scan.JPEG', 'image/jpeg', 'ID scan.JPEG'],
    ['a\u0000b\u202ec\r\n.pdf', 'application/pdf', 'abc.pdf'],
    ['   ...hidden.pdf  ', 'application/pdf', 'hidden.pdf'],
    ['', 'application/pdf', 'document.pdf'],
    ['../', undefined, 'document'],
    ['photo.png', 'image/jpeg', 'photo.png.jpg'],
    ['Cafe\u0301.pdf', 'application/pdf', 'Café.pdf'],
  ])('%j -> %j', (raw, type, want) => {
    expect(sanitiseDisplayName(raw, type)).toBe(want)
  })

  it('keeps at most 200 characters and the extension', () => {
    const out = sanitiseDisplayName('x'.repeat(300) + '.docx')
    expect(Array.from(out)).toHaveLength(200)
    expect(out.endsWith('.docx')).toBe(true)
  })
})

describe('isInlineAllowed', () => {
  it('allows PDFs and images only', () => {
    expect(isInlineAllowed('application/pdf')).toBe(true)
    expect(isInlineAllowed('image/png')).toBe(true)
    expect(isInlineAllowed('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(false)
  })
})
