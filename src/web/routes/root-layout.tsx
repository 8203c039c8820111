import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router'
import { AppLinkProvider } from '../lib/app-link'
import { CurrentPathContext } from '../lib/current-path'

/**
 * The root of every page in the single-page app: restores scroll on back/forward, and gives the
 * shared public components (AppLink, navigation) the router's navigation and current path.
 */
export function RootLayout() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <AppLinkProvider value={navigate}>
      <CurrentPathContext.Provider value={pathname}>
        <ScrollRestoration />
        <Outlet />
      </CurrentPathContext.Provider>
    </AppLinkProvider>
  )
}
