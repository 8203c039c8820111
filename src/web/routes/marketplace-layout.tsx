import { Outlet } from 'react-router'
import { MarketplaceTopBar } from '../features/marketplace/components/marketplace-top-bar'
import { SiteFooter } from '../features/public-site/components/site-footer'
import { HydratesApart } from '../components/hydrates-apart'
import { SkipLink } from '../components/skip-link'

/**
 * Frame of /marketplace and its profile pages: the marketplace top bar instead of the public
 * header. Top bar, page and footer are each hydrated apart (HydratesApart), as on the other public pages.
 */
export function Component() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <HydratesApart>
        <MarketplaceTopBar />
      </HydratesApart>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HydratesApart>
          <Outlet />
        </HydratesApart>
      </main>
      <HydratesApart>
        <SiteFooter />
      </HydratesApart>
    </div>
  )
}
