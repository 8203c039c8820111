// @vitest-environment happy-dom
/**
 * Spec: Business constants and limits: tooltips open after 700 ms of hovering, and for 300 ms after one closes, moving to
 * another trigger opens its tooltip at once. Checked through the app's own providers.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '#web/providers.tsx'
import { Tooltip, TooltipContent, TooltipTrigger, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Tips() {
  return (
    <AppProviders>
      {['Searches', 'Survey'].map((name) => (
        <Tooltip key={name}>
          <TooltipTrigger>{name}</TooltipTrigger>
          <TooltipContent>{`${name} help`}</TooltipContent>
        </Tooltip>
      ))}
    </AppProviders>
  )
}

const hover = (name: string) => fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' })
/** Leaves the trigger and moves well away (Radix keeps a tooltip open while the pointer heads for it). */
const leave = (name: string) => {
  fireEvent.pointerLeave(screen.getByRole('button', { name }), { pointerType: 'mouse', clientX: 0, clientY: 0 })
  fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 900, clientY: 900 })
}
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms))
const tooltip = () => screen.queryByRole('tooltip')

describe('tooltip delays', () => {
  it('are 700 ms and 300 ms', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300])
  })

  it('opens after 700 ms of hovering, not before', async () => {
    render(<Tips />)
    hover('Searches')
    await wait(TOOLTIP_DELAY_MS - 10)
    expect(tooltip()).toBeNull()
    await wait(10)
    expect(tooltip()?.textContent).toBe('Searches help')
  })

  it('opens the next tooltip at once within 300 ms of the last closing, and waits again after that', async () => {
    render(<Tips />)
    hover('Searches')
    await wait(TOOLTIP_DELAY_MS)
    expect(tooltip()?.textContent).toBe('Searches help')

    leave('Searches')
    await wait(TOOLTIP_SKIP_DELAY_MS - 50)
    hover('Survey')
    await wait(0)
    expect(tooltip()?.textContent).toBe('Survey help')

    leave('Survey')
    await wait(TOOLTIP_SKIP_DELAY_MS + 50)
    hover('Searches')
    await wait(TOOLTIP_DELAY_MS - 10)
    expect(tooltip()).toBeNull()
    await wait(10)
    expect(tooltip()?.textContent).toBe('Searches help')
  })
})
