import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers'
import { createAppRouter, routes } from './router'

declare global {
  interface Window {
    /** Loader data of a server-rendered page, written by the server's StaticRouterProvider. */
    __staticRouterHydrationData?: unknown
  }
}

/**
 * Loads the lazy route modules matching the current address and puts them on the route objects,
 * so that the router starts with everything the server rendered (React Router's way to hydrate lazy
 * routes: otherwise it would show its fallback first and the server's HTML would be thrown away).
 */
async function loadMatchedRoutes(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}

/**
 * Starts the single-page app (router, data cache, toasts, tooltips) in `root`: hydrating the page
 * the server rendered (public pages), or rendering from nothing (the signed-in app, whose pages the
 * server leaves to the browser). `beforeHydrate` runs just before hydration starts (main.tsx stops
 * what the page did as plain HTML).
 */
export async function mountApp(
  root: HTMLElement,
  { beforeHydrate }: { beforeHydrate?: () => void } = {},
): Promise<void> {
  const hydrating = window.__staticRouterHydrationData !== undefined
  if (hydrating) await loadMatchedRoutes(routes)
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  )
  if (hydrating) {
    beforeHydrate?.()
    hydrateRoot(root, app)
  } else createRoot(root).render(app)
}
