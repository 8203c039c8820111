/**
 * The public pages come from the server complete: each answers its own heading,
 * title, description, canonical URL and Open Graph tags in the HTML, before and without any
 * JavaScript; a profile carries schema.org LocalBusiness data; unknown addresses are 404; old ones
 * are moved permanently; /sitemap.xml lists every public page and every professional. With
 * JavaScript, the pages hydrate without a console error.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { expect, test, type Browser } from '@playwright/test'
import type { DirectoryOrganization, DirectoryResponse } from '../src/shared/contracts/directory'
import { countLabel, filterOrganizations } from '../src/web/features/marketplace/filter'
import { PAGE_SIZE, pageCount } from '../src/web/features/marketplace/result-page'
import { PUBLIC_PAGES, watchConsole } from './public-helpers'

const PORT = Number(process.env.E2E_PORT ?? 3100)
// The e2e server has no PUBLIC_URL: the site's address is then http://localhost:PORT.
const SITE = `http://localhost:${PORT}`

let directory: DirectoryOrganization[] = []
test.beforeAll(async ({ request }) => {
  directory = ((await (await request.get('/api/organizations')).json()) as DirectoryResponse).organizations
  expect(directory.length).toBeGreaterThan(250)
})

/** A page with JavaScript turned off: what a crawler or a link preview sees. */
async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE })
  return { page: await context.newPage(), close: () => context.close() }
}

/** The <head> of an HTML document, as text. */
function headOf(html: string): string {
  return /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
}

test('every public page and a profile answer in full: heading, title, description, canonical, Open Graph', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const org = directory.find((o) => o.marketplace_reviews.length > 0)!
  const pages = [...PUBLIC_PAGES, { path: `/marketplace/${org.id}`, h1: org.name }]
  const { page, close } = await withoutJavaScript(browser)
  const titles = new Set<string>()
  for (const { path, h1 } of pages) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^text\/html/)
    const head = headOf(await res.text())
    expect(head, path).toMatch(/<title>[^<]*Homeward[^<]*<\/title>/)
    expect(head, path).toContain('<meta name="description" content="')
    expect(head, path).toContain(`<link rel="canonical" href="${SITE}${path}"/>`)

    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1)
    const title = await page.title()
    expect(titles.has(title), `${path} repeats a title`).toBe(false)
    titles.add(title)
    const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content')
    expect((await meta('meta[name="description"]'))?.length ?? 0, path).toBeGreaterThan(50)
    expect(await meta('meta[property="og:title"]')).toBe(title)
    expect(await meta('meta[property="og:url"]')).toBe(`${SITE}${path}`)
    expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'))
    expect(await meta('meta[name="twitter:card"]')).toBe('summary')
    expect(await page.locator('head title').count()).toBe(1)
  }
  await close()
})

test("a profile carries the firm's schema.org data: its LocalBusiness type, address and rating", async ({
  browser,
}) => {
  const org = directory.find((o) => o.type === 'law' && o.marketplace_reviews.length > 1 && o.town)!
  const { page, close } = await withoutJavaScript(browser)
  await page.goto(`/marketplace/${org.id}`)
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(blocks).toHaveLength(1)
  const data = JSON.parse(blocks[0])
  const ratings = org.marketplace_reviews.map((r) => r.rating_int)
  const mean = (Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10).toFixed(1)
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    name: org.name,
    url: `${SITE}/marketplace/${org.id}`,
    address: { '@type': 'PostalAddress', addressLocality: org.town, addressCountry: 'GB' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: mean, reviewCount: ratings.length },
  })
  await close()
})

test('the marketplace renders the filters of its URL on the server, a first page of them', async ({ browser }) => {
  const { page, close } = await withoutJavaScript(browser)
  await page.goto('/marketplace?type=law&tier=gold')
  const want = filterOrganizations(directory, { search: '', type: 'law', tier: 'gold' })
  expect(want.length).toBeGreaterThan(PAGE_SIZE)
  await expect(page.getByTestId('result-count')).toHaveText(countLabel(want.length))
  await expect(page.getByRole('combobox', { name: 'Type' }).locator('option:checked')).toHaveText('Conveyancers')
  await expect(page.getByRole('combobox', { name: 'Tier' }).locator('option:checked')).toHaveText('Gold & Above')
  const cards = page.getByTestId('organization-card')
  await expect(cards).toHaveCount(Math.min(PAGE_SIZE, want.length))
  await expect(cards.getByRole('heading')).toHaveText(want.slice(0, PAGE_SIZE).map((o) => o.name))

  // Another page of the same results, by its link, still without JavaScript.
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/marketplace\?type=law&tier=gold&page=2$/)
  await expect(cards.getByRole('heading')).toHaveText(want.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((o) => o.name))
  await close()
})

test('following Next from the first marketplace page reaches every profile, each page its own canonical', async ({
  request,
}) => {
  const linked = new Set<string>()
  let path: string | undefined = '/marketplace'
  let pages = 0
  while (path) {
    const html = await (await request.get(path)).text()
    pages += 1
    expect(headOf(html)).toContain(
      `<link rel="canonical" href="${SITE}${pages > 1 ? `/marketplace?page=${pages}` : '/marketplace'}"/>`,
    )
    for (const [, id] of html.matchAll(/href="\/marketplace\/([0-9a-f-]{36})"/g)) linked.add(id)
    path = /<a rel="next"[^>]*href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
    expect(pages).toBeLessThanOrEqual(pageCount(directory.length))
  }
  expect(pages).toBe(pageCount(directory.length))
  expect([...linked].sort()).toEqual(directory.map((o) => o.id).sort())
})

test('unknown addresses are 404 with the not-found page; old professional links are moved permanently', async ({
  browser,
  request,
}) => {
  const { page, close } = await withoutJavaScript(browser)
  const unknown = await page.goto('/no-such-page/here')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found')
  const noFirm = await page.goto('/marketplace/00000000-0000-4000-8000-000000000000')
  expect(noFirm?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that professional")
  expect((await page.goto('/marketplace/not-an-id'))?.status()).toBe(404)
  await close()

  const moved = await request.get('/conveyancers', { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe('/professionals/conveyancers')
})

test('the signed-in app is still rendered by the browser, not the server', async ({ request }) => {
  const html = await (await request.get('/app/home')).text()
  expect(html).toMatch(/<div id="root"><!--page-body--><noscript>/)
  expect(html).not.toContain('__staticRouterHydrationData')
})

test('/sitemap.xml is valid XML listing every public page and every professional; robots.txt names it', async ({
  request,
}) => {
  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^application\/xml/)
  const xml = await res.text()
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = new XMLParser({ ignoreAttributes: false }).parse(xml)
  expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  const urls = doc.urlset.url as Array<{ loc: string; lastmod?: string }>
  const locs = new Set(urls.map((u) => u.loc))
  for (const { path } of PUBLIC_PAGES) expect(locs.has(`${SITE}${path}`), path).toBe(true)
  for (const org of directory) expect(locs.has(`${SITE}/marketplace/${org.id}`), org.name).toBe(true)
  expect(urls).toHaveLength(PUBLIC_PAGES.length + directory.length)
  for (const url of urls.filter((u) => u.loc.includes('/marketplace/'))) {
    expect(new Date(url.lastmod!).toISOString()).toBe(url.lastmod)
  }

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
})

test('without JavaScript the search form sends the search with both filters', async ({ browser }) => {
  const { page, close } = await withoutJavaScript(browser)
  await page.goto('/marketplace')
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Surveyors' })
  await page.getByRole('searchbox').fill('a')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  // Without the page's script the defaults go too (tier=all), and read as no filter.
  await expect(page).toHaveURL(/\/marketplace\?q=a&type=survey&tier=all$/)
  const want = filterOrganizations(directory, { search: 'a', type: 'survey', tier: 'all' })
  await expect(page.getByTestId('result-count')).toHaveText(countLabel(want.length))
  await expect(page.getByTestId('organization-card').getByRole('heading')).toHaveText(
    want.slice(0, PAGE_SIZE).map((o) => o.name),
  )
  await close()
})

test('every hydrated public page starts the app at the first sign of use; the 404 page at once', async ({
  request,
}) => {
  const marked = async (path: string) =>
    (await (await request.get(path)).text()).includes('<div id="root" data-hydrate="on-intent">')
  // The landing page is a document of its own, never hydrated (landing.html).
  for (const { path } of PUBLIC_PAGES) expect(await marked(path), path).toBe(path !== '/')
  expect(await marked(`/marketplace/${directory[0].id}`)).toBe(true)
  expect(await marked('/marketplace?page=2')).toBe(true)
  // It logs the attempted path (spec: Screens and routes) with no reader's help.
  expect(await marked('/no-such-page')).toBe(false)
})

test('with JavaScript, every public page hydrates without a console error', async ({ page }) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  for (const { path, h1 } of PUBLIC_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    // The marketplace starts the app at the reader's first sign of use (a key press here); the
    // landing page has no app to start.
    await page.keyboard.press('Shift')
    if (path !== '/') await expect(page.locator('html')).toHaveAttribute('data-live', '')
    await page.waitForLoadState('networkidle')
  }
  console.check()
})
