import { describe, expect, it } from 'vitest'
import { auditVerifyText } from './audit-labels'

describe('auditVerifyText', () => {
  it('says intact with the number of entries', () => {
    expect(auditVerifyText({ intact: true, entries: 12, first_broken: null, head: 'h', signed_seq: 12 })).toBe(
      'Intact: all 12 entries link up, from the first to the latest.',
    )
  })
  it('says so when nothing is recorded yet', () => {
    expect(auditVerifyText({ intact: true, entries: 0, first_broken: null, head: null, signed_seq: null })).toBe(
      'Intact: nothing has been recorded yet.',
    )
  })
  it('names the first broken link and why', () => {
    expect(
      auditVerifyText({
        intact: false,
        entries: 12,
        first_broken: { id: '00000000-0000-4000-8000-000000000000', seq: 7, reason: 'hash_mismatch' },
        head: 'h',
        signed_seq: 12,
      }),
    ).toBe('Broken at entry 7: its contents no longer match its hash. Entries from there on cannot be trusted.')
  })
})
