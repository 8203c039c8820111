import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { PublicLayout } from './features/public-site/components/public-layout'
import type { HeaderVariant } from './features/public-site/header-config'
import { PROFESSIONAL_PAGES } from './features/public-site/nav-links'
import { publicRouteModules as m } from './route-modules'
import {
  certificateLoader,
  landingLoader,
  marketingClaimsLoader,
  marketplaceLoader,
  notFoundLoader,
  profileLoader,
  rootLoader,
} from './route-loaders'
import { RootLayout } from './routes/root-layout'
import { RouteErrorPage } from './routes/route-error'

/** Route handle of a public page, read by PublicLayout to pick the header variant. */
export interface PublicRouteHandle {
  header: HeaderVariant
  /** 'landing': the page is its own document (landing.html), rendered by the server and not hydrated. */
  document?: 'landing'
}

/**
 * Route handle saying when a server-rendered page is hydrated; the deepest matched route that says
 * decides. 'on-intent': once the reader starts to use it (the first pointer movement, touch, focus
 * or key press), and until then it works as plain HTML (links, a GET form, buttons whose clicks are
 * replayed); the server marks #root with `data-hydrate="on-intent"` and main.tsx waits. 'at-once':
 * after the first paint. See decision 042.
 */
export interface HydrationRouteHandle {
  hydrate: 'on-intent' | 'at-once'
}

/** Route handle of a page of the signed-in app, which the server sends as the empty app for the browser to render. */
export interface BrowserOnlyRouteHandle {
  browserOnly: true
}

const browserOnly: BrowserOnlyRouteHandle = { browserOnly: true }

const consumer: PublicRouteHandle = { header: 'consumer' }
const professional: PublicRouteHandle = { header: 'professional' }
const support: PublicRouteHandle = { header: 'support' }

/**
 * Every route of spec: Screens and routes. The public pages (the landing page, the static pages, the
 * marketplace and its profiles, and the not-found page) are rendered by the server
 * (entry-server.tsx) with this same table, then hydrated; the landing page is a document of its own
 * whose small script does not hydrate (landing-entry.ts). Every page is a lazy chunk, so public pages
 * never download the signed-in app (/auth, /app/...) and vice versa. Each route module exports
 * `Component`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: rootLoader,
    shouldRevalidate: () => false,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    children: [
      {
        Component: PublicLayout,
        handle: { hydrate: 'on-intent' } satisfies HydrationRouteHandle,
        children: [
          {
            index: true,
            loader: landingLoader,
            lazy: m.landing,
            handle: { header: 'landing', document: 'landing' } satisfies PublicRouteHandle,
          },
          { path: 'buyers', lazy: m.buyers, handle: consumer },
          { path: 'sellers', lazy: m.sellers, handle: consumer },
          {
            path: 'professionals/conveyancers',
            loader: marketingClaimsLoader,
            lazy: m.conveyancers,
            handle: professional,
          },
          { path: 'professionals/surveyors', lazy: m.surveyors, handle: professional },
          { path: 'professionals/brokers', lazy: m.brokers, handle: professional },
          { path: 'professionals/agents', lazy: m.agents, handle: professional },
          { path: 'help', lazy: m.help, handle: support },
          { path: 'pricing', lazy: m.pricing, handle: consumer },
          { path: 'privacy', lazy: m.privacy, handle: support },
          { path: 'terms', lazy: m.terms, handle: support },
          { path: 'cookies', lazy: m.cookies, handle: support },
          // A CPD certificate's public check (decision 068): the number printed on the certificate.
          { path: 'certificates/:number', loader: certificateLoader, lazy: m.certificate, handle: support },
          // At once: the page logs the attempted path (spec: Screens and routes), with no reader's help.
          {
            path: '*',
            loader: notFoundLoader,
            lazy: m.notFound,
            handle: { ...consumer, hydrate: 'at-once' } satisfies PublicRouteHandle & HydrationRouteHandle,
          },
        ],
      },
      // The original linked /conveyancers, which was never a route. Old links land on the
      // real page, permanently moved.
      ...PROFESSIONAL_PAGES.map((page): RouteObject => ({ path: page.slug, loader: () => redirect(page.href, 301) })),
      {
        lazy: m.marketplaceLayout,
        handle: { hydrate: 'on-intent' } satisfies HydrationRouteHandle,
        children: [
          { path: 'marketplace', loader: marketplaceLoader, lazy: m.marketplace },
          { path: 'marketplace/:orgId', loader: profileLoader, lazy: m.marketplaceProfile },
        ],
      },
      // The signed-in app (spec: Screens and routes: /auth and /app both show sign-in / sign-up), rendered in
      // the browser only.
      { path: 'auth', lazy: () => import('./routes/app-auth'), handle: browserOnly },
      { path: 'reset-password', lazy: () => import('./routes/auth-reset-password'), handle: browserOnly },
      { path: 'verify-email', lazy: () => import('./routes/auth-verify-email'), handle: browserOnly },
      { path: 'app', lazy: () => import('./routes/app-auth'), handle: browserOnly },
      { path: 'app/home', lazy: () => import('./routes/app-home'), handle: browserOnly },
      { path: 'app/cases', lazy: () => import('./routes/app-cases'), handle: browserOnly },
      { path: 'app/portfolio', lazy: () => import('./routes/app-portfolio'), handle: browserOnly },
      { path: 'app/portfolio/new', lazy: () => import('./routes/app-portfolio-new'), handle: browserOnly },
      { path: 'app/portfolio/chains', lazy: () => import('./routes/app-portfolio-chains'), handle: browserOnly },
      { path: 'app/cases/new', lazy: () => import('./routes/app-cases-new'), handle: browserOnly },
      { path: 'app/pipeline', lazy: () => import('./routes/app-pipeline'), handle: browserOnly },
      { path: 'app/pipeline/:txId', lazy: () => import('./routes/app-pipeline-case'), handle: browserOnly },
      {
        path: 'app/pipeline/clients/:clientId',
        lazy: () => import('./routes/app-pipeline-client'),
        handle: browserOnly,
      },
      { path: 'app/firm', lazy: () => import('./routes/app-firm'), handle: browserOnly },
      { path: 'app/firm/:section', lazy: () => import('./routes/app-firm'), handle: browserOnly },
      { path: 'app/schedule', lazy: () => import('./routes/app-schedule'), handle: browserOnly },
      { path: 'app/settings', lazy: () => import('./routes/app-settings'), handle: browserOnly },
      { path: 'app/settings/api', lazy: () => import('./routes/app-settings-api'), handle: browserOnly },
      { path: 'app/support', lazy: () => import('./routes/app-support'), handle: browserOnly },
      { path: 'app/transactions/:txId', lazy: () => import('./routes/app-transaction'), handle: browserOnly },
      { path: 'app/transactions/:txId/review', lazy: () => import('./routes/app-review'), handle: browserOnly },
      { path: 'app/gifts', lazy: () => import('./routes/app-gifts'), handle: browserOnly },
      { path: 'app/gifts/:giftId', lazy: () => import('./routes/app-gift'), handle: browserOnly },
      { path: 'app/gifts/:giftId/identity', lazy: () => import('./routes/app-gift-identity'), handle: browserOnly },
      {
        path: 'app/transactions/:txId/identity',
        lazy: () => import('./routes/app-transaction-identity'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/gifts/:giftId/checks',
        lazy: () => import('./routes/app-transaction-gift-checks'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/cdd/:profileId',
        lazy: () => import('./routes/app-transaction-cdd'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/survey',
        lazy: () => import('./routes/app-transaction-survey'),
        handle: browserOnly,
      },
      {
        path: 'app/logbook',
        lazy: () => import('./routes/app-logbook'),
        handle: browserOnly,
      },
      {
        path: 'app/logbook/:logbookId',
        lazy: () => import('./routes/app-logbook-detail'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/title',
        lazy: () => import('./routes/app-transaction-title'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/deposit',
        lazy: () => import('./routes/app-transaction-deposit'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/chain',
        lazy: () => import('./routes/app-transaction-chain'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/forms/:form',
        lazy: () => import('./routes/app-transaction-form'),
        handle: browserOnly,
      },
      {
        path: 'app/transactions/:txId/funds',
        lazy: () => import('./routes/app-transaction-funds'),
        handle: browserOnly,
      },
      { path: 'app/academy', lazy: () => import('./routes/app-academy'), handle: browserOnly },
      { path: 'app/academy/:slug', lazy: () => import('./routes/app-academy-course'), handle: browserOnly },
      { path: 'app/academy/:slug/quiz', lazy: () => import('./routes/app-academy-quiz'), handle: browserOnly },
      { path: 'app/accreditation', lazy: () => import('./routes/app-accreditation'), handle: browserOnly },
      { path: 'invite/:token', lazy: () => import('./routes/app-invite'), handle: browserOnly },
      {
        path: 'app/transactions/:txId/enquiry-tasks/:taskId',
        lazy: () => import('./routes/app-transaction-enquiry-task'),
        handle: browserOnly,
      },
      { path: 'enquiries/reply/:token', lazy: () => import('./routes/enquiry-reply'), handle: browserOnly },
      { path: 'join/:token', lazy: () => import('./routes/join-firm'), handle: browserOnly },
    ],
  },
]

/**
 * The browser's router. After a server render it starts from the server's loader data
 * (window.__staticRouterHydrationData, which React Router reads itself); the route modules of the
 * page must be loaded first (app-entry.tsx), or the router would show its fallback instead of
 * hydrating the page.
 */
export function createAppRouter() {
  return createBrowserRouter(routes)
}
