import { describe, expect, it } from 'vitest'
import { evaluateClock, SLA_CLOCK_DEFINITIONS, slaMetShare, type ClockTimes } from './sla-clocks'

const at = (iso: string) => new Date(iso)
const clock = (over: Partial<ClockTimes> = {}): ClockTimes => ({
  // Monday 23 November 2026, 10:00 in London (GMT).
  startedAt: at('2026-11-23T10:00:00Z'),
  stoppedAt: null,
  pauses: [],
  targetWorkingDays: 5,
  ...over,
})

describe('evaluateClock, running', () => {
  it('does not count the start day and is on track early on', () => {
    const e = evaluateClock(clock(), at('2026-11-25T12:00:00Z'))
    expect(e).toEqual({
      state: 'running',
      sla: 'on_track',
      usedWorkingDays: 2,
      remainingWorkingDays: 3,
      dueDate: '2026-11-30',
    })
  })

  it('is due soon with one working day left, across the weekend', () => {
    const e = evaluateClock(clock(), at('2026-11-27T12:00:00Z'))
    expect(e.sla).toBe('due_soon')
    expect(e.remainingWorkingDays).toBe(1)
    expect(e.dueDate).toBe('2026-11-30')
    expect(evaluateClock(clock(), at('2026-11-30T16:00:00Z')).sla).toBe('due_soon')
  })

  it('is breached once a working day past the target has begun', () => {
    const e = evaluateClock(clock(), at('2026-12-01T09:00:00Z'))
    expect(e.sla).toBe('breached')
    expect(e.usedWorkingDays).toBe(6)
    expect(e.dueDate).toBe('2026-11-30')
  })

  it('is not breached on the weekend after a Friday due date: no working day was lost', () => {
    const friday = clock({ startedAt: at('2026-11-20T10:00:00Z') })
    expect(evaluateClock(friday, at('2026-11-28T10:00:00Z'))).toMatchObject({
      sla: 'due_soon',
      remainingWorkingDays: 0,
      dueDate: '2026-11-27',
    })
    expect(evaluateClock(friday, at('2026-11-30T10:00:00Z')).sla).toBe('breached')
  })

  it('runs over Christmas and the Boxing Day substitute without counting them', () => {
    const xmas = clock({ startedAt: at('2026-12-22T10:00:00Z') })
    expect(evaluateClock(xmas, at('2026-12-24T10:00:00Z')).dueDate).toBe('2026-12-31')
    expect(evaluateClock(xmas, at('2026-12-28T10:00:00Z'))).toMatchObject({ usedWorkingDays: 2, sla: 'on_track' })
  })

  it('counts days by the date in Europe/London, not UTC', () => {
    // 23:30 UTC on Sunday 29 March 2026 is 00:30 on Monday 30th in London (BST): Monday is the start day.
    const bst = clock({ startedAt: at('2026-03-29T23:30:00Z'), targetWorkingDays: 1 })
    expect(evaluateClock(bst, at('2026-03-30T12:00:00Z')).usedWorkingDays).toBe(0)
    expect(evaluateClock(bst, at('2026-03-31T12:00:00Z')).usedWorkingDays).toBe(1)
  })
})

describe('evaluateClock, paused while the stage is blocked', () => {
  // Blocked from Tuesday 24th 14:00 to Thursday 26th 09:00.
  const blocked = clock({ pauses: [{ from: at('2026-11-24T14:00:00Z'), to: at('2026-11-26T09:00:00Z') }] })

  it('is paused with no due date while blocked', () => {
    const e = evaluateClock(
      clock({ pauses: [{ from: at('2026-11-24T14:00:00Z'), to: null }] }),
      at('2026-11-25T12:00:00Z'),
    )
    expect(e).toMatchObject({ state: 'paused', usedWorkingDays: 0, dueDate: null })
  })

  it('does not count the days the stage was blocked at their close, and moves the due date', () => {
    const e = evaluateClock(blocked, at('2026-11-26T12:00:00Z'))
    expect(e).toMatchObject({ state: 'running', usedWorkingDays: 1, remainingWorkingDays: 4, dueDate: '2026-12-02' })
    // Unblocked, the same instant would have counted Tuesday to Thursday.
    expect(evaluateClock(clock(), at('2026-11-26T12:00:00Z')).usedWorkingDays).toBe(3)
  })

  it('a block opened and lifted within one day costs nothing', () => {
    const brief = clock({ pauses: [{ from: at('2026-11-24T10:00:00Z'), to: at('2026-11-24T11:00:00Z') }] })
    expect(evaluateClock(brief, at('2026-11-26T12:00:00Z')).usedWorkingDays).toBe(3)
  })
})

describe('evaluateClock, stopped', () => {
  it('is met when stopped on the last working day', () => {
    const e = evaluateClock(clock({ stoppedAt: at('2026-11-30T15:00:00Z') }), at('2027-01-10T00:00:00Z'))
    expect(e).toMatchObject({ state: 'met', sla: 'on_track', usedWorkingDays: 5 })
  })

  it('is missed when stopped a working day later', () => {
    const e = evaluateClock(clock({ stoppedAt: at('2026-12-01T09:00:00Z') }))
    expect(e).toMatchObject({ state: 'missed', sla: 'breached', usedWorkingDays: 6, dueDate: '2026-11-30' })
  })

  it('refuses a target below one working day', () => {
    expect(() => evaluateClock(clock({ targetWorkingDays: 0 }))).toThrow(RangeError)
  })
})

describe('clock definitions and the met share', () => {
  it('has the default targets', () => {
    expect(SLA_CLOCK_DEFINITIONS.contract_pack.defaultWorkingDays).toBe(5)
    expect(SLA_CLOCK_DEFINITIONS.searches.defaultWorkingDays).toBe(10)
    expect(SLA_CLOCK_DEFINITIONS.enquiry_replies.defaultWorkingDays).toBe(5)
    expect(SLA_CLOCK_DEFINITIONS.report_on_title.defaultWorkingDays).toBe(5)
  })

  it('is met over closed clocks, null with none closed', () => {
    expect(slaMetShare({ met: 3, missed: 1 })).toBe(0.75)
    expect(slaMetShare({ met: 0, missed: 0 })).toBeNull()
  })
})
