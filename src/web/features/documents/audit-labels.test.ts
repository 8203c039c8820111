import { describe, expect, it } from 'vitest'
import { auditVerifyText } from './audit-labels'

/** Every entry visible to the viewer. */
const visible = (n: number) => ({ visible_entries: n, hidden_links: [] })

describe('auditVerifyText', () => {
  it('says intact with the number of entries', () => {
    expect(
      auditVerifyText({ ...visible(12), intact: true, entries: 12, first_broken: null, head: 'h', signed_seq: 12 }),
    ).toBe('Intact: all 12 entries link up, from the first to the latest.')
  })
  it('says so when nothing is recorded yet', () => {
    expect(
      auditVerifyText({ ...visible(0), intact: true, entries: 0, first_broken: null, head: null, signed_seq: null }),
    ).toBe('Intact: nothing has been recorded yet.')
  })
  it('names the first broken link and why', () => {
    expect(
      auditVerifyText({
        ...visible(12),
        intact: false,
        entries: 12,
        first_broken: { id: '00000000-0000-4000-8000-000000000000', seq: 7, reason: 'hash_mismatch' },
        head: 'h',
        signed_seq: 12,
      }),
    ).toBe('Broken at entry 7: its contents no longer match its hash. Entries from there on cannot be trusted.')
  })
  it('says how many the viewer can see when some entries are kept to others, all of them checked', () => {
    expect(
      auditVerifyText({
        intact: true,
        entries: 12,
        visible_entries: 9,
        hidden_links: [],
        first_broken: null,
        head: 'h',
        signed_seq: 12,
      }),
    ).toBe(
      'Intact: all 12 entries link up, from the first to the latest. You can see 9 of them; the other 3 are for other people on this move and were checked too.',
    )
  })
  it('does not name an entry the viewer cannot see when it is the broken one', () => {
    expect(
      auditVerifyText({
        intact: false,
        entries: 12,
        visible_entries: 11,
        hidden_links: [],
        first_broken: { id: null, seq: 7, reason: 'hash_mismatch' },
        head: 'h',
        signed_seq: 12,
      }),
    ).toBe(
      'Broken at entry 7 (one you cannot see): its contents no longer match its hash. Entries from there on cannot be trusted.',
    )
  })
})
