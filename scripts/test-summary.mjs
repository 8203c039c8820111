// Prints one line "tests: N passed, N failed[, N skipped][; e2e retried: N (N passed on the retry)]"
// from vitest's and Playwright's JSON reports, preceded by the name, file and first error line of every
// failed (and every flaky) test, so that the end of a CI log says what broke, and by the slowest files
// of each report (wall seconds, retries included), so that the log also says where CI's time went.
// The retry count (with a Playwright report only) is every e2e test that ran more than once: CI
// retries a failed journey once (playwright.config.ts), and one that passes on its retry counts as
// passed, so without the count a flake would be absorbed unseen. Exits 1 when a report is missing or
// no test ran at all; a flaky test alone does not fail it.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = false
/** Playwright tests that ran more than once (null without a Playwright report), and those that then passed. */
let retried = null
let passedOnRetry = 0
/** Lines naming failed or flaky tests: "FAILED <file> › <name>: <first error line>". */
const problems = []

/** Seconds per test file, per report: { label, files: Map<file, seconds> }. */
const timings = []

/** ANSI colour codes (ESC [ … m), which vitest and Playwright put into error messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** First non-empty line of an error text, without ANSI colours, at most 300 characters. */
function firstLine(text) {
  const clean = String(text ?? '').replace(ANSI_COLOUR, '')
  const line = clean.split('\n').find((l) => l.trim() !== '') ?? ''
  return line.trim().slice(0, 300)
}

/** Walks Playwright's nested suites, calling `visit(spec, titles)` for every spec. */
function eachSpec(suites, titles, visit) {
  for (const suite of suites ?? []) {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) visit(spec, path)
    eachSpec(suite.suites, path, visit)
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    process.stderr.write(`missing test report: ${file}\n`)
    missing = true
    continue
  }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  if (r.stats && 'expected' in r.stats) {
    // Playwright
    const files = new Map()
    timings.push({ label: 'Playwright (per file, summed over its tests and retries)', files })
    retried ??= 0
    passed += r.stats.expected + (r.stats.flaky ?? 0)
    failed += r.stats.unexpected
    skipped += r.stats.skipped
    eachSpec(r.suites, [], (spec, titles) => {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0) / 1000
        const key = `${spec.file} [${test.projectName}]`
        files.set(key, (files.get(key) ?? 0) + seconds)
        const runs = (test.results ?? []).length
        if (runs > 1) retried++
        if (test.status === 'flaky') passedOnRetry++
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue
        const error = (test.results ?? []).map((res) => res.error?.message).find(Boolean)
        const label = test.status === 'flaky' ? 'FLAKY' : 'FAILED'
        const name = [...titles, spec.title].join(' › ')
        const tries = runs > 1 ? ` (${runs} runs)` : ''
        problems.push(`${label} ${spec.file}:${spec.line} [${test.projectName}] › ${name}${tries}: ${firstLine(error)}`)
      }
    })
  } else {
    // vitest (Jest-compatible JSON)
    const files = new Map()
    timings.push({ label: `vitest ${file} (per file)`, files })
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
    for (const fileResult of r.testResults ?? []) {
      const where = String(fileResult.name ?? '').replace(`${process.cwd()}/`, '')
      if (fileResult.endTime && fileResult.startTime)
        files.set(where, (fileResult.endTime - fileResult.startTime) / 1000)
      const failedTests = (fileResult.assertionResults ?? []).filter((a) => a.status === 'failed')
      for (const a of failedTests) {
        problems.push(`FAILED ${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
      }
      // A file that failed before any test ran (an import error, a hook) has no failed assertion.
      if (fileResult.status === 'failed' && failedTests.length === 0) {
        problems.push(`FAILED ${where}: ${firstLine(fileResult.message)}`)
      }
    }
  }
}
for (const { label, files } of timings) {
  const sorted = [...files.entries()].sort((a, b) => b[1] - a[1])
  const total = sorted.reduce((sum, [, seconds]) => sum + seconds, 0)
  process.stdout.write(`slowest of ${sorted.length} files, ${label}; all together ${total.toFixed(0)} s:\n`)
  for (const [where, seconds] of sorted.slice(0, 12))
    process.stdout.write(`  ${seconds.toFixed(1).padStart(7)} s  ${where}\n`)
}
for (const line of problems) process.stdout.write(`${line}\n`)
const retries = retried === null ? '' : `; e2e retried: ${retried} (${passedOnRetry} passed on the retry)`
process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${retries}\n`)
process.exit(missing || failed > 0 || passed === 0 ? 1 : 0)
