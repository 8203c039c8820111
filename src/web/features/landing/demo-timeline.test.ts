import { describe, expect, it } from 'vitest'
import {
  DEMO_MILESTONES,
  demoStepBadge,
  demoStepStatus,
  nextDemoProgress,
  nextHighlight,
  PROGRESS_TARGET,
  STATIC_HIGHLIGHT,
} from './demo-timeline'

describe('demo timeline (spec: Screens and routes; States and transitions)', () => {
  it('has the six sample milestones in order', () => {
    expect(DEMO_MILESTONES.map((m) => m.name)).toEqual([
      'Offer accepted',
      'Searches ordered',
      'Mortgage approved',
      'Survey complete',
      'Contracts signed',
      'Completion in 3 days',
    ])
  })

  it('milestone progress averages to the overall target of 65', () => {
    const mean = DEMO_MILESTONES.reduce((s, m) => s + m.progress, 0) / DEMO_MILESTONES.length
    expect(mean).toBe(PROGRESS_TARGET)
    expect(PROGRESS_TARGET).toBe(65)
  })

  it('counts up by one per tick to 65, then resets to 0', () => {
    let p = 0
    for (let i = 0; i < 65; i++) p = nextDemoProgress(p)
    expect(p).toBe(65)
    expect(nextDemoProgress(p)).toBe(0)
  })

  it('a step is done at 100, in progress above 0, pending at 0; pending has no badge', () => {
    expect(demoStepStatus(100)).toBe('complete')
    expect(demoStepStatus(99)).toBe('active')
    expect(demoStepStatus(1)).toBe('active')
    expect(demoStepStatus(0)).toBe('pending')
    expect(demoStepBadge('complete')).toBe('Complete')
    expect(demoStepBadge('active')).toBe('In progress')
    expect(demoStepBadge('pending')).toBeNull()
  })

  it('highlight rotates through all six and wraps', () => {
    const seen = [0]
    for (let i = 0; i < 6; i++) seen.push(nextHighlight(seen[seen.length - 1]))
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 0])
  })

  it('with reduced motion the first in-progress step (Survey complete) is highlighted', () => {
    expect(DEMO_MILESTONES[STATIC_HIGHLIGHT].name).toBe('Survey complete')
  })
})
