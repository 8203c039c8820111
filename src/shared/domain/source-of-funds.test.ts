import { describe, expect, it } from 'vitest'
import { deriveFundsStatus, flagFor, fundingBalance } from './source-of-funds'

describe('flagFor', () => {
  it('flags any cash paid in, and credits of £2,500 or more that are not salary or interest', () => {
    expect(flagFor({ amountPence: 200_00, category: 'cash_deposit' })).toBe('cash_deposit')
    expect(flagFor({ amountPence: 2_500_00, category: 'transfer' })).toBe('large_credit')
    expect(flagFor({ amountPence: 2_499_99, category: 'transfer' })).toBeNull()
    expect(flagFor({ amountPence: 4_000_00, category: 'salary' })).toBeNull()
    expect(flagFor({ amountPence: -9_000_00, category: 'transfer' })).toBeNull()
  })
})

describe('deriveFundsStatus', () => {
  const base = {
    review: null,
    connectedAccounts: 0,
    lastConsentStatus: null,
    anythingStated: false,
    openFlags: 0,
    shortfallPence: 0,
  }
  it('walks from not started to verified', () => {
    expect(deriveFundsStatus(base)).toBe('not_started')
    expect(deriveFundsStatus({ ...base, lastConsentStatus: 'awaiting_authorisation' })).toBe('in_progress')
    // A refused or expired consent is that consent's state, not the picture's (issue 38).
    expect(deriveFundsStatus({ ...base, lastConsentStatus: 'refused' })).toBe('in_progress')
    expect(deriveFundsStatus({ ...base, lastConsentStatus: 'expired' })).toBe('in_progress')
    expect(
      deriveFundsStatus({ ...base, connectedAccounts: 1, lastConsentStatus: 'refused', anythingStated: true }),
    ).toBe('needs_review')
    expect(deriveFundsStatus({ ...base, connectedAccounts: 1, lastConsentStatus: 'authorised', openFlags: 2 })).toBe(
      'in_progress',
    )
    expect(deriveFundsStatus({ ...base, connectedAccounts: 1, lastConsentStatus: 'authorised' })).toBe('needs_review')
    expect(deriveFundsStatus({ ...base, connectedAccounts: 1, review: 'more_info' })).toBe('needs_review')
    expect(deriveFundsStatus({ ...base, connectedAccounts: 1, review: 'satisfied' })).toBe('verified')
  })
})

describe('fundingBalance', () => {
  it('adds the sources against price, SDLT and fees', () => {
    const b = fundingBalance(
      { savingsPence: 50_000_00, mortgagePence: 250_000_00, giftsPence: 10_000_00, saleProceedsPence: 0 },
      { pricePence: 300_000_00, sdltPence: 5_000_00, feesPence: 2_000_00 },
    )
    expect(b).toEqual({
      availablePence: 310_000_00,
      neededPence: 307_000_00,
      shortfallPence: 0,
      depositPence: 50_000_00,
      loanToValuePercent: 83.3,
    })
    expect(
      fundingBalance(
        { savingsPence: 0, mortgagePence: 0, giftsPence: 0, saleProceedsPence: 0 },
        { pricePence: 1, sdltPence: 0, feesPence: 0 },
      ).shortfallPence,
    ).toBe(1)
  })
})
