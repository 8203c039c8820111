/** The settings page's data-rights helpers: the typed confirmation, byte counts and the saved file name. */
import { describe, expect, it } from 'vitest'
import { confirms } from './components/delete-account-card'
import { formatBytes } from './components/your-data-card'
import { filenameFrom } from './data-rights-api'

describe('confirms (mirrors the server)', () => {
  it('enables deletion for the email in any case, or DELETE', () => {
    expect(confirms(' DARA@example.com ', 'dara@example.com')).toBe(true)
    expect(confirms('DELETE', 'dara@example.com')).toBe(true)
  })
  it('keeps it disabled for anything else', () => {
    expect(confirms('delete', 'dara@example.com')).toBe(false)
    expect(confirms('dara@example.co', 'dara@example.com')).toBe(false)
    expect(confirms('', 'dara@example.com')).toBe(false)
  })
})

describe('formatBytes', () => {
  it('shows KB under a megabyte (at least 1 KB) and MB with one decimal above', () => {
    expect(formatBytes(10)).toBe('1 KB')
    expect(formatBytes(820 * 1024)).toBe('820 KB')
    expect(formatBytes(3.44 * 1024 * 1024)).toBe('3.4 MB')
  })
})

describe('filenameFrom', () => {
  it("reads the server's attachment file name, or falls back to a dated one", () => {
    expect(filenameFrom('attachment; filename="homeward-data-2026-11-23.zip"')).toBe('homeward-data-2026-11-23.zip')
    expect(filenameFrom(null)).toMatch(/^homeward-data-\d{4}-\d{2}-\d{2}\.zip$/)
  })
})
