import { describe, expect, it } from 'vitest'
import { avatarLetter, initials } from './avatar'

describe('avatarLetter', () => {
  it('is the first letter of the email, upper-cased', () => {
    expect(avatarLetter('amelia.buyer@homeward.example')).toBe('A')
    expect(avatarLetter('  tom@x.example')).toBe('T')
  })
  it('falls back to ? for an empty email', () => {
    expect(avatarLetter('')).toBe('?')
  })
})

describe('initials', () => {
  it.each([
    ['Priya Shah', 'PS'],
    ['Amelia Rose Clarke', 'AC'],
    ['cher', 'C'],
    ['  ', '?'],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})
