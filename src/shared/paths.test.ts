import { describe, expect, it } from 'vitest'
import {
  tradeHomeLink,
  signedInHomePath,
  invitationPath,
  inviteOrganizationPath,
  organizationPath,
  PAGE_PATHS,
  resetPasswordPath,
  signInPath,
  transactionPath,
  verifyEmailPath,
} from './paths'

const TX = '5eed0000-0000-4000-8000-000000000001'
const THREAD = '5eed0000-0000-4000-8000-0000000000aa'

describe('page paths', () => {
  it('builds the workspace with its tab and thread', () => {
    expect(transactionPath(TX)).toBe(`/app/transactions/${TX}`)
    expect(transactionPath(TX, { tab: 'timeline' })).toBe(`/app/transactions/${TX}?tab=timeline`)
    expect(transactionPath(TX, { tab: 'chat', thread: THREAD })).toBe(
      `/app/transactions/${TX}?tab=chat&thread=${THREAD}`,
    )
  })

  it('opens a view inside the tab it belongs to', () => {
    expect(transactionPath(TX, { view: 'enquiries' })).toBe(`/app/transactions/${TX}?tab=documents&view=enquiries`)
    expect(transactionPath(TX, { view: 'activity' })).toBe(`/app/transactions/${TX}?tab=documents&view=activity`)
    expect(transactionPath(TX, { view: 'chain' })).toBe(`/app/transactions/${TX}?tab=timeline&view=chain`)
  })

  it('keeps ids and base64url tokens as they are, and encodes anything else', () => {
    const token = 'q3Z-_9aB0cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0wX1y'
    expect(invitationPath(token)).toBe(`/invite/${token}`)
    expect(invitationPath('a/b c')).toBe('/invite/a%2Fb%20c')
    expect(organizationPath('org 1')).toBe('/marketplace/org%201')
    expect(inviteOrganizationPath(TX)).toBe(`/app/home?invite=${TX}`)
  })

  it('builds the emailed links of reset and verify, with `next` encoded as encodeURIComponent does', () => {
    expect(resetPasswordPath('abc123')).toBe('/reset-password?token=abc123')
    expect(verifyEmailPath('eyJ.x-y_z')).toBe('/verify-email?token=eyJ.x-y_z')
    expect(verifyEmailPath('t', "/invite/a b?x=(1)'")).toBe("/verify-email?token=t&next=%2Finvite%2Fa%20b%3Fx%3D(1)'")
  })

  it('fills the sign-in email', () => {
    expect(signInPath()).toBe('/auth')
    expect(signInPath({ email: 'amelia+1@example.com' })).toBe('/auth?email=amelia%2B1%40example.com')
  })

  it('names the fixed pages', () => {
    expect(PAGE_PATHS).toMatchObject({ signIn: '/auth', home: '/app/home', settings: '/app/settings' })
  })
})

describe('tradeHomeLink', () => {
  it("names each trade's workbench for the header, and nothing for buyers, sellers and conveyancers", () => {
    expect(tradeHomeLink(['pro_agent'])).toEqual({ path: '/app/portfolio', label: 'Portfolio' })
    expect(tradeHomeLink(['pro_surveyor'])).toEqual({ path: '/app/schedule', label: 'Schedule' })
    expect(tradeHomeLink(['pro_broker'])).toEqual({ path: '/app/pipeline', label: 'Pipeline' })
    expect(tradeHomeLink(['consumer_buyer'])).toBeNull()
    expect(tradeHomeLink(['pro_conveyancer'])).toEqual({ path: '/app/cases', label: 'Cases' })
    expect(tradeHomeLink([])).toBeNull()
  })
})

describe('signedInHomePath', () => {
  it("takes a professional to their trade's home and a buyer or seller to their moves, never the landing page", () => {
    expect(signedInHomePath(['pro_conveyancer'])).toBe('/app/cases')
    expect(signedInHomePath(['pro_surveyor'])).toBe('/app/schedule')
    expect(signedInHomePath(['pro_broker'])).toBe('/app/pipeline')
    expect(signedInHomePath(['pro_agent'])).toBe('/app/portfolio')
    expect(signedInHomePath(['consumer_buyer'])).toBe('/app/home')
    expect(signedInHomePath([])).toBe('/app/home')
  })
})
