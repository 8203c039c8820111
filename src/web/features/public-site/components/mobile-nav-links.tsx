import { Button } from '#web/components/ui/button.tsx'
import { AppLink } from '#web/lib/app-link.tsx'
import type { HeaderConfig } from '../header-config'
import { PROFESSIONAL_PAGES } from '../nav-links'
import { NavItemLink } from './nav-item-link'

/**
 * The links of the mobile navigation drawer (spec: Screens and routes): the header's page links, the four
 * professional pages, Sign In and the call to action. `onNavigate` runs when one is followed (the
 * drawer closes).
 */
export function MobileNavLinks({ config, onNavigate }: { config: HeaderConfig; onNavigate?: () => void }) {
  return (
    <>
      <nav aria-label="Mobile" className="flex flex-col gap-1">
        {config.leadingLinks.map((link) => (
          <NavItemLink key={link.href} href={link.href} size="drawer" onClick={onNavigate}>
            {link.label}
          </NavItemLink>
        ))}
        {config.professionals.kind === 'anchor' ? (
          <NavItemLink href={config.professionals.href} size="drawer" onClick={onNavigate}>
            For Professionals
          </NavItemLink>
        ) : (
          <div className="py-1">
            <p
              id="mobile-pro-heading"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              For Professionals
            </p>
            <ul aria-labelledby="mobile-pro-heading" className="flex flex-col pl-3">
              {PROFESSIONAL_PAGES.map((page) => (
                <li key={page.href}>
                  <NavItemLink href={page.href} size="drawer" onClick={onNavigate}>
                    {page.label}
                  </NavItemLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {config.trailingLinks.map((link) => (
          <NavItemLink key={link.href} href={link.href} size="drawer" onClick={onNavigate}>
            {link.label}
          </NavItemLink>
        ))}
      </nav>
      <div className="mt-auto flex flex-col gap-3 border-t pt-4">
        {config.signInHref && (
          <Button asChild variant="outline" size="lg">
            <AppLink to={config.signInHref} onClick={onNavigate}>
              Sign In
            </AppLink>
          </Button>
        )}
        <Button asChild size="lg">
          <AppLink to={config.cta.href} onClick={onNavigate}>
            {config.cta.label}
          </AppLink>
        </Button>
      </div>
    </>
  )
}
