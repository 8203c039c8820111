/**
 * UK dates and times for server-written text (emails, notifications, messages): dd MMM yyyy and
 * HH:mm in Europe/London, whatever the server's own time zone.
 */
const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
})
const UK_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
})

/** '08 Jan 2026' (Europe/London). */
export function ukDate(at: Date): string {
  return UK_DATE.format(at)
}

/** '08 Jan 2026, 14:05' (Europe/London). */
export function ukDateTime(at: Date): string {
  return UK_DATE_TIME.format(at)
}
