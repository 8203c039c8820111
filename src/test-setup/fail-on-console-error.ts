/**
 * Every test fails on an unexpected console.error (CONVENTIONS.md, after Epic Stack). A test that
 * expects one calls `expectConsoleError(pattern)` first.
 */
import { afterEach, beforeEach, vi } from 'vitest'

let expected: RegExp[] = []
let unexpected: string[] = []

/** Allows console.error calls matching `pattern` in the current test. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern)
}

beforeEach(() => {
  expected = []
  unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')
    if (!expected.some((p) => p.test(text))) unexpected.push(text)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore?.()
  if (unexpected.length) {
    const list = unexpected.join('\n  ')
    unexpected = []
    throw new Error(`Unexpected console.error:\n  ${list}`)
  }
})
