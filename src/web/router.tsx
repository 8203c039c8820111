import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { directoryQueryOptions, organizationQueryOptions } from './features/marketplace/api'
import { PublicLayout } from './features/public-site/components/public-layout'
import type { HeaderVariant } from './features/public-site/header-config'
import { PROFESSIONAL_PAGES } from './features/public-site/nav-links'
import { appQueryClient } from './providers'
import { publicRouteModules as m } from './route-modules'
import { RootLayout } from './routes/root-layout'
import { RouteErrorPage } from './routes/route-error'
import { Component as LandingPage } from './routes/landing'

/** Route handle read by PublicLayout to pick the header variant. */
export interface PublicRouteHandle {
  header: HeaderVariant
}

const consumer: PublicRouteHandle = { header: 'consumer' }
const professional: PublicRouteHandle = { header: 'professional' }
const support: PublicRouteHandle = { header: 'support' }

/**
 * Every route of spec section 2. The landing page ships in the entry chunk (it is the first paint
 * for most visitors); every other page is a lazy chunk, so public pages never download the
 * signed-in app (/auth, /app/...) and vice versa. Each route module exports `Component`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, Component: LandingPage, handle: { header: 'landing' } satisfies PublicRouteHandle },
          { path: 'buyers', lazy: m.buyers, handle: consumer },
          { path: 'sellers', lazy: m.sellers, handle: consumer },
          {
            path: 'professionals/conveyancers',
            lazy: m.conveyancers,
            handle: professional,
          },
          { path: 'professionals/surveyors', lazy: m.surveyors, handle: professional },
          { path: 'professionals/brokers', lazy: m.brokers, handle: professional },
          { path: 'professionals/agents', lazy: m.agents, handle: professional },
          { path: 'help', lazy: m.help, handle: support },
          { path: 'privacy', lazy: m.privacy, handle: support },
          { path: 'terms', lazy: m.terms, handle: support },
          { path: 'cookies', lazy: m.cookies, handle: support },
          { path: '*', lazy: m.notFound, handle: consumer },
        ],
      },
      // Issue 3: the original linked /conveyancers, which was never a route. Old links land on the real page.
      ...PROFESSIONAL_PAGES.map((page): RouteObject => ({ path: page.slug, loader: () => redirect(page.href) })),
      {
        lazy: m.marketplaceLayout,
        children: [
          {
            path: 'marketplace',
            // Start the directory request alongside the route's code instead of after it.
            loader: () => {
              void appQueryClient.prefetchQuery(directoryQueryOptions)
              return null
            },
            lazy: m.marketplace,
          },
          {
            path: 'marketplace/:orgId',
            loader: ({ params }) => {
              if (params.orgId) void appQueryClient.prefetchQuery(organizationQueryOptions(params.orgId))
              return null
            },
            lazy: m.marketplaceProfile,
          },
        ],
      },
      // The signed-in app (spec section 2: /auth and /app both show sign-in / sign-up).
      { path: 'auth', lazy: () => import('./routes/app-auth') },
      { path: 'reset-password', lazy: () => import('./routes/auth-reset-password') },
      { path: 'verify-email', lazy: () => import('./routes/auth-verify-email') },
      { path: 'app', lazy: () => import('./routes/app-auth') },
      { path: 'app/home', lazy: () => import('./routes/app-home') },
      { path: 'app/settings', lazy: () => import('./routes/app-settings') },
      { path: 'app/support', lazy: () => import('./routes/app-support') },
      { path: 'app/transactions/:txId', lazy: () => import('./routes/app-transaction') },
      { path: 'app/transactions/:txId/review', lazy: () => import('./routes/app-review') },
      { path: 'app/academy', lazy: () => import('./routes/app-academy') },
      { path: 'app/academy/:slug', lazy: () => import('./routes/app-academy-course') },
      { path: 'app/academy/:slug/quiz', lazy: () => import('./routes/app-academy-quiz') },
      { path: 'app/accreditation', lazy: () => import('./routes/app-accreditation') },
      { path: 'invite/:token', lazy: () => import('./routes/app-invite') },
    ],
  },
]

export const router = createBrowserRouter(routes)
