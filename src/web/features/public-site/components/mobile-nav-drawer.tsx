import type { RefObject } from 'react'
import { Button } from '../../../components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet'
import { AppLink } from '../../../lib/app-link'
import type { HeaderConfig } from '../header-config'
import { PROFESSIONAL_PAGES } from '../nav-links'
import { NavItemLink } from './nav-item-link'

/**
 * The mobile navigation drawer: a Radix dialog, so focus is trapped inside and Escape closes it;
 * on closing, focus goes back to the 'Open menu' button (`returnFocusTo`).
 */
export default function MobileNavDrawer({
  config,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  config: HeaderConfig
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}) {
  const close = () => onOpenChange(false)

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Pages of Homeward</SheetDescription>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {config.leadingLinks.map((link) => (
            <NavItemLink key={link.href} href={link.href} size="drawer" onClick={close}>
              {link.label}
            </NavItemLink>
          ))}
          {config.professionals.kind === 'anchor' ? (
            <NavItemLink href={config.professionals.href} size="drawer" onClick={close}>
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
                    <NavItemLink href={page.href} size="drawer" onClick={close}>
                      {page.label}
                    </NavItemLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {config.trailingLinks.map((link) => (
            <NavItemLink key={link.href} href={link.href} size="drawer" onClick={close}>
              {link.label}
            </NavItemLink>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-3 border-t pt-4">
          {config.signInHref && (
            <Button asChild variant="outline" size="lg">
              <AppLink to={config.signInHref} onClick={close}>
                Sign In
              </AppLink>
            </Button>
          )}
          <Button asChild size="lg">
            <AppLink to={config.cta.href} onClick={close}>
              {config.cta.label}
            </AppLink>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}
