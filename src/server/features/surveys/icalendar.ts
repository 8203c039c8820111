/**
 * The iCalendar (RFC 5545) file sent with survey booking emails, written by the `ical-generator`
 * library: one VCALENDAR with one VEVENT, METHOD REQUEST for a booking or reschedule (same UID,
 * SEQUENCE bumped, RFC 5546 3.2.2) and METHOD CANCEL with STATUS:CANCELLED for a cancellation
 * (RFC 5546 3.2.5). Times are written in UTC; escaping and line folding are the library's.
 */
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

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

/** The .ics text of one event, CRLF line ends (the library's), the last line ended too (RFC 5545 3.1). */
export function calendarFile(event: CalendarEvent): string {
  const cancel = event.method === 'CANCEL'
  const calendar = ical({
    prodId: { company: 'Homeward', product: 'Survey bookings', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // CN is a quoted parameter: a double quote cannot appear inside it (RFC 5545 3.2).
    organizer: { name: event.organizer.name.replace(/"/g, ''), email: event.organizer.email },
    attendees: event.attendees.map((a) => ({
      name: a.name.replace(/"/g, ''),
      email: a.email,
      role: ICalAttendeeRole.REQ,
    })),
  })
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}

/** One visit in a surveyor's feed (a subscribed calendar: no organizer or attendees, nothing to answer). */
export interface FeedEvent {
  /** The same UID as the booking's emailed invite, so a calendar that has both shows one event. */
  uid: string
  sequence: number
  cancelled: boolean
  start: Date
  end: Date
  summary: string
  description: string
  location: string
}

/**
 * A read-only calendar feed (METHOD:PUBLISH, RFC 5546 3.2.1) of a surveyor's visits, for Google
 * Calendar's or Outlook's "subscribe from URL"; cancelled visits stay in it as STATUS:CANCELLED so a
 * subscribed calendar removes them. `stamp` is DTSTAMP for every event.
 */
export function calendarFeed(name: string, events: FeedEvent[], stamp: Date): string {
  const calendar = ical({
    prodId: { company: 'Homeward', product: 'Survey visits', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name,
    ttl: 60 * 15,
  })
  for (const e of events)
    calendar.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: e.description,
      location: e.location,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
