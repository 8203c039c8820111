import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './sitemap'

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false }).parse(xml)

describe('sitemap.xml', () => {
  it('is valid XML: a sitemaps.org urlset with a loc per page and lastmod where known', () => {
    const xml = sitemapXml([
      { loc: 'https://homeward.example/' },
      { loc: 'https://homeward.example/marketplace/abc', lastmod: '2025-03-01T10:00:00.000Z' },
    ])
    expect(XMLValidator.validate(xml)).toBe(true)
    const doc = parse(xml)
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(doc.urlset.url).toEqual([
      { loc: 'https://homeward.example/' },
      { loc: 'https://homeward.example/marketplace/abc', lastmod: '2025-03-01T10:00:00.000Z' },
    ])
  })

  it("escapes XML's special characters in addresses", () => {
    const loc = `https://homeward.example/marketplace?q=a&b<c>'d"`
    const xml = sitemapXml([{ loc }])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(xml).toContain('q=a&amp;b&lt;c&gt;&apos;d&quot;')
    expect(parse(xml).urlset.url.loc).toBe(loc)
  })

  it('refuses more URLs than one sitemap may hold', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `https://h.example/${i}` }))
    expect(() => sitemapXml(entries)).toThrow(/at most 50000 URLs/)
  })
})

describe('robots.txt', () => {
  it('lets the public site be crawled, not the signed-in app, and names the sitemap', () => {
    const text = robotsTxt('https://homeward.example')
    expect(text).toMatch(/^User-agent: \*$/m)
    for (const path of ['/app', '/auth', '/invite', '/join', '/reset-password', '/verify-email']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toMatch(/^Sitemap: https:\/\/homeward\.example\/sitemap\.xml$/m)
  })
})
