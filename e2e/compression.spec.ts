/**
 * Compression on the real server: the server Playwright starts is `npm start`'s (scripts/start.mjs:
 * the Vite build served by src/server/app.ts), not the benchmark's stand-in. Built assets come back
 * gzipped or brotli-compressed when asked, byte-identical once decoded, and the JavaScript the
 * landing page downloads stays within 90 KB gzipped.
 */
import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

const JS_BUDGET_BYTES = 90 * 1024

/** GET without any automatic decoding: the bytes exactly as they went over the wire. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The scripts a fresh visit to `path` downloads, as absolute URLs. */
async function scriptsOf(page: import('@playwright/test').Page, path: string) {
  const scripts = new Set<string>()
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(req.url())
  })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  return [...scripts]
}

test('every /assets/*.js of the landing page is gzipped when asked, and decodes to the same bytes', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/')
  expect(scripts.length).toBeGreaterThan(0)
  for (const url of scripts) {
    expect(new URL(url).pathname).toMatch(/^\/assets\/.+\.js$/)
    const plain = await rawGet(url, 'identity')
    const gz = await rawGet(url, 'gzip')
    const br = await rawGet(url, 'gzip, deflate, br')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/accept-encoding/i)
    expect(gz.headers['content-type']).toMatch(/^text\/javascript/)
    expect(gz.headers['cache-control']).toContain('immutable')
    expect(br.headers['content-encoding']).toBe('br')
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    if (plain.body.length > 2048) expect(gz.body.length).toBeLessThan(plain.body.length / 2)
  }
})

test('the landing page downloads at most 90 KB of JavaScript, gzipped, from the real server', async ({ page }) => {
  const scripts = await scriptsOf(page, '/')
  let total = 0
  for (const url of scripts) {
    const gz = await rawGet(url, 'gzip')
    expect(gz.status).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
    total += gz.body.length
  }
  test.info().annotations.push({ type: 'js-gzipped', description: `${(total / 1024).toFixed(1)} KB` })
  expect(total).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES)
})

test('HTML and API JSON are gzipped when asked, and only then', async ({ baseURL }) => {
  const html = await rawGet(`${baseURL}/`, 'gzip')
  expect(html.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(html.body).toString()).toContain('<div id="root">')

  const openapi = await rawGet(`${baseURL}/api/openapi.json`, 'gzip')
  expect(openapi.headers['content-encoding']).toBe('gzip')
  expect(JSON.parse(gunzipSync(openapi.body).toString()).openapi).toBe('3.0.3')

  const plain = await rawGet(`${baseURL}/api/openapi.json`, 'identity')
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(JSON.parse(plain.body.toString()).openapi).toBe('3.0.3')
})
