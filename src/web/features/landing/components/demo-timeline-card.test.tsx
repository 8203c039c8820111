// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DemoTimelineCard } from './demo-timeline-card'

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))
const highlighted = () => document.querySelector('li[aria-current="step"]')?.querySelector('p')?.textContent

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('DemoTimelineCard', () => {
  it('counts 0 to 65 on a 50 ms tick, resets, and moves the highlight every 2 s', () => {
    mockReducedMotion(false)
    render(<DemoTimelineCard />)
    expect(progress()).toBe(0)
    expect(highlighted()).toBe('Offer accepted')
    act(() => vi.advanceTimersByTime(50 * 65))
    expect(progress()).toBe(65)
    act(() => vi.advanceTimersByTime(50))
    expect(progress()).toBe(0)
    act(() => vi.advanceTimersByTime(4000 - 50 * 66)) // 4 s in: two moves
    expect(highlighted()).toBe('Mortgage approved')
    expect(screen.getAllByText('Complete')).toHaveLength(3)
    expect(screen.getAllByText('In progress')).toHaveLength(2)
  })

  it('holds still at 65 with the in-progress step highlighted under reduced motion', () => {
    mockReducedMotion(true)
    render(<DemoTimelineCard />)
    expect(progress()).toBe(65)
    act(() => vi.advanceTimersByTime(10_000))
    expect(progress()).toBe(65)
    expect(highlighted()).toBe('Survey complete')
  })
})
