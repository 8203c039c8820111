/** Pure parts of data rights: the typed confirmation, ZIP paths and the download's file name. */
import { describe, expect, it } from 'vitest'
import { confirmationMatches, deletedEmailFor } from './delete-account'
import { exportFilename, zipPathFor } from './export-data'

describe('confirmationMatches', () => {
  it('accepts the account email in any case and with spaces around it, or DELETE exactly', () => {
    expect(confirmationMatches('  Dara.Seller@Example.COM ', 'dara.seller@example.com')).toBe(true)
    expect(confirmationMatches('DELETE', 'dara.seller@example.com')).toBe(true)
  })
  it('refuses another email, a lower-case delete and an empty string', () => {
    expect(confirmationMatches('someone@example.com', 'dara.seller@example.com')).toBe(false)
    expect(confirmationMatches('delete', 'dara.seller@example.com')).toBe(false)
    expect(confirmationMatches('', 'dara.seller@example.com')).toBe(false)
  })
})

describe('deletedEmailFor', () => {
  it('is a lower-case address under the reserved .invalid domain, unique per profile', () => {
    const id = '6f1c2a4e-0b3d-4c5e-8f7a-9b0c1d2e3f40'
    expect(deletedEmailFor(id)).toBe(`deleted-${id}@deleted.invalid`)
    expect(deletedEmailFor(id)).toBe(deletedEmailFor(id).toLowerCase())
  })
})

describe('zipPathFor', () => {
  const base = { transaction_id: 'tx-1', folder: 'Property', version: 3 }
  it('puts each version under files/<move>/<folder>/v<version>-<name>', () => {
    expect(zipPathFor({ ...base, filename: 'TA6.pdf' })).toBe('files/tx-1/Property/v3-TA6.pdf')
  })
  it('replaces path separators, reserved and control characters, and leading dots', () => {
    expect(zipPathFor({ ...base, filename: '../a\\b:c*?"<>|\u0001.pdf' })).toBe(
      'files/tx-1/Property/v3-__a_b_c_______.pdf',
    )
    expect(zipPathFor({ ...base, filename: '.hidden' })).toBe('files/tx-1/Property/v3-_hidden')
  })
})

describe('exportFilename', () => {
  it('uses the date in London: 23:30 UTC on 30 June is already 1 July (BST)', () => {
    expect(exportFilename(new Date('2026-06-30T23:30:00Z'))).toBe('homeward-data-2026-07-01.zip')
  })
  it('in winter London is on UTC', () => {
    expect(exportFilename(new Date('2026-12-31T23:30:00Z'))).toBe('homeward-data-2026-12-31.zip')
  })
})
