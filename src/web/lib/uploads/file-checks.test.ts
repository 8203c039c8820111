import { describe, expect, it } from 'vitest'
import { ALLOWED_TYPES_TEXT, formatFileSize, precheckFile } from './file-checks'

const file = (name: string, size: number, type = '') => ({ name, size, type })

describe('precheckFile', () => {
  it('accepts the five types by browser type or by extension', () => {
    expect(precheckFile(file('TA6.pdf', 1000, 'application/pdf'))).toBeNull()
    expect(precheckFile(file('photo.HEIC', 1000))).toBeNull()
    expect(precheckFile(file('contract.docx', 1000))).toBeNull()
    expect(precheckFile(file('scan', 1000, 'image/png'))).toBeNull()
  })
  it('refuses empty, oversized and other types with a message naming the allowed types', () => {
    expect(precheckFile(file('a.pdf', 0))).toBe('"a.pdf" is empty (0 bytes).')
    expect(precheckFile(file('big.pdf', 51 * 1024 * 1024))).toBe('"big.pdf" is 51 MB; the limit is 50 MB.')
    expect(precheckFile(file('page.html', 10, 'text/html'))).toBe(
      `"page.html" is not a file type we accept. Upload a ${ALLOWED_TYPES_TEXT} file.`,
    )
    expect(ALLOWED_TYPES_TEXT).toBe('PDF, JPEG, PNG, HEIC or Word (.docx)')
  })
})

describe('formatFileSize', () => {
  it('uses bytes, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 bytes')
    expect(formatFileSize(84 * 1024)).toBe('84 KB')
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3.2 MB')
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB')
  })
})
