import { describe, expect, it } from 'vitest'
import { calendarFile, type CalendarEvent } from './icalendar'
import { readInvite } from './read-invite.test-helper'

const visit: CalendarEvent = {
  uid: 'b1@homeward',
  sequence: 1,
  method: 'REQUEST',
  start: new Date('2026-12-01T10:00:00Z'),
  end: new Date('2026-12-01T13:00:00Z'),
  summary: 'RICS Home Survey Level 2: 12 Clarence Road, St Albans',
  description: `Price £650.00; including VAT. ${'A long line that the library must fold. '.repeat(3)}`,
  location: '12 Clarence Road, St Albans, AL1 4NG',
  organizer: { name: 'Oliver "Ollie" Hart', email: 'o@example.test' },
  attendees: [{ name: 'Amelia Clarke', email: 'a@example.test' }],
  stamp: new Date('2026-11-27T00:00:00Z'),
}

describe('survey invite (.ics) written by ical-generator', () => {
  it('writes a request that ical.js parses back, text escaped and lines folded at 75 octets', () => {
    const text = calendarFile(visit)
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const cal = readInvite(text)
    expect(cal.method).toBe('REQUEST')
    expect(cal.events).toHaveLength(1)
    expect(cal.events[0]).toMatchObject({
      uid: 'b1@homeward',
      sequence: 1,
      status: 'CONFIRMED',
      start: visit.start,
      end: visit.end,
      summary: visit.summary,
      location: visit.location,
      description: visit.description,
      organizer: 'mailto:o@example.test',
    })
    expect(cal.events[0].attendees).toEqual([expect.stringMatching(/^mailto:a@example\.test$/i)])
  })

  it('writes a cancellation as METHOD:CANCEL with STATUS:CANCELLED and the same UID', () => {
    const cal = readInvite(calendarFile({ ...visit, method: 'CANCEL', sequence: 2 }))
    expect(cal.method).toBe('CANCEL')
    expect(cal.events[0]).toMatchObject({ uid: 'b1@homeward', sequence: 2, status: 'CANCELLED' })
  })
})
