import { describe, expect, it } from 'vitest'
import { inviteHref } from './invite'

describe('inviteHref', () => {
  const id = '7c0f3a5e-1111-4222-8333-444455556666'
  it('signed in: the invite flow on the dashboard', () => {
    expect(inviteHref(id, true)).toBe(`/app/home?invite=${id}`)
  })
  it('signed out: sign in first, then come back to the invite', () => {
    expect(inviteHref(id, false)).toBe(`/auth?next=${encodeURIComponent(`/app/home?invite=${id}`)}`)
  })
})
