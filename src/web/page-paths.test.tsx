// @vitest-environment happy-dom
/**
 * Every page path in src/shared/paths.ts, which the server's emails and notifications link to,
 * reaches a route of the web app's router, and not its catch-all 'not found' page.
 */
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  invitationPath,
  inviteOrganizationPath,
  organizationPath,
  PAGE_PATHS,
  resetPasswordPath,
  signInPath,
  surveyBookingPath,
  enquiryTaskPath,
  fundsPath,
  chainPath,
  propertyFormPath,
  TRANSACTION_TABS,
  transactionPath,
  verifyEmailPath,
  enquiryReplyPath,
} from '../shared/paths'
import { routes } from './router'

/** The route pattern a path ends on, e.g. 'app/transactions/:txId'. */
function routeOf(path: string): string | undefined {
  const url = new URL(path, 'http://homeward.invalid')
  return matchRoutes(routes, url.pathname)?.at(-1)?.route.path
}

describe('page paths reach the router', () => {
  it.each(Object.entries(PAGE_PATHS))('%s: %s', (_name, path) => {
    expect(routeOf(path)).toBeDefined()
    expect(routeOf(path)).not.toBe('*')
  })

  it('reaches the pages with ids and tokens', () => {
    expect(routeOf(transactionPath('tx1', { tab: 'chat', thread: 'th1' }))).toBe('app/transactions/:txId')
    expect(routeOf(invitationPath('tok'))).toBe('invite/:token')
    expect(routeOf(surveyBookingPath('tx1'))).toBe('app/transactions/:txId/survey')
    expect(routeOf(enquiryTaskPath('tx1', 'k1'))).toBe('app/transactions/:txId/enquiry-tasks/:taskId')
    expect(routeOf(fundsPath('tx1'))).toBe('app/transactions/:txId/funds')
    expect(routeOf(chainPath('tx1'))).toBe('app/transactions/:txId/chain')
    expect(routeOf(propertyFormPath('tx1', 'ta6', { section: 'parking' }))).toBe('app/transactions/:txId/forms/:form')
    expect(routeOf(organizationPath('org1'))).toBe('marketplace/:orgId')
    expect(routeOf(inviteOrganizationPath('org1'))).toBe('app/home')
    expect(routeOf(resetPasswordPath('t'))).toBe('reset-password')
    expect(routeOf(verifyEmailPath('t', '/app/home'))).toBe('verify-email')
    expect(routeOf(signInPath({ email: 'a@b.example' }))).toBe('auth')
    expect(routeOf(enquiryReplyPath('tok'))).toBe('enquiries/reply/:token')
  })

  it('names the same tabs as the workspace', async () => {
    const { WORKSPACE_TABS } = await import('./features/workspace/tabs')
    expect(WORKSPACE_TABS.map((t) => t.value)).toEqual([...TRANSACTION_TABS])
  })
})
