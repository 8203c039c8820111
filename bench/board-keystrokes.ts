/**
 * The cases board's search, per keystroke, over the 100 rows a fee earner's board loads (issue 13's
 * budget: one frame, 16 ms, per keystroke), for bench/api.bench.ts (`npm run bench`) and
 * bench/cases-board.bench.ts. Two measures:
 * - the browser filter itself (src/web/features/cases/filter-rows.ts) in Node, on the rows the app
 *   served, for every prefix of the typed words: what the page runs between a keystroke and its render;
 * - in headless Chromium (/usr/bin/chromium-headless-shell with the e2e's launch arguments from
 *   playwright.config.ts, no CPU throttling), signed in as the fee earner on /app/cases: from each
 *   keydown to the next painted frame, and to the frame that shows the narrowed rows' count
 *   (bench/keystrokes.ts). The words are typed with short pauses, so the text stays out of the URL
 *   (it goes there after 400 ms of quiet) and what is timed is the browser's own filtering.
 * Env: CHROME_PATH overrides the browser. Times in milliseconds.
 */
import { chromium } from '@playwright/test'
import { get } from 'node:http'
import { loadavg } from 'node:os'
import type { BoardResponse } from '../src/shared/contracts/firms'
import { filterBoardRows } from '../src/web/features/cases/filter-rows'
import { CHROMIUM_ARGS } from '../playwright.config'
import { FRAME_MS, keystrokeSummary, probeKeystrokes, typeWords } from './keystrokes'

const WORDS = ['board', 'al5 3', 'client 4', 'lane', 'client 99']

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]
}

/** Both measures, as lines to print. */
export async function measureBoardKeystrokes(baseUrl: string, cookie: string): Promise<string[]> {
  const out: string[] = []
  // On a fresh connection (node:http, no agent): fetch's pool may hold a socket from the warm-up that
  // the server has closed since, and a write to it fails.
  const body = await new Promise<BoardResponse>((resolve, reject) => {
    get(`${baseUrl}/api/cases`, { headers: { cookie }, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        try {
          resolve(JSON.parse(text) as BoardResponse)
        } catch (err) {
          reject(err as Error)
        }
      })
    }).on('error', reject)
  })
  const prefixes = WORDS.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)))
  const node: number[] = []
  for (let round = 0; round < 50; round++) {
    // Fresh row objects each round, as a new page of the board would be: the lower-cased text is
    // cached per row, so the first keystroke over a page pays for it.
    const rows = body.rows.map((r) => ({ ...r }))
    for (const p of prefixes) {
      const t0 = performance.now()
      filterBoardRows(rows, p)
      node.push(performance.now() - t0)
    }
  }
  out.push(
    `Cases board search over ${body.rows.length} rows, load average ${load()}:`,
    `  filterBoardRows in Node: ${node.length} keystrokes, median ${percentile(node, 0.5).toFixed(3)} ms, ` +
      `p99 ${percentile(node, 0.99).toFixed(3)} ms, max ${Math.max(...node).toFixed(3)} ms`,
  )

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell',
    args: CHROMIUM_ARGS,
    env: { ...process.env, LANG: 'en_GB.UTF-8', LANGUAGE: 'en_GB' },
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const eq = cookie.indexOf('=')
    await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: baseUrl }])
    const page = await context.newPage()
    await page.goto(`${baseUrl}/app/cases`)
    await page.getByTestId('case-row').first().waitFor({ timeout: 60_000 })
    const rows = await page.getByTestId('case-row').count()
    await probeKeystrokes(page, '#cases-q', '[data-testid="cases-shown"]')
    await page.locator('#cases-q').click()
    const keys = await typeWords(page, WORDS, 120)
    out.push(`  Chromium (headless shell, no CPU throttling) over ${rows} rows, load average ${load()}:`)
    for (const l of keystrokeSummary(keys)) out.push(`    ${l}`)
    out.push(`    budget: ${FRAME_MS} ms per keystroke`)
  } finally {
    await browser.close()
  }
  return out
}
