import { describe, expect, it } from 'vitest'
import { calendarFile, escapeText, foldLine } from './icalendar'
import { parseCalendar } from './icalendar-parse.test-helper'

describe('RFC 5545 writer', () => {
  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeText('a, b; c\\d\ne')).toBe('a\\, b\\; c\\\\d\\ne')
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(60)}`)
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  })
  it('writes an event that a strict reader parses back', () => {
    const text = calendarFile({
      uid: 'b1@homeward',
      sequence: 1,
      method: 'REQUEST',
      start: new Date('2026-12-01T10:00:00Z'),
      end: new Date('2026-12-01T13:00:00Z'),
      summary: 'RICS Home Survey Level 2: 12 Clarence Road, St Albans',
      description: 'Price £650.00; including VAT',
      location: '12 Clarence Road, St Albans, AL1 4NG',
      organizer: { name: 'Oliver "Ollie" Hart', email: 'o@example.test' },
      attendees: [{ name: 'Amelia Clarke', email: 'a@example.test' }],
      stamp: new Date('2026-11-27T00:00:00Z'),
    })
    const cal = parseCalendar(text)
    expect(cal).toMatchObject({ VERSION: '2.0', METHOD: 'REQUEST' })
    expect(cal.events[0]).toMatchObject({
      UID: 'b1@homeward',
      DTSTART: '20261201T100000Z',
      DTEND: '20261201T130000Z',
      LOCATION: '12 Clarence Road, St Albans, AL1 4NG',
      DESCRIPTION: 'Price £650.00; including VAT',
      SEQUENCE: '1',
    })
  })
})
