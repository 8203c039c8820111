/**
 * The landing page's illustrative timeline (spec: Screens and routes, 'Demo timeline'): six sample milestones,
 * overall progress counting from 0 up to 65 on a 50 ms tick and then starting again, and the
 * highlighted milestone moving on every 2 seconds.
 */
export const PROGRESS_TARGET = 65
export const PROGRESS_TICK_MS = 50
export const HIGHLIGHT_INTERVAL_MS = 2000

export type DemoStepStatus = 'complete' | 'active' | 'pending'

/**
 * The sample milestones with their own progress. Their mean is exactly the overall target,
 * (100 + 100 + 100 + 60 + 30 + 0) / 6 = 65, so the demo is internally consistent.
 */
export const DEMO_MILESTONES = [
  { name: 'Offer accepted', progress: 100, detail: 'Memorandum of sale issued' },
  { name: 'Searches ordered', progress: 100, detail: 'Local, drainage and environmental' },
  { name: 'Mortgage approved', progress: 100, detail: 'Offer issued by the lender' },
  { name: 'Survey complete', progress: 60, detail: 'RICS Level 2 report being written' },
  { name: 'Contracts signed', progress: 30, detail: 'Enquiries nearly answered' },
  { name: 'Completion in 3 days', progress: 0, detail: 'Keys released on completion' },
] as const

/** A step is complete at 100, in progress above 0, otherwise pending (spec: States and transitions). */
export function demoStepStatus(progress: number): DemoStepStatus {
  if (progress >= 100) return 'complete'
  if (progress > 0) return 'active'
  return 'pending'
}

/** Badge text of a step: 'Complete', 'In progress', or none for pending (spec: States and transitions). */
export function demoStepBadge(status: DemoStepStatus): string | null {
  if (status === 'complete') return 'Complete'
  if (status === 'active') return 'In progress'
  return null
}

/** The overall progress after one tick: one more, or back to 0 once the target has been shown. */
export function nextDemoProgress(progress: number): number {
  return progress >= PROGRESS_TARGET ? 0 : progress + 1
}

/** The milestone highlighted after `index`, wrapping round the six. */
export function nextHighlight(index: number): number {
  return (index + 1) % DEMO_MILESTONES.length
}

/** Milestone highlighted when motion is reduced: the first one still in progress. */
export const STATIC_HIGHLIGHT = DEMO_MILESTONES.findIndex((m) => demoStepStatus(m.progress) === 'active')
