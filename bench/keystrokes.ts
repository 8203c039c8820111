/**
 * Keystroke timing in a real page, for the filters that must answer within one frame (16 ms): the
 * marketplace's search (bench/web.bench.ts) and the cases board's (bench/cases-board.bench.ts).
 * `probeKeystrokes` installs, in the page, a listener that records for every keydown on `input` the
 * time to the next painted frame, and, when `results` (an element showing the result count)
 * changes, the time from the last keydown to the frame that shows it (rAF then a task runs just
 * after that frame is produced). Event Timing is not used: it only reports interactions slower than
 * 16 ms, which would hide the fast ones. `typeWords` types each word a letter at a time, then
 * deletes it, pausing `pauseMs` between keys. Times are in milliseconds.
 */
import type { Page } from '@playwright/test'

export const FRAME_MS = 16

export interface KeystrokeTimes {
  nextPaint: number[]
  results: number[]
}

export async function probeKeystrokes(page: Page, input: string, results: string): Promise<void> {
  // Plain script text: tsx would otherwise wrap the functions in helpers the page does not have.
  await page.evaluate(`(() => {
    const keys = { nextPaint: [], results: [] }
    window.__keys = keys
    let t0 = 0
    function afterPaint(done) { requestAnimationFrame(function () { setTimeout(function () { done(performance.now()) }) }) }
    document.querySelector(${JSON.stringify(input)}).addEventListener('keydown', function (e) {
      t0 = e.timeStamp
      afterPaint(function (t) { keys.nextPaint.push(t - t0) })
    }, { capture: true })
    new MutationObserver(function () {
      const start = t0
      afterPaint(function (t) { keys.results.push(t - start) })
    }).observe(document.querySelector(${JSON.stringify(results)}), { childList: true, characterData: true, subtree: true })
  })()`)
}

export async function typeWords(page: Page, words: string[], pauseMs: number): Promise<KeystrokeTimes> {
  for (const word of words) {
    for (const ch of word) {
      await page.keyboard.type(ch)
      await page.waitForTimeout(pauseMs)
    }
    for (let i = 0; i < word.length; i++) {
      await page.keyboard.press('Backspace')
      await page.waitForTimeout(pauseMs)
    }
  }
  await page.waitForTimeout(500)
  return page.evaluate(() => (window as unknown as { __keys: KeystrokeTimes }).__keys)
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)

/** Lines summarising the times: samples, median, p95 and max of each, and the share within a frame. */
export function keystrokeSummary(keys: KeystrokeTimes): string[] {
  const show = (label: string, xs: number[]) => {
    const s = sorted(xs)
    const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
    return `${label}: ${xs.length} samples, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`
  }
  const within = keys.nextPaint.filter((x) => x <= FRAME_MS).length
  return [
    show('keydown to next frame     ', keys.nextPaint),
    show('keydown to updated results', keys.results),
    `${within} of ${keys.nextPaint.length} keystrokes painted within one frame (${FRAME_MS} ms)`,
  ]
}
