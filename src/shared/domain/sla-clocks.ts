/**
 * SLA clocks of a conveyancing matter: named deadlines counted in England and Wales working days
 * (working-days.ts), each with a default length a firm may change. A clock starts on an event,
 * pauses while the timeline stage it belongs to is blocked, and stops on its closing event.
 *
 * Counting rule: the start day never counts; each later working day counts when the clock is
 * running at the close of that day (midnight, Europe/London), and the current day (or the stop day)
 * counts when the clock is running at that moment. The due date is the day the target-th working day
 * counted; a clock is breached once it has run past the end of its due date (London midnight),
 * whether or not a working day followed: stopping on the due date is met, stopping on the weekend or
 * bank holiday straight after it is missed (decision 057; decision 019 counted that as met, which
 * let the board say 'Due soon' and an email 'Due today' of a date already past).
 */
import { addWorkingDays, isWorkingDay, londonDate, nextDay, type IsoDate } from './working-days'

export const SLA_CLOCK_TYPES = [
  'contract_pack',
  'searches',
  'enquiry_replies',
  'report_on_title',
  'mortgage_offer_to_exchange',
] as const
export type SlaClockType = (typeof SLA_CLOCK_TYPES)[number]

/** Which side's conveyancer a clock measures. */
export type SlaSide = 'buyer' | 'seller'

export interface SlaClockDefinition {
  label: string
  /** What starts and stops it, for people. */
  description: string
  /** Default target in working days; a firm may set its own (1 to 60). */
  defaultWorkingDays: number
  side: SlaSide
}

/**
 * The clock types. The first four are the service levels the Law Society Conveyancing Protocol
 * and CQS firms commonly set; mortgage offer to exchange has no protocol figure, so its 15 working
 * days (three weeks) is our default, for the firm to change.
 */
export const SLA_CLOCK_DEFINITIONS: Record<SlaClockType, SlaClockDefinition> = {
  contract_pack: {
    label: 'Draft contract pack',
    description: "Draft contract pack out to the buyer's conveyancer within 5 working days of instruction",
    defaultWorkingDays: 5,
    side: 'seller',
  },
  searches: {
    label: 'Searches back',
    description: 'Search results back within 10 working days of ordering the local authority search',
    defaultWorkingDays: 10,
    side: 'buyer',
  },
  enquiry_replies: {
    label: 'Replies to enquiries',
    description: 'Replies to a pre-contract enquiry within 5 working days of it being raised',
    defaultWorkingDays: 5,
    side: 'seller',
  },
  report_on_title: {
    label: 'Report on title',
    description: 'Report on title to the buyer within 5 working days of searches back and enquiries satisfied',
    defaultWorkingDays: 5,
    side: 'buyer',
  },
  mortgage_offer_to_exchange: {
    label: 'Mortgage offer to exchange',
    description: 'Exchange of contracts within 15 working days of the mortgage offer',
    defaultWorkingDays: 15,
    side: 'buyer',
  },
}

/** Shortest and longest target a firm may set, in working days. */
export const SLA_MIN_WORKING_DAYS = 1
export const SLA_MAX_WORKING_DAYS = 60

/** A running clock is 'due soon' when at most this many working days are left (due today or the next working day). */
export const DUE_SOON_WORKING_DAYS = 1

export const SLA_STATUSES = ['on_track', 'due_soon', 'breached'] as const
export type SlaStatus = (typeof SLA_STATUSES)[number]

export const SLA_STATUS_LABELS: Record<SlaStatus, string> = {
  on_track: 'On track',
  due_soon: 'Due soon',
  breached: 'Breached',
}

export const CLOCK_STATES = ['running', 'paused', 'met', 'missed'] as const
export type ClockState = (typeof CLOCK_STATES)[number]

export interface ClockPause {
  from: Date
  /** null while the stage is still blocked. */
  to: Date | null
}

export interface ClockTimes {
  startedAt: Date
  stoppedAt: Date | null
  pauses: readonly ClockPause[]
  targetWorkingDays: number
}

export interface ClockEvaluation {
  state: ClockState
  sla: SlaStatus
  /** Working days counted so far (to the stop, or to now). */
  usedWorkingDays: number
  /** target - used; 0 or below once breached. */
  remainingWorkingDays: number
  /**
   * The last working day allowed: the date of the target-th counted day, or its projection from
   * today when not reached yet. Null while paused before reaching it (a block moves it).
   */
  dueDate: IsoDate | null
}

function pausedAt(pauses: readonly ClockPause[], at: Date): boolean {
  const t = at.getTime()
  return pauses.some((p) => p.from.getTime() <= t && (p.to === null || t < p.to.getTime()))
}

/** Paused at the close of London day `d`: a pause began on or before `d` and had not ended by its midnight. */
function pausedAtCloseOf(pauses: readonly ClockPause[], d: IsoDate): boolean {
  return pauses.some((p) => londonDate(p.from) <= d && (p.to === null || londonDate(p.to) > d))
}

/**
 * Where a clock stands at `now` (default the current time). Pure: the same input gives the same
 * answer. Throws RangeError for a target below 1.
 */
export function evaluateClock(clock: ClockTimes, now: Date = new Date()): ClockEvaluation {
  const target = clock.targetWorkingDays
  if (!Number.isInteger(target) || target < 1) throw new RangeError(`evaluateClock: target must be >= 1, got ${target}`)
  const endAt = clock.stoppedAt ?? now
  const startDay = londonDate(clock.startedAt)
  const endDay = londonDate(endAt)
  let used = 0
  let targetDay: IsoDate | null = null
  for (let d = nextDay(startDay); d <= endDay; d = nextDay(d)) {
    if (!isWorkingDay(d)) continue
    const running = d === endDay ? !pausedAt(clock.pauses, endAt) : !pausedAtCloseOf(clock.pauses, d)
    if (!running) continue
    used += 1
    if (used === target) targetDay = d
  }
  const remaining = target - used
  // Past the end of the due date while running (the due day counted at its close): breached.
  const late = targetDay !== null && endDay > targetDay
  if (clock.stoppedAt) {
    return {
      state: late ? 'missed' : 'met',
      sla: late ? 'breached' : 'on_track',
      usedWorkingDays: used,
      remainingWorkingDays: remaining,
      dueDate: targetDay ?? addWorkingDays(endDay, remaining),
    }
  }
  const paused = pausedAt(clock.pauses, now)
  const sla: SlaStatus = late ? 'breached' : remaining <= DUE_SOON_WORKING_DAYS ? 'due_soon' : 'on_track'
  return {
    state: paused ? 'paused' : 'running',
    sla,
    usedWorkingDays: used,
    remainingWorkingDays: remaining,
    dueDate: targetDay ?? (paused ? null : addWorkingDays(endDay, remaining)),
  }
}

/**
 * Share of closed clocks that were met: met / (met + missed), 0..1, or null when no clock has
 * closed. Feeds the accreditation criterion 'SLA met on more than 70% of deadlines'.
 */
export function slaMetShare(closed: { met: number; missed: number }): number | null {
  const total = closed.met + closed.missed
  return total === 0 ? null : closed.met / total
}

export interface ClockMilestones {
  /** First day on which the clock is due soon (at most DUE_SOON_WORKING_DAYS left): the start day for a 1-day target. */
  dueSoonOn: IsoDate | null
  /** The last working day allowed (the target-th counted day). */
  dueOn: IsoDate | null
  /** The first day on which the clock is breached: the calendar day after its due date. */
  breachedOn: IsoDate | null
}

/**
 * The days on which an open clock (not stopped) becomes due soon, falls due and is breached, given
 * its pauses so far: every working day after the start counts unless a pause spans its close; an
 * open pause stops the count from its first day, so a milestone not reached before it is null
 * (a block moves it). For any `now` at which the pauses are unchanged, evaluateClock(clock, now)
 * gives 'breached' exactly when londonDate(now) >= breachedOn, otherwise 'due_soon' exactly when
 * londonDate(now) >= dueSoonOn, and its dueDate is dueOn. So a stored copy turns the status of a
 * clock on any day into comparisons of dates (the cases board, one SQL statement).
 * Throws RangeError for a target below 1.
 */
export function clockMilestones(clock: Omit<ClockTimes, 'stoppedAt'>): ClockMilestones {
  const target = clock.targetWorkingDays
  if (!Number.isInteger(target) || target < 1)
    throw new RangeError(`clockMilestones: target must be >= 1, got ${target}`)
  const startDay = londonDate(clock.startedAt)
  const open = clock.pauses.find((p) => p.to === null)
  const countsUntil = open ? londonDate(open.from) : null
  const closed = clock.pauses.filter((p) => p.to !== null)
  const dueSoonAt = target - DUE_SOON_WORKING_DAYS
  const out: ClockMilestones = { dueSoonOn: dueSoonAt <= 0 ? startDay : null, dueOn: null, breachedOn: null }
  let used = 0
  for (let d = nextDay(startDay); used < target; d = nextDay(d)) {
    if (countsUntil !== null && d >= countsUntil) break
    if (!isWorkingDay(d) || pausedAtCloseOf(closed, d)) continue
    used += 1
    if (used === dueSoonAt) out.dueSoonOn = d
    if (used === target) out.dueOn = d
  }
  // The due day counted at its close, so the clock ran into the next calendar day.
  if (out.dueOn !== null) out.breachedOn = nextDay(out.dueOn)
  return out
}
