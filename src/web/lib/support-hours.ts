import { onFirstUse } from './formatters'

/**
 * Live chat hours, spec: What the product does: Monday to Friday 9am-5pm, evaluated in UK time (Europe/London,
 * so 9am means 9am on the clock in London in summer too). UK bank holidays are not modelled.
 */
export const SUPPORT_OPEN_HOUR = 9
export const SUPPORT_CLOSE_HOUR = 17

const LONDON = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }),
)

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Day of week (0 Sunday .. 6 Saturday) and hour (0..23) in London at `now`. */
export function londonDayAndHour(now: Date): { day: number; hour: number } {
  const parts = LONDON().formatToParts(now)
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon'
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0')
  return { day: WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]), hour }
}

const isWorkday = (day: number) => day >= 1 && day <= 5

/** True when live chat is staffed at `now`: a weekday in London between 09:00 and 16:59. */
export function isSupportOpen(now: Date): boolean {
  const { day, hour } = londonDayAndHour(now)
  return isWorkday(day) && hour >= SUPPORT_OPEN_HOUR && hour < SUPPORT_CLOSE_HOUR
}

/**
 * When chat next opens, in words, for a time when it is closed: 'today at 9am', 'tomorrow at 9am'
 * or 'Monday at 9am'. Returns null while open.
 */
export function nextOpeningText(now: Date): string | null {
  if (isSupportOpen(now)) return null
  const { day, hour } = londonDayAndHour(now)
  if (isWorkday(day) && hour < SUPPORT_OPEN_HOUR) return 'today at 9am'
  let next = (day + 1) % 7
  let daysAhead = 1
  while (!isWorkday(next)) {
    next = (next + 1) % 7
    daysAhead++
  }
  return daysAhead === 1 ? 'tomorrow at 9am' : `${DAY_NAMES[next]} at 9am`
}
