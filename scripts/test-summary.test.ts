/** scripts/test-summary.mjs, run as CI runs it, on small vitest and Playwright JSON reports. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(os.tmpdir(), 'homeward-test-summary-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function report(name: string, json: unknown): string {
  const file = path.join(dir, name)
  writeFileSync(file, JSON.stringify(json))
  return file
}

function summary(...files: string[]) {
  const res = spawnSync(process.execPath, [path.resolve('scripts/test-summary.mjs'), ...files], { encoding: 'utf8' })
  return { status: res.status, lines: res.stdout.trim().split('\n') }
}

const vitest = report('vitest.json', {
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 1,
  testResults: [
    {
      name: path.resolve('src/a.test.ts'),
      status: 'passed',
      startTime: 0,
      endTime: 1500,
      assertionResults: [{ status: 'passed', fullName: 'a works' }],
    },
  ],
})

/** A Playwright test with one result per run, the last one's status as the test's. */
function e2eTest(status: 'expected' | 'flaky' | 'unexpected' | 'skipped', runs: string[]) {
  return {
    projectName: 'chromium',
    status,
    results: runs.map((run) => ({
      status: run,
      duration: 1000,
      ...(run === 'failed' ? { error: { message: `${status} broke` } } : {}),
    })),
  }
}

function playwright(specs: { title: string; line: number; test: ReturnType<typeof e2eTest> }[]) {
  const count = (status: string) => specs.filter((s) => s.test.status === status).length
  return {
    stats: {
      expected: count('expected'),
      flaky: count('flaky'),
      unexpected: count('unexpected'),
      skipped: count('skipped'),
    },
    suites: [
      {
        title: 'journey.spec.ts',
        specs: specs.map(({ title, line, test }) => ({ title, line, file: 'journey.spec.ts', tests: [test] })),
      },
    ],
  }
}

describe('test-summary', () => {
  it('counts the e2e tests that were retried, names the flaky ones, and passes when nothing failed', () => {
    const e2e = report(
      'flaky.json',
      playwright([
        { title: 'steady', line: 3, test: e2eTest('expected', ['passed']) },
        { title: 'wobbly', line: 9, test: e2eTest('flaky', ['failed', 'passed']) },
        { title: 'later', line: 20, test: e2eTest('skipped', ['skipped']) },
      ]),
    )
    const { status, lines } = summary(vitest, e2e)
    expect(lines).toContain('FLAKY journey.spec.ts:9 [chromium] › wobbly (2 runs): flaky broke')
    expect(lines.at(-1)).toBe('tests: 5 passed, 0 failed, 2 skipped; e2e retried: 1 (1 passed on the retry)')
    expect(status).toBe(0)
  })

  it('counts a test that failed its retry too as retried and failed, and fails', () => {
    const e2e = report(
      'failed.json',
      playwright([
        { title: 'wobbly', line: 9, test: e2eTest('flaky', ['failed', 'passed']) },
        { title: 'broken', line: 14, test: e2eTest('unexpected', ['failed', 'failed']) },
      ]),
    )
    const { status, lines } = summary(vitest, e2e)
    expect(lines).toContain('FLAKY journey.spec.ts:9 [chromium] › wobbly (2 runs): flaky broke')
    expect(lines).toContain('FAILED journey.spec.ts:14 [chromium] › broken (2 runs): unexpected broke')
    expect(lines.at(-1)).toBe('tests: 4 passed, 1 failed, 1 skipped; e2e retried: 2 (1 passed on the retry)')
    expect(status).toBe(1)
  })

  it('says nothing of retries without a Playwright report (the PostgreSQL pass)', () => {
    const { status, lines } = summary(vitest)
    expect(lines.at(-1)).toBe('tests: 3 passed, 0 failed, 1 skipped')
    expect(status).toBe(0)
  })
})
