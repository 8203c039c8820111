/**
 * When the weekly update to sellers goes out: every Monday from 09:00 to 09:59 UK time
 * (Europe/London, so 09:00 GMT in winter and 09:00 BST in summer), once per seller per sale per ISO
 * week. Pure: the caller passes the instant.
 */

/** UK local hour at which the weekly update is sent on Mondays. */
export const WEEKLY_UPDATE_HOUR_LONDON = 9

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
})

function londonParts(at: Date): { year: number; month: number; day: number; hour: number; weekday: string } {
  const parts = Object.fromEntries(LONDON_PARTS.formatToParts(at).map((p) => [p.type, p.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    weekday: parts.weekday,
  }
}

/** True when `at` falls on a Monday between 09:00 and 09:59 UK time. */
export function isWeeklyUpdateWindow(at: Date): boolean {
  const p = londonParts(at)
  return p.weekday === 'Mon' && p.hour === WEEKLY_UPDATE_HOUR_LONDON
}

/** The ISO 8601 week of the UK calendar day of `at`, e.g. '2026-W48' (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeekLondon(at: Date): string {
  const p = londonParts(at)
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day))
  const weekday = date.getUTCDay() || 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}
