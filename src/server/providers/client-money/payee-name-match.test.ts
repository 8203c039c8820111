import { describe, expect, it } from 'vitest'
import { matchPayeeName, normalisePayeeName } from './payee-name-match'

describe('Confirmation of Payee name matching', () => {
  it('matches the same name whatever the case, punctuation and company suffix', () => {
    expect(matchPayeeName('Sandbox Escrow Client Account', 'SANDBOX ESCROW LTD CLIENT ACCOUNT')).toBe('match')
    expect(matchPayeeName('Shah & Mercer LLP', 'shah and mercer')).toBe('match')
    expect(normalisePayeeName('  The Shah-Mercer, Ltd. ')).toBe('shah mercer')
  })

  it('is a close match for a typo, the words in another order, or words left out', () => {
    expect(matchPayeeName('Sandbox Escrow Client Acount', 'Sandbox Escrow Client Account')).toBe('close_match')
    expect(matchPayeeName('Escrow Sandbox Client Account', 'Sandbox Escrow Client Account')).toBe('close_match')
    expect(matchPayeeName('Sandbox Escrow', 'Sandbox Escrow Client Account')).toBe('close_match')
  })

  it('is no match for another name, or an empty one', () => {
    expect(matchPayeeName('J Smith Holdings', 'Sandbox Escrow Client Account')).toBe('no_match')
    expect(matchPayeeName('Escrow', 'Sandbox Escrow Client Account')).toBe('no_match')
    expect(matchPayeeName('Ltd', 'Sandbox Escrow Client Account')).toBe('no_match')
  })
})
