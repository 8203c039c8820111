import { Suspense, type ReactNode } from 'react'

/**
 * A part of a server-rendered page that React hydrates apart from the rest: a Suspense boundary
 * (nothing in it suspends). React hydrates what is outside such boundaries at once, and each
 * boundary afterwards, in slices that give the browser back its main thread every few
 * milliseconds, instead of the whole page in one long task (React's selective hydration; a click
 * or key press inside a boundary not yet hydrated hydrates it first, then reaches its handler). On
 * a phone the one hydration task was a public page's longest; see docs/benchmarks.md, "Web".
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
