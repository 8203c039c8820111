import { formatUkDate, onFirstUse } from './formatters'

const LONDON_TIME = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
)

/** '14:07' in UK time (Europe/London). */
export function formatUkTime(value: Date | string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : LONDON_TIME().format(date)
}

/**
 * When a message was posted, short: '14:07' today, 'Yesterday, 14:07', else '05 Sep 2025, 14:07',
 * all in UK time (Europe/London).
 */
export function formatMessageTime(value: Date | string, now: Date = new Date()): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const day = formatUkDate(date)
  if (day === formatUkDate(now)) return formatUkTime(date)
  if (day === formatUkDate(new Date(now.getTime() - 24 * 60 * 60 * 1000))) return `Yesterday, ${formatUkTime(date)}`
  return `${day}, ${formatUkTime(date)}`
}

/** The full moment for a tooltip or `dateTime` reader: '05 Sep 2025, 14:07'. */
export function formatUkDateTimeFull(value: Date | string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : `${formatUkDate(date)}, ${formatUkTime(date)}`
}

/** How long ago: 'just now', '5 min ago', '3 h ago', '2 days ago', then the UK date after a week. */
export function timeAgo(value: Date | string, now: Date = new Date()): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`
  return formatUkDate(date)
}
