import { useEffect, useState } from 'react'
import {
  HIGHLIGHT_INTERVAL_MS,
  nextDemoProgress,
  nextHighlight,
  PROGRESS_TARGET,
  PROGRESS_TICK_MS,
  STATIC_HIGHLIGHT,
} from './demo-timeline'

/**
 * Drives the demo timeline: `progress` counts 0..65 every 50 ms then restarts, `highlighted` moves
 * to the next milestone every 2 s. With `animate` false (reduced motion) it holds still at 65 with
 * the in-progress milestone highlighted.
 */
export function useDemoTimeline(animate: boolean): { progress: number; highlighted: number } {
  const [progress, setProgress] = useState(0)
  const [highlighted, setHighlighted] = useState(0)

  useEffect(() => {
    if (!animate) return
    const tick = window.setInterval(() => setProgress(nextDemoProgress), PROGRESS_TICK_MS)
    const rotate = window.setInterval(() => setHighlighted(nextHighlight), HIGHLIGHT_INTERVAL_MS)
    return () => {
      window.clearInterval(tick)
      window.clearInterval(rotate)
    }
  }, [animate])

  return animate ? { progress, highlighted } : { progress: PROGRESS_TARGET, highlighted: STATIC_HIGHLIGHT }
}
