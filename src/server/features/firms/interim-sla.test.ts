import { describe, expect, it } from 'vitest'
import { standardTimeline } from '../../../shared/domain/timeline-template'
import { INTERIM_SLA_CLOCKS } from './interim-sla'

describe('interim SLA clocks', () => {
  it('start and stop on tasks of the standard timeline (a renamed task would silently stop a clock)', () => {
    const titles = new Set(
      (['freehold', 'leasehold'] as const).flatMap((tenure) =>
        standardTimeline({ tenure }).flatMap((s) => s.tasks.map((t) => t.title)),
      ),
    )
    for (const clock of INTERIM_SLA_CLOCKS) {
      expect(titles, clock.name).toContain(clock.stopTask)
      if (clock.startTasks !== 'instruction') for (const t of clock.startTasks) expect(titles, clock.name).toContain(t)
    }
  })

  it('carry the default limits: 5, 10, 5 and 5 working days', () => {
    expect(INTERIM_SLA_CLOCKS.map((c) => [c.name, c.workingDays])).toEqual([
      ['Draft contract pack', 5],
      ['Searches back', 10],
      ['Replies to enquiries', 5],
      ['Report on title', 5],
    ])
  })
})
