import { describe, expect, it } from 'vitest'
import {
  clockMilestones,
  evaluateClock,
  SLA_CLOCK_DEFINITIONS,
  slaMetShare,
  type ClockPause,
  type ClockTimes,
} from './sla-clocks'
import { londonDate } from './working-days'

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

  it('is breached on the weekend after a Friday due date: its due date has passed (decision 057)', () => {
    const friday = clock({ startedAt: at('2026-11-20T10:00:00Z') })
    expect(evaluateClock(friday, at('2026-11-27T23:59:00Z')).sla).toBe('due_soon')
    expect(evaluateClock(friday, at('2026-11-28T00:01:00Z'))).toMatchObject({
      sla: 'breached',
      remainingWorkingDays: 0,
      dueDate: '2026-11-27',
    })
    // Stopped on the Saturday: missed, as the board and the alert said.
    expect(evaluateClock({ ...friday, stoppedAt: at('2026-11-28T10:00:00Z') }).state).toBe('missed')
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

describe('clockMilestones', () => {
  it('skips the Christmas bank holidays: 5 working days from Tuesday 22 December 2026', () => {
    // 25 Dec Friday, 28 Dec Boxing Day (substitute), 1 Jan New Year's Day.
    expect(clockMilestones(clock({ startedAt: at('2026-12-22T10:00:00Z') }))).toEqual({
      dueSoonOn: '2026-12-30',
      dueOn: '2026-12-31',
      breachedOn: '2027-01-01',
    })
  })

  it('leaves what a block has not reached yet null, and keeps what it has', () => {
    const m = clockMilestones(clock({ targetWorkingDays: 2, pauses: [{ from: at('2026-11-26T09:00:00Z'), to: null }] }))
    // Counted: Tue 24, Wed 25 (running at its close); paused from Thursday 09:00, after it ran past its due date.
    expect(m).toEqual({ dueSoonOn: '2026-11-24', dueOn: '2026-11-25', breachedOn: '2026-11-26' })
    const early = clockMilestones(
      clock({ targetWorkingDays: 3, pauses: [{ from: at('2026-11-26T09:00:00Z'), to: null }] }),
    )
    expect(early).toEqual({ dueSoonOn: '2026-11-25', dueOn: null, breachedOn: null })
  })

  it('agrees with evaluateClock on every day, for clocks with pauses around bank holidays', () => {
    // A small deterministic generator (no Math.random: the same cases every run).
    let seed = 42
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const DAY = 86_400_000
    for (let i = 0; i < 150; i++) {
      const start = new Date(Date.parse('2026-12-10T09:00:00Z') + rand(40) * DAY + rand(10) * 3_600_000)
      const pauses: ClockPause[] = []
      let t = start.getTime()
      for (let k = rand(3); k > 0; k--) {
        const from = t + (1 + rand(5)) * DAY + rand(12) * 3_600_000
        const to = from + rand(4) * DAY + (1 + rand(12)) * 3_600_000
        pauses.push({ from: new Date(from), to: new Date(to) })
        t = to
      }
      const open = rand(3) === 0
      if (open) {
        t += (1 + rand(5)) * DAY
        pauses.push({ from: new Date(t), to: null })
      }
      const c = { startedAt: start, stoppedAt: null, pauses, targetWorkingDays: 1 + rand(8) }
      const m = clockMilestones(c)
      for (let n = 0; n < 30; n++) {
        const now = new Date(t + 60_000 + n * DAY)
        const e = evaluateClock(c, now)
        const today = londonDate(now)
        const expected =
          m.breachedOn !== null && today >= m.breachedOn
            ? 'breached'
            : m.dueSoonOn !== null && today >= m.dueSoonOn
              ? 'due_soon'
              : 'on_track'
        expect({ i, n, sla: e.sla, state: e.state }).toEqual({
          i,
          n,
          sla: expected,
          state: open ? 'paused' : 'running',
        })
        expect({ i, n, due: e.dueDate }).toEqual({ i, n, due: m.dueOn })
      }
    }
  })
})
