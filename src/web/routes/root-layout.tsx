import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router'
import { AppLinkProvider } from '../lib/app-link'
import { CurrentPathContext } from '../lib/current-path'

/**
 * The root of every page in the single-page app: restores scroll on back/forward, and gives the
 * shared public components (AppLink, navigation) the router's navigation and current path. Marks
 * the document `<html data-live>` once React runs the page (hydrated or rendered in the browser): a
 * server-rendered marketplace page is plain HTML until the reader's first sign of use
 * (lib/hydrate-on-intent.ts), and styles and tests can tell the two apart.
 */
export function RootLayout() {
  useEffect(() => {
    document.documentElement.dataset.live = ''
  }, [])
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
