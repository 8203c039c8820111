import { describe, expect, it } from 'vitest'
import { evaluateClock, type ClockPause, type ClockTimes } from './sla-clocks'
import { clockWording } from './sla-wording'
import { londonDate } from './working-days'

const at = (iso: string) => new Date(iso)

/** The clock read at `now` and worded on that instant's London date, as the board and the emails do. */
function wordAt(clock: ClockTimes, nowIso: string) {
  const now = at(nowIso)
  const e = evaluateClock(clock, now)
  return clockWording({ sla: e.sla, paused: e.state === 'paused', dueDate: e.dueDate }, londonDate(now))
}

const clock = (startedIso: string, target: number, pauses: ClockPause[] = []): ClockTimes => ({
  startedAt: at(startedIso),
  stoppedAt: null,
  pauses,
  targetWorkingDays: target,
})

describe('clockWording across midnight (Europe/London)', () => {
  // Started Monday 23 Nov 2026 (GMT), 5 working days: due Monday 30 Nov.
  const c = clock('2026-11-23T10:00:00Z', 5)

  it('is due today until London midnight, then breached with the date shown as past', () => {
    expect(wordAt(c, '2026-11-30T23:59:00Z')).toMatchObject({
      status: 'due_soon',
      label: 'Due soon',
      due: 'due today (30 Nov 2026)',
      past: false,
    })
    const after = wordAt(c, '2026-12-01T00:01:00Z')
    expect(after).toMatchObject({ status: 'breached', label: 'Breached', due: 'was due 30 Nov 2026', past: true })
    expect(after.sentence).toBe('Breached: was due 30 Nov 2026.')
  })

  it('uses the London date in summer time, not UTC: 00:30 BST is already the next day', () => {
    // Started Thursday 26 Mar 2026, 2 working days: Friday 27, then Monday 30 (BST began Sunday 29th).
    const bst = clock('2026-03-26T10:00:00Z', 2)
    // 23:30 UTC on Sunday 29th is 00:30 on Monday 30th in London.
    expect(wordAt(bst, '2026-03-29T23:30:00Z').due).toBe('due today (30 Mar 2026)')
    // 23:30 UTC on Monday 30th is 00:30 on Tuesday 31st in London: past, though UTC still says the 30th.
    expect(wordAt(bst, '2026-03-30T23:30:00Z')).toMatchObject({ label: 'Breached', due: 'was due 30 Mar 2026' })
    expect(wordAt(bst, '2026-03-30T22:59:00Z')).toMatchObject({ label: 'Due soon', due: 'due today (30 Mar 2026)' })
  })

  it('when summer time ends (25 Oct 2026), 23:30 UTC is still the same London day', () => {
    // Started Wednesday 21 Oct 2026, 3 working days: Thu 22, Fri 23, Mon 26.
    const gmt = clock('2026-10-21T09:00:00Z', 3)
    expect(wordAt(gmt, '2026-10-26T23:30:00Z').due).toBe('due today (26 Oct 2026)')
    expect(wordAt(gmt, '2026-10-27T00:00:00Z').label).toBe('Breached')
  })
})

describe('clockWording across bank holidays (working days)', () => {
  it('never says due today on Good Friday for a Thursday due date: it is breached, the date past', () => {
    // Started Monday 30 Mar 2026, 3 working days: Tue 31, Wed 1, Thu 2 Apr.
    const c = clock('2026-03-30T09:00:00Z', 3)
    expect(wordAt(c, '2026-04-02T15:00:00Z').due).toBe('due today (02 Apr 2026)')
    for (const day of ['2026-04-03T10:00:00Z', '2026-04-04T10:00:00Z', '2026-04-06T10:00:00Z']) {
      expect(wordAt(c, day)).toMatchObject({ label: 'Breached', due: 'was due 02 Apr 2026', past: true })
    }
  })

  it('carries a due date over Easter: due Tuesday 07 Apr, due soon (not due today) on the bank holidays', () => {
    // Started Tuesday 31 Mar 2026, 3 working days: Wed 1, Thu 2, then Tue 7 (3rd and 6th are bank holidays).
    const c = clock('2026-03-31T09:00:00Z', 3)
    expect(wordAt(c, '2026-04-03T12:00:00Z')).toMatchObject({ label: 'Due soon', due: 'due 07 Apr 2026' })
    expect(wordAt(c, '2026-04-06T12:00:00Z')).toMatchObject({ label: 'Due soon', due: 'due 07 Apr 2026' })
    expect(wordAt(c, '2026-04-07T12:00:00Z').due).toBe('due today (07 Apr 2026)')
    expect(wordAt(c, '2026-04-07T23:30:00Z').label).toBe('Breached')
  })

  it('over Christmas: due Thursday 24 Dec 2026, breached on Christmas Day', () => {
    const c = clock('2026-12-21T10:00:00Z', 3)
    expect(wordAt(c, '2026-12-24T16:00:00Z').due).toBe('due today (24 Dec 2026)')
    expect(wordAt(c, '2026-12-25T10:00:00Z')).toMatchObject({ label: 'Breached', due: 'was due 24 Dec 2026' })
  })
})

describe('clockWording of paused clocks', () => {
  it('shows a clock paused after its due date as breached, with the due date past, never due soon', () => {
    // Due Monday 30 Nov; its stage blocked on Tuesday 1 Dec at 09:00 (the review's case).
    const c = clock('2026-11-23T10:00:00Z', 5, [{ from: at('2026-12-01T09:00:00Z'), to: null }])
    const w = wordAt(c, '2026-12-01T12:00:00Z')
    expect(w).toMatchObject({ status: 'breached', due: 'was due 30 Nov 2026', past: true })
    expect(w.sentence).toBe('Breached: was due 30 Nov 2026, paused while its stage is blocked.')
  })

  it('a stale "due soon" with a past date (an old stored status) still reads as breached', () => {
    const w = clockWording({ sla: 'due_soon', paused: true, dueDate: '2026-11-30' }, '2026-12-01')
    expect(w.label).toBe('Breached')
    expect(w.due).toBe('was due 30 Nov 2026')
  })

  it('a clock blocked before reaching its due date is paused, with no due date', () => {
    const c = clock('2026-11-23T10:00:00Z', 5, [{ from: at('2026-11-24T14:00:00Z'), to: null }])
    expect(wordAt(c, '2026-12-10T12:00:00Z')).toMatchObject({
      status: 'paused',
      label: 'Paused',
      due: null,
      sentence: 'Paused: paused while its stage is blocked.',
    })
  })
})

describe('clockWording never contradicts the calendar', () => {
  it('says due soon or due today only for today or later, over many clocks and instants', () => {
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const HOUR = 3_600_000
    for (let i = 0; i < 120; i++) {
      // Around the spring BST change, Easter and Christmas 2026.
      const base = ['2026-03-20T00:00:00Z', '2026-03-27T00:00:00Z', '2026-12-18T00:00:00Z'][rand(3)]
      const start = new Date(Date.parse(base) + rand(7 * 24) * HOUR)
      const pauses: ClockPause[] =
        rand(3) === 0 ? [{ from: new Date(start.getTime() + (1 + rand(8 * 24)) * HOUR), to: null }] : []
      const c: ClockTimes = { startedAt: start, stoppedAt: null, pauses, targetWorkingDays: 1 + rand(6) }
      for (let h = 0; h < 24 * 18; h += 7) {
        const now = new Date(start.getTime() + h * HOUR)
        const today = londonDate(now)
        const e = evaluateClock(c, now)
        const w = clockWording({ sla: e.sla, paused: e.state === 'paused', dueDate: e.dueDate }, today)
        if (e.dueDate !== null && e.dueDate < today) {
          expect({ i, h, label: w.label, due: w.due?.startsWith('was due') }).toEqual({
            i,
            h,
            label: 'Breached',
            due: true,
          })
        }
        if (w.due?.startsWith('due today')) expect(e.dueDate).toBe(today)
        // The engine and the wording agree: breached exactly when the wording says so.
        expect({ i, h, breached: w.status === 'breached' }).toEqual({ i, h, breached: e.sla === 'breached' })
      }
    }
  })
})
