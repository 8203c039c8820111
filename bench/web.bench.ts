/**
 * `npm run bench:web`: the public web app's budgets, measured (a benchmark, not a test).
 *
 *  1. JavaScript each public page downloads (every public page and the first profile in the
 *     sitemap), as the real server sends it (gzip and brotli; budget for /: JS_BUDGET_KB gzipped),
 *     and that no public page downloads the signed-in app's route chunks; for a page that starts
 *     the app at the reader's first sign of use (the marketplace, decision 042), also what it has
 *     downloaded once live (after a key press).
 *  2. Marketplace re-filtering at 2,000 organisations (budget: 16 ms per keystroke): the pure
 *     filter in Node, then keystroke-to-paint in Chromium on the real page.
 *  3. Lighthouse, mobile preset, median of 3 runs on the same pages (budgets:
 *     performance >= 95, accessibility 100, best practices >= 95, SEO >= 95; LCP <= 1.5 s), when the
 *     `lighthouse` package can be run (`npx lighthouse@12.8.2`, the last release for Node 20). Each
 *     row also shows the document's observed server response time, which the simulated LCP starts
 *     from, and the LCP element.
 *
 * Parts 1 and 3 run against the real server, started as `npm start` does (scripts/start.mjs: a
 * production build in dist/web when the sources changed, then src/server/main.ts with its
 * compression) on a fresh embedded database with the demo data. Part 2b needs 2,000 organisations,
 * more than the demo directory holds, so it serves the same dist/web from bench/web.serve.ts with
 * generated directory data. Options (env): BENCH_ONLY (a comma list of js, filter, keys,
 * lighthouse), BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_RUNS (3), CHROME_PATH (/usr/bin/chromium),
 * BENCH_PORT (3814), BENCH_PAGES (a comma list of paths to measure, 'profile' for the first profile),
 * BENCH_LIGHTHOUSE_BASELINE (another build's server to compare with, run by run: see measureLighthouse).
 */
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { FRAME_MS, keystrokeSummary, probeKeystrokes, typeWords } from './keystrokes'
import type { DirectoryOrganization } from '../src/shared/contracts/directory'
import { filterOrganizations, type MarketplaceFilters } from '../src/web/features/marketplace/filter'
import { startServer } from './bench-server'
import { createDirectory } from '../src/web/features/marketplace/organization-factory'
import { serveBuild } from './web.serve'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'dist/web')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
]
const JS_BUDGET_KB = 60

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]
const line = (text = '') => process.stdout.write(`${text}\n`)

/** Starts `npm start`'s server (build if needed, then main.ts) on a fresh data dir; resolves when healthy. */
async function startRealServer() {
  const port = Number(process.env.BENCH_PORT ?? 3814)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hw-bench-web-'))
  const server = startServer({ port, script: 'start', pollMs: 200, env: { DATA_DIR: dataDir, SEED_DEMO: 'true' } })
  const readyMs = await server.ready
  line(`Real server (scripts/start.mjs, PGlite, demo data) ready at ${server.url} in ${readyMs} ms`)
  return {
    url: server.url,
    close: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Bytes of `url` as sent over the wire for this Accept-Encoding (no decoding), and the encoding used. */
function wireSize(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/** Organisations with the profile fields the profile route expects. */
function apiStub(directory: DirectoryOrganization[]) {
  return (pathname: string): [number, unknown] | null => {
    if (pathname === '/api/organizations') return [200, { organizations: directory }]
    if (pathname === '/api/me') return [401, { error: { code: 'unauthenticated', message: 'Sign in' } }]
    const match = pathname.match(/^\/api\/organizations\/(.+)$/)
    const org = match && directory.find((o) => o.id === match[1])
    if (org) return [200, { ...org, reviews: [] }]
    return null
  }
}

/** Every public page (spec: Screens and routes), and the first professional profile the sitemap lists. */
async function publicPages(baseUrl: string): Promise<string[]> {
  const pages = [
    '/',
    '/buyers',
    '/sellers',
    '/professionals/conveyancers',
    '/professionals/surveyors',
    '/professionals/brokers',
    '/professionals/agents',
    '/help',
    '/privacy',
    '/terms',
    '/cookies',
    '/pricing',
    '/marketplace',
    '/marketplace?page=2',
  ]
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const profile = /<loc>[^<]*?(\/marketplace\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  const all = profile ? [...pages, profile] : pages
  // BENCH_PAGES: only these (a comma list of paths; 'profile' for the profile).
  const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim())
  return only ? all.filter((p) => only.includes(p) || (p === profile && only.includes('profile'))) : all
}

/** Bytes on the wire of `scripts` (paths on `baseUrl`): raw, gzip and brotli, and the encodings served. */
async function sizeScripts(baseUrl: string, scripts: Iterable<string>) {
  let raw = 0
  let gz = 0
  let br = 0
  const encodings = new Set<string>()
  for (const s of scripts) {
    raw += (await wireSize(baseUrl + s, 'identity')).bytes
    const g = await wireSize(baseUrl + s, 'gzip')
    const b = await wireSize(baseUrl + s, 'br')
    encodings.add(`${g.encoding}/${b.encoding}`)
    gz += g.bytes
    br += b.bytes
  }
  return { raw, gz, br, encodings }
}

/** The size columns of a row of part 1. */
function sizeColumns({ raw, gz, br, encodings }: Awaited<ReturnType<typeof sizeScripts>>): string {
  return (
    `${kb(raw).padStart(9)} raw  ${kb(gz).padStart(8)} gzip  ${kb(br).padStart(8)} brotli` +
    (encodings.size === 1 && encodings.has('gzip/br') ? '' : `  (encodings served: ${[...encodings].join(', ')})`)
  )
}

async function measureDownloads(baseUrl: string) {
  line('\n1. JavaScript downloaded per page, as the real server sends it (bytes on the wire)')
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS })
  const results: Record<string, number> = {}
  let ok = true
  for (const page of await publicPages(baseUrl)) {
    const context = await browser.newContext()
    const tab = await context.newPage()
    const scripts = new Set<string>()
    tab.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname)
    })
    await tab.goto(baseUrl + page, { waitUntil: 'networkidle' })
    await tab.waitForTimeout(500)
    const sized = await sizeScripts(baseUrl, scripts)
    const appChunks = [...scripts].filter((s) => /\/(app-auth|app-home|app-transaction|app-invite)-/.test(s))
    if (appChunks.length) ok = false
    results[page] = sized.gz
    line(
      `   ${page.padEnd(19)} ${String(scripts.size).padStart(2)} files  ${sizeColumns(sized)}` +
        (appChunks.length ? `  SIGNED-IN APP CODE: ${appChunks.join(', ')}` : ''),
    )
    // A page that starts the app at the reader's first sign of use (decision 042): what it downloads then.
    if (await tab.locator('#root[data-hydrate="on-intent"]').count()) {
      await tab.keyboard.press('Shift')
      await tab.locator('html[data-live]').waitFor({ state: 'attached' })
      await tab.waitForLoadState('networkidle')
      const live = await sizeScripts(baseUrl, scripts)
      line(`   ${'  once live'.padEnd(19)} ${String(scripts.size).padStart(2)} files  ${sizeColumns(live)}`)
    }
    await context.close()
  }
  await browser.close()
  const verdict = results['/'] <= JS_BUDGET_KB * 1024 ? 'within' : 'OVER'
  line(`   / downloads ${kb(results['/'])} gzipped: ${verdict} the ${JS_BUDGET_KB} KB budget`)
  line(`   public pages downloading signed-in app chunks: ${ok ? 'none' : 'SOME (see above)'}`)
}

function measureFilterInNode(directory: DirectoryOrganization[]) {
  line(`\n2a. filterOrganizations on ${directory.length} organisations (Node, pure function)`)
  const keystrokes = ['b', 'br', 'bri', 'bris', 'brist', 'bristo', 'bristol', 'bristo', 'brist', 'ls1', 'harrison']
  const combos: Array<Partial<MarketplaceFilters>> = [
    {},
    { type: 'law' },
    { tier: 'gold' },
    { type: 'survey', tier: 'silver' },
  ]
  const times: number[] = []
  for (let round = 0; round < 30; round++) {
    for (const combo of combos) {
      for (const search of keystrokes) {
        const t0 = performance.now()
        filterOrganizations(directory, { search, type: 'all', tier: 'all', ...combo })
        times.push(performance.now() - t0)
      }
    }
  }
  const warm = times.slice(combos.length * keystrokes.length)
  line(
    `   ${warm.length} runs: median ${median(warm).toFixed(3)} ms, p95 ${pct(warm, 0.95).toFixed(3)} ms, max ${Math.max(...warm).toFixed(3)} ms (budget ${FRAME_MS} ms)`,
  )
}

async function measureKeystrokes(baseUrl: string, count: number) {
  line(`\n2b. Keystroke on /marketplace with ${count} organisations, in Chromium (no CPU throttling)`)
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${baseUrl}/marketplace`, { waitUntil: 'networkidle' })
  await page.getByTestId('organization-card').first().waitFor()
  await probeKeystrokes(page, 'input[type="search"]', '[data-testid="result-count"]')
  await page.getByRole('searchbox').click()
  const keys = await typeWords(page, ['bristol', 'leeds', 'harrison', 'cf10', 'surveyors'], 150)
  await browser.close()
  for (const l of keystrokeSummary(keys)) line(`   ${l}`)
}

/** Runs a command without blocking the event loop (the static server answers from this process). */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeout: number) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(cmd, args, { env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    )
  })
}

/** The largest contentful paint's element as Lighthouse names it (tag and last selector part), or '?'. */
function lcpElement(lhr: {
  audits: Record<string, { details?: { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } }>
}): string {
  const selector = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector
  return selector ? (selector.split(' > ').pop() ?? selector) : '?'
}

function lighthouseAvailable(): boolean {
  const res = spawnSync('npx', ['--yes', 'lighthouse@12.8.2', '--version'], { encoding: 'utf8', timeout: 300_000 })
  return res.status === 0
}

interface LighthouseRun {
  scores: number[]
  lcp: number
  tbt: number
  cls: number
  server: number
  element: string
}

/** One Lighthouse run (mobile preset) of `url`, its report in `file`; null (and a line) when it failed. */
async function lighthouseOnce(url: string, file: string): Promise<LighthouseRun | null> {
  const res = await run(
    'npx',
    [
      '--yes',
      'lighthouse@12.8.2',
      url,
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=--headless=new ${CHROME_ARGS.join(' ')}`,
    ],
    { ...process.env, CHROME_PATH: CHROME },
    180_000,
  )
  if (res.status !== 0 || !existsSync(file)) {
    const output = `${res.stderr}\n${res.stdout}`.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'))
    line(`   ${url}: lighthouse failed (exit ${res.status}): ${output.slice(-3).join(' | ')}`)
    return null
  }
  const lhr = JSON.parse(readFileSync(file, 'utf8'))
  const c = lhr.categories
  return {
    scores: ['performance', 'accessibility', 'best-practices', 'seo'].map((k) => Math.round(c[k].score * 100)),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    // The document's observed response time: the simulated LCP starts from it.
    server: lhr.audits['server-response-time']?.numericValue ?? NaN,
    element: lcpElement(lhr),
  }
}

/** One row of medians over `reports`, labelled `label`. */
function lighthouseRow(label: string, reports: LighthouseRun[]) {
  const m = (f: (r: LighthouseRun) => number) => median(reports.map(f))
  line(
    `   ${label.padEnd(19)} ${[0, 1, 2, 3].map((i) => String(m((r) => r.scores[i])).padStart(4)).join('  ')}  ` +
      `${(m((r) => r.lcp) / 1000).toFixed(2)} s  ${Math.round(m((r) => r.tbt))} ms  ${m((r) => r.cls).toFixed(3)}  ` +
      `${String(Math.round(m((r) => r.server))).padStart(4)} ms  ${[...new Set(reports.map((r) => r.element))].join(' / ')}`,
  )
}

/**
 * Part 3. With BENCH_LIGHTHOUSE_BASELINE (the address of another build's server, e.g. an earlier
 * commit's `npm start` on another port), each page is also measured there, alternating with the
 * app run by run (baseline first in even runs), and a 'baseline' row and the ratio of the total
 * blocking times follow the page's row: a comparison the machine's speed cannot move, where the
 * absolute scores of a slow or busy machine can.
 */
async function measureLighthouse(baseUrl: string) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
  const baseline = process.env.BENCH_LIGHTHOUSE_BASELINE?.replace(/\/+$/, '')
  line(
    `\n3. Lighthouse 12.8.2, mobile preset, median of ${runs} runs${baseline ? `, alternating with ${baseline}` : ''}`,
  )
  if (process.env.BENCH_SKIP_LIGHTHOUSE) return line('   skipped (BENCH_SKIP_LIGHTHOUSE)')
  if (!existsSync(CHROME)) return line(`   skipped: no Chromium at ${CHROME}`)
  if (!lighthouseAvailable()) return line('   skipped: `npx lighthouse@12.8.2` could not be installed or run here')
  const dir = path.join(root, '.tmp/bench-lighthouse')
  mkdirSync(dir, { recursive: true })
  line(`   ${'page'.padEnd(19)} perf  a11y  best  seo   LCP     TBT     CLS    server  LCP element`)
  const loads: number[] = []
  for (const page of await publicPages(baseUrl)) {
    const reports: LighthouseRun[] = []
    const baselineReports: LighthouseRun[] = []
    for (let i = 0; i < runs; i++) {
      const name = page.replace(/\W/g, '_') || 'root'
      const order = baseline && i % 2 === 0 ? ['baseline', 'app'] : ['app', 'baseline']
      for (const which of order) {
        if (which === 'baseline' && !baseline) continue
        const report = await lighthouseOnce(
          (which === 'app' ? baseUrl : baseline) + page,
          path.join(dir, `lh-${which === 'app' ? '' : 'baseline-'}${name}-${i}.json`),
        )
        loads.push(os.loadavg()[0])
        if (report) (which === 'app' ? reports : baselineReports).push(report)
      }
    }
    if (reports.length) lighthouseRow(page, reports)
    if (baselineReports.length) {
      lighthouseRow('  baseline', baselineReports)
      if (reports.length) {
        const ratio = median(reports.map((r) => r.tbt)) / Math.max(1, median(baselineReports.map((r) => r.tbt)))
        line(`   ${''.padEnd(19)} total blocking time, app / baseline: ${ratio.toFixed(2)}`)
      }
    }
  }
  if (loads.length)
    line(`   load average during the runs: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`)
  line(`   reports: ${path.relative(root, dir)}/`)
}

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wanted = (part: string) => !only || only.includes(part)

async function main() {
  const large = createDirectory(2000)
  const real = wanted('js') || wanted('lighthouse') ? await startRealServer() : null
  try {
    if (real && wanted('js')) await measureDownloads(real.url)
    if (wanted('filter')) measureFilterInNode(large)
    if (wanted('keys')) {
      if (!existsSync(path.join(outDir, 'index.html'))) throw new Error('dist/web is not built: run `npm run build`')
      const big = await serveBuild({ dir: outDir, apiStub: apiStub(large) })
      try {
        await measureKeystrokes(big.url, large.length)
      } finally {
        await big.close()
      }
    }
    if (real && wanted('lighthouse')) await measureLighthouse(real.url)
  } finally {
    await real?.close()
  }
}

await main()
