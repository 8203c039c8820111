/**
 * The sitemap (sitemaps.org protocol 0.9): a <urlset> of <url> entries, each an absolute <loc> with
 * an optional <lastmod> (W3C datetime). One file holds at most 50,000 URLs.
 */

/** One page in the sitemap. */
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string
  /** When the page last changed (ISO 8601), when known. */
  lastmod?: string
}

/** At most this many URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** `text` with XML's five special characters escaped. */
function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch])
}

/** The sitemap XML of `entries`; throws when there are more than SITEMAP_MAX_URLS. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  if (entries.length > SITEMAP_MAX_URLS) {
    throw new Error(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs; split it with a sitemap index.`)
  }
  const urls = entries.map(
    (e) =>
      `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}</url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: everything public may be crawled, the signed-in app may not, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app',
    'Disallow: /auth',
    'Disallow: /invite',
    'Disallow: /join',
    'Disallow: /reset-password',
    'Disallow: /verify-email',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
