import { describe, expect, it } from 'vitest'
import { INVITE_ROLE_OPTIONS, invitationUnavailableMessage } from './messages'

const base = { status: 'pending' as const, expires_at: '2025-06-08T10:00:00Z', invited_by_name: 'Amelia Clarke' }

describe('invitationUnavailableMessage', () => {
  it('is null for a pending, unexpired invitation', () => {
    expect(invitationUnavailableMessage(base, new Date('2025-06-01T10:00:00Z'))).toBeNull()
  })
  it('explains an expired one with the date and who to ask', () => {
    const m = invitationUnavailableMessage({ ...base, status: 'expired' }, new Date('2025-06-09T10:00:00Z'))
    expect(m?.title).toBe('This invitation has expired')
    expect(m?.body).toContain('08 Jun 2025')
    expect(m?.body).toContain('Ask Amelia Clarke')
  })
  it('treats a pending link past its expiry as expired', () => {
    expect(invitationUnavailableMessage(base, new Date('2025-06-09T10:00:00Z'))?.title).toBe(
      'This invitation has expired',
    )
  })
  it('explains used and withdrawn links', () => {
    expect(invitationUnavailableMessage({ ...base, status: 'accepted' })?.title).toBe(
      'This invitation has already been used',
    )
    const revoked = invitationUnavailableMessage({ ...base, status: 'revoked', invited_by_name: null })
    expect(revoked?.title).toBe('This invitation was withdrawn')
    expect(revoked?.body).toMatch(/^The person who invited you withdrew it/)
  })
})

describe('INVITE_ROLE_OPTIONS', () => {
  it('labels every invitable role', () => {
    expect(INVITE_ROLE_OPTIONS.map((o) => o.label)).toEqual([
      'Buyer',
      'Seller',
      "Buyer's Conveyancer",
      "Seller's Conveyancer",
      'Surveyor',
      'Mortgage Broker',
      'Estate Agent',
      'Joint buyer',
      'Joint seller',
    ])
  })
  it('says a newer invitation was sent for a link replaced by a re-send', () => {
    const m = invitationUnavailableMessage(
      { ...base, status: 'superseded', last_sent_at: '2025-06-03T09:00:00Z' },
      new Date('2025-06-04T10:00:00Z'),
    )
    expect(m?.title).toBe('A newer invitation was sent')
    expect(m?.body).toBe(
      'Amelia Clarke sent this invitation again on 03 Jun 2025, so this older link no longer works. Open the link in the most recent invitation email.',
    )
  })
})

describe('invitationUnavailableMessage for proposals (decision 014)', () => {
  it('says a proposed link waits for the client, and a declined one no longer works', () => {
    expect(invitationUnavailableMessage({ ...base, status: 'proposed' })?.title).toBe(
      'This invitation is waiting for an answer',
    )
    expect(invitationUnavailableMessage({ ...base, status: 'declined' })?.title).toBe('This invitation was declined')
  })
})
