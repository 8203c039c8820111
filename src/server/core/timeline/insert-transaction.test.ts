import { describe, expect, it } from 'vitest'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { percentDone, stagesInProgress } from './insert-transaction'

describe('percentDone', () => {
  it('is the rounded share of completed tasks, 0 with none', () => {
    expect(percentDone([])).toBe(0)
    expect(percentDone([{ status: 'completed' }, { status: 'not_completed' }, { status: 'not_completed' }])).toBe(33)
    expect(percentDone([{ status: 'completed' }, { status: 'completed' }, { status: 'not_completed' }])).toBe(67)
    expect(percentDone([{ status: 'completed' }, {}])).toBe(50)
  })
})

describe('stagesInProgress', () => {
  const template = standardTimeline({ tenure: 'freehold' })

  it('completes the first stages, starts the next, blocks the one asked and leaves the rest', () => {
    const stages = stagesInProgress(template, {
      completedStages: 2,
      currentTasksDone: 3,
      blocked: { stageIndex: 3, reason: 'Council delay', tasksDone: 4 },
    })
    // Only 'blocked' is set; every other status is derived from the tasks when inserted.
    expect(stages.map((s) => s.status)).toEqual([...Array(3).fill(undefined), 'blocked', ...Array(5).fill(undefined)])
    expect(stages.map((s) => percentDone(s.tasks))).toEqual([100, 100, 75, 80, 0, 0, 0, 0, 0])
    expect(stages[3].blockedReason).toBe('Council delay')
    expect(stages.filter((s) => s.blockedReason).length).toBe(1)
    expect(stages.map((s) => s.stageName)).toEqual(template.map((s) => s.stageName))
  })

  it('leaves a current stage with nothing ticked to read as not started (status follows the tasks)', () => {
    const [current] = stagesInProgress(template, { completedStages: 0 })
    expect(current.status).toBeUndefined()
    expect(percentDone(current.tasks)).toBe(0)
  })
})
