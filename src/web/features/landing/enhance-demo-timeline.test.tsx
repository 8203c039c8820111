// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DemoTimelineCard } from './components/demo-timeline-card'
import { enhanceDemoTimeline } from './enhance-demo-timeline'

/** A prefers-reduced-motion media query list whose answer the test sets. */
function motionQuery(reduce: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: reduce,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    set(value: boolean) {
      query.matches = value
      listeners.forEach((fn) => fn())
    },
  }
  return query
}

/** The card as the server renders it, in the document. */
function serverRenderedCard(): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(<DemoTimelineCard />)
  return document.querySelector<HTMLElement>('[data-testid="demo-timeline-card"]')!
}

const progress = () => Number(document.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow'))
const shown = () => document.querySelector('[data-demo-progress-text]')!.textContent
const highlighted = () => document.querySelector('li[aria-current="step"]')?.querySelector('p')?.textContent
const highlightedCount = () => document.querySelectorAll('li[data-highlighted]').length

let stop: (() => void) | undefined
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  stop?.()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('the demo timeline', () => {
  it('arrives from the server holding still at 65 with the step in progress highlighted', () => {
    serverRenderedCard()
    expect(progress()).toBe(65)
    expect(shown()).toBe('65%')
    expect(highlighted()).toBe('Survey complete')
    expect(highlightedCount()).toBe(1)
  })

  it('counts 0 to 65 on a 50 ms tick, resets, and moves the highlight every 2 s', () => {
    stop = enhanceDemoTimeline(serverRenderedCard(), motionQuery(false) as unknown as MediaQueryList)
    expect(progress()).toBe(0)
    expect(highlighted()).toBe('Offer accepted')
    vi.advanceTimersByTime(50 * 65)
    expect(progress()).toBe(65)
    expect(shown()).toBe('65%')
    vi.advanceTimersByTime(50)
    expect(progress()).toBe(0)
    vi.advanceTimersByTime(4000 - 50 * 66) // 4 s in: two moves
    expect(highlighted()).toBe('Mortgage approved')
    expect(highlightedCount()).toBe(1)
    expect(document.body.textContent?.match(/Complete(?!d)/g)).toHaveLength(3)
    expect(document.body.textContent?.match(/In progress/g)).toHaveLength(2)
  })

  it('holds still under reduced motion, and stops when the preference changes', () => {
    const query = motionQuery(true)
    stop = enhanceDemoTimeline(serverRenderedCard(), query as unknown as MediaQueryList)
    vi.advanceTimersByTime(10_000)
    expect(progress()).toBe(65)
    expect(highlighted()).toBe('Survey complete')
    query.set(false)
    vi.advanceTimersByTime(50 * 10)
    expect(progress()).toBe(10)
    query.set(true)
    vi.advanceTimersByTime(10_000)
    expect(progress()).toBe(65)
    expect(highlighted()).toBe('Survey complete')
  })
})
