/**
 * The pages of the site itself (not /api): every GET the static files do not answer goes to the web
 * app's server renderer, which answers public pages rendered with their data (404 for an unknown
 * path or professional, 301 for an old address) and the signed-in app's pages as the app for the
 * browser to render. Also /sitemap.xml (the public pages and every professional's profile) and
 * /robots.txt.
 */
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/router.ts'
import { securityHeaders } from '#server/http/security-headers.ts'
import type { PublicPagesPorts } from './ports'
import { publicPageData } from './page-data'
import { rendererLoader } from './renderer'
import { robotsTxt, sitemapXml } from './sitemap'

const NOT_BUILT = 'The web app is not built yet. Run `npm start` (which builds it) or `npm run build`.'

/** `ports`: the directory's readers (src/server/feature-ports.ts). */
export function publicPagesRoutes({ config, database, log }: AppDeps, webDist: string, ports: PublicPagesPorts) {
  const siteUrl = config.publicUrl
  const data = publicPageData(database, ports, config.NODE_ENV === 'production')
  const load = rendererLoader(webDist)
  let warned = false

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      return c.text(robotsTxt(siteUrl))
    })
    .get('/sitemap.xml', async (c) => {
      const loaded = await load()
      if (!loaded) return c.text(NOT_BUILT, 503)
      const pages = loaded.renderer.publicPaths.map((p) => ({ loc: `${siteUrl}${p}` }))
      const profiles = (await ports.listOrganizationUpdates({ database })).map((org) => ({
        loc: `${siteUrl}/marketplace/${org.id}`,
        lastmod: org.updatedAt,
      }))
      c.header('Content-Type', 'application/xml; charset=utf-8')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(sitemapXml([...pages, ...profiles]))
    })
    .get('*', securityHeaders(config, { scriptNonce: true }), async (c) => {
      const loaded = await load()
      c.header('Cache-Control', 'no-cache')
      if (!loaded) {
        if (!warned) log.warn('dist/web-ssr is missing: pages are left to the browser. Run `npm run build`.')
        warned = true
        return c.text(NOT_BUILT, 503)
      }
      const response = await loaded.renderer.render(c.req.raw, {
        data,
        templates: loaded.templates,
        siteUrl,
        nonce: c.get('secureHeadersNonce') ?? '',
      })
      response.headers.forEach((value, key) => c.header(key, value))
      return c.body(await response.text(), response.status as 200)
    })
}
