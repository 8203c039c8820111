import type { ReactNode } from 'react'
import type { HeaderVariant } from '../header-config'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { HydratesApart } from '#web/components/hydrates-apart.tsx'
import { SkipLink } from '#web/components/skip-link.tsx'

/**
 * Frame of every public page: skip link, public header, the page in <main id="main">, footer, each
 * of the three hydrated apart. Router-free.
 */
export function PublicFrame({ variant, children }: { variant: HeaderVariant; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <HydratesApart>
        <SiteHeader variant={variant} />
      </HydratesApart>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HydratesApart>{children}</HydratesApart>
      </main>
      <HydratesApart>
        <SiteFooter />
      </HydratesApart>
    </div>
  )
}
