/**
 * The boundary between the API server and the web app's server renderer (src/web/entry-server.tsx,
 * built to dist/web-ssr). The server may not import web code, so it loads the built module at run
 * time and talks to it through these types only; the renderer reaches the database only through the
 * `PublicPageData` functions the server hands it.
 */
import type { CertificateCheck } from './academy'
import type { DirectoryResponse, MarketingClaims, OrganizationProfile } from './directory'

/** The public data a page may need, read by the server's own use cases (features/directory, features/academy). */
export interface PublicPageData {
  /** Every organization, highest tier first: the same data as GET /api/organizations. */
  loadDirectory(): Promise<DirectoryResponse>
  /** One organization with its reviews, or null when there is none with this id (or it is not an id). */
  loadProfile(orgId: string): Promise<OrganizationProfile | null>
  /** A CPD certificate's public check (GET /api/certificates/{number}), or null when there is none with this number. */
  loadCertificate(number: string): Promise<CertificateCheck | null>
  /** GET /api/marketing-claims: whether the landing figures are the demo's copy or live counts (decision 068). */
  loadMarketingClaims(): Promise<MarketingClaims>
}

/** The HTML templates of the browser build (dist/web), each with the page-head and page-body marks. */
export interface PageTemplates {
  /** index.html: the hydrated pages and the browser-only app. */
  app: string
  /** landing.html: the landing page, whose script does not hydrate. */
  landing: string
}

export interface RenderOptions {
  data: PublicPageData
  templates: PageTemplates
  /** Site address for canonical and Open Graph URLs, e.g. 'https://homeward.co.uk' (PUBLIC_URL, no trailing slash). */
  siteUrl: string
  /** The per-response Content-Security-Policy nonce for the router's inline hydration data. */
  nonce: string
}

/** What the built renderer module exports. */
export interface PublicPageRenderer {
  /**
   * Renders a GET request for a public page: 200 with the page, 404 with the not-found page (an
   * unknown path or professional), or a redirect (an old address). Always a complete Response.
   */
  render(request: Request, options: RenderOptions): Promise<Response>
  /** Paths of the public pages without parameters, for the sitemap ('/', '/buyers', ...). */
  publicPaths: readonly string[]
}
