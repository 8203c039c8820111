/**
 * Surveys: a firm's survey products (RICS Home Survey Levels 1, 2 and 3, mortgage valuation), each
 * surveyor's weekly hours, days off and travel buffer, and the rules a booking must meet. Times of
 * day are minutes after midnight in Europe/London; prices are pence including VAT (20%).
 * Pure functions only: the server checks them and the web app shows them.
 */

export const SURVEY_PRODUCT_KINDS = ['rics_level_1', 'rics_level_2', 'rics_level_3', 'mortgage_valuation'] as const
export type SurveyProductKind = (typeof SURVEY_PRODUCT_KINDS)[number]

export const SURVEY_PRODUCT_LABELS: Record<SurveyProductKind, string> = {
  rics_level_1: 'RICS Home Survey Level 1',
  rics_level_2: 'RICS Home Survey Level 2',
  rics_level_3: 'RICS Home Survey Level 3',
  mortgage_valuation: 'Mortgage valuation',
}

export const BOOKING_STATUSES = ['booked', 'cancelled', 'report_delivered'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const PAYOUT_STATUSES = ['pending', 'paid'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/**
 * Homeward's platform fee on a survey payout: 10% of the fee including VAT. This is our commercial
 * assumption for the pilot, not an outside rule; change it here only.
 */
export const PLATFORM_FEE_RATE = 0.1

/** Platform fee in pence for a fee in pence: PLATFORM_FEE_RATE of it, rounded half up to a whole penny. */
export function platformFeePence(feePence: number): number {
  return Math.round(feePence * PLATFORM_FEE_RATE)
}

/** Start times are offered every SLOT_STEP_MINUTES inside a surveyor's hours. */
export const SLOT_STEP_MINUTES = 30
/** Slots are offered this many days ahead. */
export const SLOT_HORIZON_DAYS = 21

/** Weekdays as ISO numbers: 1 Monday ... 7 Sunday. */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

export interface WeeklyHours {
  /** 1 Monday ... 7 Sunday. */
  weekday: number
  startMinute: number
  endMinute: number
}

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
})
const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

/** The Europe/London calendar date ('2026-12-01'), ISO weekday and minute of the day of an instant. */
export function londonWallClock(at: Date): { date: string; weekday: number; minute: number } {
  const p = Object.fromEntries(LONDON_PARTS.formatToParts(at).map((x) => [x.type, x.value]))
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: WEEKDAY_NUMBER[p.weekday] ?? 1,
    minute: Number(p.hour) * 60 + Number(p.minute),
  }
}

/** The instant of a Europe/London wall-clock time: date 'yyyy-mm-dd' and minutes after midnight. */
export function londonToInstant(date: string, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number)
  const guess = Date.UTC(y, m - 1, d, 0, minute)
  // The offset of London from UTC at that moment (0 or 60 minutes), read back from the wall clock.
  const wall = londonWallClock(new Date(guess))
  const [wy, wm, wd] = wall.date.split('-').map(Number)
  const wallMs = Date.UTC(wy, wm - 1, wd, 0, wall.minute)
  return new Date(guess - (wallMs - guess))
}

/** 'yyyy-mm-dd' plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** A time range in milliseconds [start, end). */
export interface Busy {
  start: number
  end: number
}

export interface SlotRules {
  hours: WeeklyHours[]
  /** 'yyyy-mm-dd' days off. */
  daysOff: string[]
  travelBufferMinutes: number
}

/**
 * Why a visit starting at `start` for `durationMinutes` cannot be booked, or null when it can:
 * in the past; on a day off; outside the surveyor's weekly hours (the visit must end by the end of
 * the hours); overlapping another visit or its travel buffer (each visit blocks its duration plus
 * the travel buffer after it).
 */
export function slotProblem(
  rules: SlotRules,
  busy: Busy[],
  start: Date,
  durationMinutes: number,
  now: Date,
): SlotProblem | null {
  if (start.getTime() <= now.getTime())
    return { rule: 'past', message: 'A survey cannot be booked in the past: choose a later time.' }
  const wall = londonWallClock(start)
  if (rules.daysOff.includes(wall.date))
    return { rule: 'day_off', message: 'The surveyor is not working that day (a day off): choose another day.' }
  const end = wall.minute + durationMinutes
  const within = rules.hours.some(
    (h) => h.weekday === wall.weekday && wall.minute >= h.startMinute && end <= h.endMinute,
  )
  if (!within)
    return {
      rule: 'outside_hours',
      message: "That time is outside the surveyor's working hours: choose one of the offered slots.",
    }
  const s = start.getTime()
  const e = s + (durationMinutes + rules.travelBufferMinutes) * 60_000
  if (busy.some((b) => b.start < e && s < b.end)) return { rule: 'overlap', message: SLOT_TAKEN_MESSAGE }
  return null
}

/** Refusal of a slot another visit (or its travel time) already holds: also the answer to the database's exclusion. */
export const SLOT_TAKEN_MESSAGE =
  'That slot overlaps another survey visit of this surveyor (with travel time): choose another slot.'

/** Which booking rule a start time breaks, and the message naming it. */
export interface SlotProblem {
  rule: 'past' | 'day_off' | 'outside_hours' | 'overlap'
  message: string
}

/** Free start times over the next SLOT_HORIZON_DAYS days from `now`, in time order. */
export function freeSlots(rules: SlotRules, busy: Busy[], durationMinutes: number, now: Date): Date[] {
  const out: Date[] = []
  const today = londonWallClock(now).date
  for (let i = 0; i <= SLOT_HORIZON_DAYS; i++) {
    const date = addDays(today, i)
    const weekday = londonWallClock(londonToInstant(date, 12 * 60)).weekday
    for (const h of rules.hours.filter((x) => x.weekday === weekday)) {
      for (let m = h.startMinute; m + durationMinutes <= h.endMinute; m += SLOT_STEP_MINUTES) {
        const start = londonToInstant(date, m)
        if (!slotProblem(rules, busy, start, durationMinutes, now)) out.push(start)
      }
    }
  }
  return out
}

/**
 * Whether a booking may still be moved or cancelled by the buyer: at least `noticeHours` before its
 * start (the firm's notice rule). Returns the refusal message, or null.
 */
export function noticeProblem(startsAt: Date, noticeHours: number, now: Date): string | null {
  if (startsAt.getTime() - now.getTime() < noticeHours * 3_600_000)
    return `The firm needs ${noticeHours} hours' notice to move or cancel a survey; contact the surveyor instead.`
  return null
}

/**
 * Whether a visit may be moved to `newStartsAt`: the notice rule holds for the new time too, so the
 * surveyor is never given less than `noticeHours` of notice of a visit (a first booking may take any
 * free slot). Returns the refusal message, or null.
 */
export function moveTargetProblem(newStartsAt: Date, noticeHours: number, now: Date): string | null {
  if (newStartsAt.getTime() - now.getTime() < noticeHours * 3_600_000)
    return `The firm needs ${noticeHours} hours' notice of a visit: move it to a time at least ${noticeHours} hours ahead.`
  return null
}

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** Pence as GBP for server-written text: 59500 -> '£595.00'. */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100)
}
