import type { NavLink } from './nav-links'

/**
 * Which header a public page shows. 'landing': the landing page's in-page anchors with Sign In and
 * Get Started to /app; 'consumer': the public header; 'professional': the public header with
 * 'Join as a Pro'; 'support': help and legal pages, where Sign In is hidden. spec: Screens and routes.
 */
export type HeaderVariant = 'landing' | 'consumer' | 'professional' | 'support'

export interface HeaderConfig {
  /** Plain links before and after the professionals menu. */
  leadingLinks: readonly NavLink[]
  /** Whether the 'For Professionals' entry is a menu of the four pages (public header) or an anchor (landing). */
  professionals: { kind: 'menu' } | { kind: 'anchor'; href: string }
  trailingLinks: readonly NavLink[]
  /** Where Sign In goes, or null when it is hidden. */
  signInHref: string | null
  cta: NavLink
}

/** The header for a variant, per spec: Screens and routes ('Landing page' and 'Public header'). */
export function headerConfig(variant: HeaderVariant): HeaderConfig {
  if (variant === 'landing') {
    return {
      leadingLinks: [
        { label: 'For Buyers', href: '#buyers' },
        { label: 'For Sellers', href: '#sellers' },
      ],
      professionals: { kind: 'anchor', href: '#professionals' },
      trailingLinks: [],
      signInHref: '/app',
      cta: { label: 'Get Started', href: '/app' },
    }
  }
  return {
    leadingLinks: [
      { label: 'For Buyers', href: '/buyers' },
      { label: 'For Sellers', href: '/sellers' },
    ],
    professionals: { kind: 'menu' },
    trailingLinks: [
      { label: 'Pricing', href: '/pricing' },
      { label: 'Help', href: '/help' },
      { label: 'Marketplace', href: '/marketplace' },
    ],
    signInHref: variant === 'support' ? null : '/auth',
    cta: { label: variant === 'professional' ? 'Join as a Pro' : 'Get Started', href: '/auth' },
  }
}
