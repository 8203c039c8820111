/**
 * Reads a survey .ics in tests with the `ical.js` parser library (Mozilla's, RFC 5545): the
 * calendar's METHOD and its events with the properties the tests check.
 */
import ICAL from 'ical.js'

export interface ReadEvent {
  uid: string
  sequence: number
  status: string | null
  start: Date
  end: Date
  summary: string
  description: string
  location: string
  organizer: string
  attendees: string[]
}

/** Parses `text` (throws on malformed iCalendar) into its METHOD and VEVENTs. */
export function readInvite(text: string): { method: string | null; events: ReadEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const method = calendar.getFirstPropertyValue('method')
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const status = vevent.getFirstPropertyValue('status')
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: typeof status === 'string' ? status : null,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      description: event.description,
      location: event.location,
      organizer: event.organizer,
      attendees: event.attendees.map((a) => String(a.getFirstValue())),
    }
  })
  return { method: typeof method === 'string' ? method : null, events }
}
