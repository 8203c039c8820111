import { useLocation, useRouteLoaderData } from 'react-router'

const SITE_NAME = 'Homeward'

/** The <title> of a page: '<title> | Homeward', or the title itself when it already names Homeward. */
export function documentTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
}

/** Loader data of the root route (router.tsx): where the site lives, for absolute URLs. */
export interface RootData {
  /** e.g. 'https://homeward.co.uk': PUBLIC_URL on the server, the page's own origin in the browser. */
  siteUrl: string
}

/**
 * JSON for a <script type="application/ld+json"> block: `<` is escaped so that text from the
 * database (a firm's name or description) can never close the script element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

/** The absolute URL of `pathname` on the site (the canonical address of a public page). */
export function useCanonicalUrl(): string {
  const root = useRouteLoaderData('root') as RootData | undefined
  const { pathname } = useLocation()
  const siteUrl = root?.siteUrl ?? ''
  return `${siteUrl}${pathname}`
}

/**
 * Title and description of a page of the signed-in app. React places them in <head> (and takes
 * them out again when the page goes).
 */
export function PageTitle({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{documentTitle(title)}</title>
      <meta name="description" content={description} />
    </>
  )
}

/**
 * The head of a public page: title, description, canonical URL (the path without its query, so a
 * filtered marketplace is the marketplace, plus `canonicalSearch` when a query names a page of its
 * own, such as the marketplace's ?page=2), Open Graph and Twitter card, and optionally a
 * schema.org JSON-LD block. Rendered by the server into <head> (entry-server.tsx), so search
 * engines and link previews see them without running JavaScript; the browser keeps them up to date
 * when the page changes.
 */
export function PublicPageMeta({
  title,
  description,
  type = 'website',
  structuredData,
  canonicalSearch = '',
}: {
  title: string
  description: string
  /** Query string ('?page=2') kept in the canonical URL; '' for none. */
  canonicalSearch?: string
  /** Open Graph type: 'website', or 'profile' for a professional's page. */
  type?: 'website' | 'profile'
  /** A schema.org object (e.g. a LocalBusiness), written as JSON-LD. */
  structuredData?: Record<string, unknown>
}) {
  const url = useCanonicalUrl() + canonicalSearch
  const full = documentTitle(title)
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content="en_GB" />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={full} />
      <meta name="twitter:description" content={description} />
      {structuredData && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(structuredData) }} />
      )}
    </>
  )
}
