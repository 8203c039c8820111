import { describe, expect, it } from 'vitest'
import { headerConfig } from './header-config'

describe('headerConfig (spec: Screens and routes)', () => {
  it('landing: anchors for buyers, sellers and professionals; Sign In and Get Started go to /app', () => {
    const c = headerConfig('landing')
    expect(c.leadingLinks.map((l) => l.href)).toEqual(['#buyers', '#sellers'])
    expect(c.professionals).toEqual({ kind: 'anchor', href: '#professionals' })
    expect(c.signInHref).toBe('/app')
    expect(c.cta).toEqual({ label: 'Get Started', href: '/app' })
  })

  it('public header: For Buyers, For Sellers, professionals menu, Pricing, Help, Marketplace; Sign In and Get Started to /auth', () => {
    const c = headerConfig('consumer')
    expect([...c.leadingLinks, ...c.trailingLinks]).toEqual([
      { label: 'For Buyers', href: '/buyers' },
      { label: 'For Sellers', href: '/sellers' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Help', href: '/help' },
      { label: 'Marketplace', href: '/marketplace' },
    ])
    expect(c.professionals.kind).toBe('menu')
    expect(c.signInHref).toBe('/auth')
    expect(c.cta).toEqual({ label: 'Get Started', href: '/auth' })
  })

  it("professional pages say 'Join as a Pro'", () => {
    expect(headerConfig('professional').cta).toEqual({ label: 'Join as a Pro', href: '/auth' })
    expect(headerConfig('professional').signInHref).toBe('/auth')
  })

  it('help and legal pages hide Sign In but keep the call to action', () => {
    expect(headerConfig('support').signInHref).toBeNull()
    expect(headerConfig('support').cta.label).toBe('Get Started')
  })
})
