/**
 * The server renderer of the public pages (built by `vite build --ssr` to dist/web-ssr and loaded by
 * the API server, src/server/features/public-pages). React Router's own server rendering for data
 * routers: the static handler runs the page's loaders (with the server's data functions as their
 * context), StaticRouterProvider renders the matched routes with that data and writes it into the
 * page for the browser router to hydrate from (app-entry.tsx).
 */
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router'
import type { PublicPageRenderer, RenderOptions } from '../shared/contracts/server-render'
import { PROFESSIONAL_PAGES } from './features/public-site/nav-links'
import { createQueryClient } from './lib/query-client'
import { startScriptAfterFirstPaint } from './lib/script-after-first-paint'
import { AppProviders } from './providers'
import { serverRenderContext } from './render-context'
import { routes, type BrowserOnlyRouteHandle, type HydrationRouteHandle, type PublicRouteHandle } from './router'

const handler = createStaticHandler(routes)

/** The public pages without parameters, in the order of the site's navigation (for the sitemap). */
export const publicPaths: PublicPageRenderer['publicPaths'] = [
  '/',
  '/buyers',
  '/sellers',
  ...PROFESSIONAL_PAGES.map((page) => page.href),
  '/pricing',
  '/help',
  '/marketplace',
  '/privacy',
  '/terms',
  '/cookies',
]

/** Whether `url` is a page of the signed-in app, which the browser renders (it needs the visitor's session). */
function isBrowserOnly(url: URL): boolean {
  const leaf = matchRoutes(routes, url.pathname)?.at(-1)
  return (leaf?.route.handle as BrowserOnlyRouteHandle | undefined)?.browserOnly === true
}

/** Whether the matched page is the landing page, a document of its own that the browser does not hydrate. */
function isLandingDocument(context: StaticHandlerContext): boolean {
  return context.matches.some((match) => (match.route.handle as PublicRouteHandle | undefined)?.document === 'landing')
}

/**
 * Whether the matched page is hydrated only once the reader starts to use it (HydrationRouteHandle:
 * the deepest matched route that says decides).
 */
function hydratesOnIntent(context: StaticHandlerContext): boolean {
  const said = context.matches.findLast(
    (match) => (match.route.handle as Partial<HydrationRouteHandle> | undefined)?.hydrate !== undefined,
  )
  return (said?.route.handle as HydrationRouteHandle | undefined)?.hydrate === 'on-intent'
}

/**
 * Renders `app` as React renders a whole document, so that the <title>, <meta> and <link> tags of
 * the page land in <head>; returns what React put in <head> and in #root. The tree inside #root is
 * exactly what the browser hydrates into #root (no other element with siblings above it, so the ids
 * of useId come out the same on both sides).
 */
async function renderDocument(app: ReactNode): Promise<{ head: string; body: string }> {
  const { prelude } = await prerender(
    <html lang="en-GB">
      <body>
        <div id="root">{app}</div>
      </body>
    </html>,
    // Suspense boundaries (the marketplace's cards, for hydration in steps) are written in place: above
    // this many bytes React would move a boundary's content after the document, behind an inline script.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  )
  const html = await new Response(prelude).text()
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)
  const body = /<body><div id="root">([\s\S]*)<\/div><\/body><\/html>$/.exec(html)
  if (!head || !body)
    throw new Error(`The server render did not produce a document with <head> and #root: ...${html.slice(-400)}`)
  return { head: head[1], body: body[1] }
}

/** The template with the page's head and body in the marked places. */
function fillTemplate(template: string, { head, body }: { head: string; body: string }): string {
  return template
    .replace(/<!--page-head-->[\s\S]*?<!--\/page-head-->/, () => head)
    .replace(/<!--page-body-->[\s\S]*?<!--\/page-body-->/, () => body)
}

/** See PublicPageRenderer.render (src/shared/contracts/server-render.ts). */
export async function render(request: Request, options: RenderOptions): Promise<Response> {
  const html = { 'Content-Type': 'text/html; charset=utf-8' }
  if (isBrowserOnly(new URL(request.url))) return new Response(options.templates.app, { status: 200, headers: html })

  // Always as a GET: a HEAD asks for the same page without its body.
  const context = await handler.query(new Request(request.url, { headers: request.headers }), {
    requestContext: serverRenderContext(options.data, options.siteUrl),
  })
  // A redirect (an old address): React Router answered it.
  if (context instanceof Response) return context

  const landing = isLandingDocument(context)
  const router = createStaticRouter(handler.dataRoutes, context)
  const page = await renderDocument(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} nonce={options.nonce} hydrate={!landing} />
      </AppProviders>
    </StrictMode>,
  )
  const template = hydratesOnIntent(context)
    ? options.templates.app.replace('<div id="root">', '<div id="root" data-hydrate="on-intent">')
    : options.templates.app
  const filled = landing
    ? fillTemplate(options.templates.landing, page)
    : startScriptAfterFirstPaint(fillTemplate(template, page), options.nonce)
  return new Response(filled, { status: context.statusCode, headers: html })
}
