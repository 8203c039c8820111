// Prints one line "tests: N passed, N failed[, N skipped]" from vitest's and Playwright's JSON reports.
// Exits 1 when a report is missing or no test ran at all.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = false
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    process.stderr.write(`missing test report: ${file}\n`)
    missing = true
    continue
  }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  if (r.stats && 'expected' in r.stats) {
    // Playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0)
    failed += r.stats.unexpected
    skipped += r.stats.skipped
  } else {
    // vitest (Jest-compatible JSON)
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`)
process.exit(missing || failed > 0 || passed === 0 ? 1 : 0)
