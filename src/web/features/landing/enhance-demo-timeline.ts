import {
  HIGHLIGHT_INTERVAL_MS,
  nextDemoProgress,
  nextHighlight,
  PROGRESS_TARGET,
  PROGRESS_TICK_MS,
  STATIC_HIGHLIGHT,
} from './demo-timeline'

/** Shows `progress` (0..100) and highlights step `highlighted` on the server-rendered card. */
function show(card: HTMLElement, progress: number, highlighted: number): void {
  const bar = card.querySelector<HTMLElement>('[data-demo-progress]')
  bar?.setAttribute('aria-valuenow', String(progress))
  bar?.setAttribute('aria-valuetext', `${progress}%`)
  const fill = card.querySelector<HTMLElement>('[data-demo-progress-bar]')
  if (fill) fill.style.transform = `translateX(-${100 - progress}%)`
  const text = card.querySelector<HTMLElement>('[data-demo-progress-text]')
  if (text) text.textContent = `${progress}%`
  card.querySelectorAll<HTMLElement>('[data-demo-step]').forEach((step, index) => {
    step.toggleAttribute('data-highlighted', index === highlighted)
    if (index === highlighted) step.setAttribute('aria-current', 'step')
    else step.removeAttribute('aria-current')
  })
}

/**
 * Sets the server-rendered demo timeline card (DemoTimelineCard) moving: progress counts 0..65 every
 * 50 ms then restarts, the highlight moves to the next milestone every 2 s. While `reducedMotion`
 * matches, it holds still at 65 with the in-progress milestone highlighted, and it follows changes
 * of that preference. Returns a function that stops it.
 */
export function enhanceDemoTimeline(card: HTMLElement, reducedMotion: MediaQueryList): () => void {
  let timers: number[] = []
  const stop = () => {
    timers.forEach((t) => window.clearInterval(t))
    timers = []
  }
  const apply = () => {
    stop()
    if (reducedMotion.matches) return show(card, PROGRESS_TARGET, STATIC_HIGHLIGHT)
    let progress = 0
    let highlighted = 0
    show(card, progress, highlighted)
    timers = [
      window.setInterval(() => show(card, (progress = nextDemoProgress(progress)), highlighted), PROGRESS_TICK_MS),
      window.setInterval(() => show(card, progress, (highlighted = nextHighlight(highlighted))), HIGHLIGHT_INTERVAL_MS),
    ]
  }
  apply()
  reducedMotion.addEventListener('change', apply)
  return () => {
    stop()
    reducedMotion.removeEventListener('change', apply)
  }
}
