import { AppLink } from '#web/lib/app-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { headerConfig, type HeaderVariant } from '../header-config'
import { Logo } from '#web/components/logo.tsx'
import { LandingMenu } from './landing-menu'
import { MobileNav } from './mobile-nav'
import { NavItemLink } from './nav-item-link'
import { ProfessionalsMenu } from './professionals-menu'

/** The public header (spec: Screens and routes): logo, page links, Sign In and the call to action; a drawer below 1024 px. */
export function SiteHeader({ variant }: { variant: HeaderVariant }) {
  const config = headerConfig(variant)
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {config.leadingLinks.map((link) => (
            <NavItemLink key={link.href} href={link.href}>
              {link.label}
            </NavItemLink>
          ))}
          {config.professionals.kind === 'anchor' ? (
            <NavItemLink href={config.professionals.href}>For Professionals</NavItemLink>
          ) : (
            <ProfessionalsMenu />
          )}
          {config.trailingLinks.map((link) => (
            <NavItemLink key={link.href} href={link.href}>
              {link.label}
            </NavItemLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {config.signInHref && (
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <AppLink to={config.signInHref}>Sign In</AppLink>
            </Button>
          )}
          <Button asChild>
            <AppLink to={config.cta.href}>{config.cta.label}</AppLink>
          </Button>
          <div className="lg:hidden">
            {/* The landing page has no React in the browser: its drawer is a native dialog (landing-entry.ts). */}
            {variant === 'landing' ? <LandingMenu config={config} /> : <MobileNav config={config} />}
          </div>
        </div>
      </div>
    </header>
  )
}
