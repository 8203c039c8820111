/**
 * Writes the iCalendar (RFC 5545) file sent with survey booking emails: one VCALENDAR with one VEVENT,
 * METHOD REQUEST for a booking or reschedule (same UID, SEQUENCE bumped) and METHOD CANCEL with
 * STATUS:CANCELLED for a cancellation. Times in UTC (RFC 5545 3.3.5 form 2), text escaped (3.3.11),
 * lines folded at 75 octets (3.1), CRLF line ends. Written here because no iCalendar writer is in
 * node_modules; the `ical-generator` package could replace it.
 */

export interface CalendarEvent {
  /** Globally unique and stable across updates: `<booking id>@homeward`. */
  uid: string
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  start: Date
  end: Date
  summary: string
  description: string
  location: string
  organizer: { name: string; email: string }
  attendees: { name: string; email: string }[]
  /** DTSTAMP: when this file was written. */
  stamp: Date
}

/** 20261201T100000Z (RFC 5545 3.3.5, UTC). */
function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** Escapes TEXT values: backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** A quoted parameter value (CN): double quotes are not allowed inside, so they are dropped. */
function param(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`
}

/** Folds a content line to at most 75 octets per line, continuation lines starting with a space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8')
    const limit = parts.length === 0 ? 75 : 74
    if (size + n > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += n
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The .ics text of one event, CRLF line ends. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homeward//Survey bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map((a) => `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT:mailto:${a.email}`),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
