/**
 * Helpers for the public-site and marketplace journeys: console-error capture (a journey fails on
 * an unexpected console.error), axe-core checks and the public page list.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Every public page, reachable without signing in, with its h1 (marketplace included). */
export const PUBLIC_PAGES = [
  { path: '/', h1: 'Your whole home move, on one shared timeline' },
  { path: '/buyers', h1: 'Buying a home, finally transparent.' },
  { path: '/sellers', h1: 'Selling a home, finally stress-free.' },
  { path: '/professionals/conveyancers', h1: 'Spend your day moving files on, not answering “any news?”' },
  { path: '/professionals/surveyors', h1: 'Surveys booked, reports delivered, invoices paid' },
  { path: '/professionals/brokers', h1: 'Mortgage progress the whole chain can see' },
  { path: '/professionals/agents', h1: 'Keep sales agreed from falling through' },
  { path: '/pricing', h1: 'Free to move. Pro for the professionals.' },
  { path: '/help', h1: 'How can we help?' },
  { path: '/privacy', h1: 'Privacy policy' },
  { path: '/terms', h1: 'Terms of service' },
  { path: '/cookies', h1: 'Cookie policy' },
  { path: '/marketplace', h1: 'Discover Accredited Professionals' },
] as const

/**
 * Records console errors and uncaught exceptions on `page`. Call `check()` at the end: it fails on
 * any that match none of `allowed` (e.g. the 404 page's deliberate log).
 */
export function watchConsole(page: Page) {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return {
    errors,
    check(allowed: RegExp[] = []) {
      expect(errors.filter((e) => !allowed.some((re) => re.test(e)))).toEqual([])
    },
  }
}

/**
 * Runs axe-core (WCAG 2.0, 2.1 and 2.2 A and AA, and best practice) on the page as it is and fails
 * with each violated rule and up to five of its targets. Toasts are left out: they come and go while
 * axe runs. Only violations are gathered (`resultTypes`): every rule still runs on every element, but
 * axe does not build a selector and a snippet for each element that passes, which is what is
 * read here (about a tenth of axe's time in the page, 27 Nov 2026).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .options({ resultTypes: ['violations'] })
    .analyze()
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }))
  expect(summary).toEqual([])
}
