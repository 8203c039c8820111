/**
 * A small RFC 5545 reader for tests: unfolds lines (3.1), splits name;params:value, unescapes TEXT
 * (3.3.11) and collects VEVENT properties. Stands in for an iCalendar parser library (ical.js) until
 * one is installed; it checks the structure strictly (BEGIN/END pairs, CRLF line ends).
 */
export interface ParsedCalendar {
  METHOD?: string
  VERSION?: string
  PRODID?: string
  events: Record<string, string>[]
}

/** Parses one VCALENDAR; throws on bare LF line ends, unbalanced BEGIN/END or lines without a colon. */
export function parseCalendar(text: string): ParsedCalendar {
  if (/[^\r]\n/.test(text)) throw new Error('iCalendar lines must end with CRLF')
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
  const stack: string[] = []
  const cal: ParsedCalendar = { events: [] }
  let event: Record<string, string> | null = null
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) throw new Error(`not a content line: ${line}`)
    const name = line.slice(0, colon).split(';')[0].toUpperCase()
    const value = line
      .slice(colon + 1)
      .replace(/\\n/gi, '\n')
      .replace(/\\([,;\\])/g, '$1')
    if (name === 'BEGIN') {
      stack.push(value)
      if (value === 'VEVENT') event = {}
    } else if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`unbalanced END:${value}`)
      if (value === 'VEVENT' && event) cal.events.push(event)
    } else if (event && stack.at(-1) === 'VEVENT') {
      event[name] = value
    } else if (stack.at(-1) === 'VCALENDAR') {
      ;(cal as unknown as Record<string, string>)[name] = value
    }
  }
  if (stack.length) throw new Error('unclosed BEGIN')
  return cal
}
