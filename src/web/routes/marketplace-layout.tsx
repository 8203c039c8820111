import { Outlet } from 'react-router'
import { MarketplaceTopBar } from '../features/marketplace/components/marketplace-top-bar'
import { SiteFooter } from '../features/public-site/components/site-footer'
import { SkipLink } from '../components/skip-link'

/** Frame of /marketplace and its profile pages: the marketplace top bar instead of the public header. */
export function Component() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <MarketplaceTopBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
