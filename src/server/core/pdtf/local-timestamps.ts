/**
 * Date-times without a time-zone offset in a PDTF pack. PDTF's date-time is RFC 3339, which needs an
 * offset, but packs from other systems, the standard's own published example among them
 * (`2021-12-16T08:39:52` in ocSummaryData.officialCopyDateTime and its searches), write the local
 * time alone. In England and Wales that local time is Europe/London's, so it is read as such: the
 * offset in force then (GMT +00:00 or BST +01:00) is added, and the import says so as a warning
 * instead of refusing the pack (issue 39). Only whole values of exactly that form change.
 * Walked with its own stack (a pack already passed the shape limits of pack-shape.ts).
 */
import { fieldWords } from './field-words'

/** 2021-12-16T08:39:52, 2021-12-16T08:39 or 2021-12-16T08:39:52.123: a local date-time without an offset. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/

/** One value read as UK time: where, what it said, what it now says. */
export interface LocalTimestampRead {
  path: string
  from: string
  to: string
}

/** Minutes east of UTC in Europe/London at the instant `utcMs`. */
function londonOffsetMinutes(utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

/**
 * `value` with the Europe/London offset in force at that wall-clock time, or null when it is not a
 * local date-time. In the autumn's repeated hour the earlier (BST) reading is taken; a time in the
 * spring's skipped hour takes the offset after the change.
 */
export function withLondonOffset(value: string): string | null {
  const m = LOCAL_DATE_TIME.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s = '00', frac = ''] = m
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== Number(d)) return null
  // Try the offsets either side of the wall time; the first consistent one wins (BST before GMT).
  const candidates = [londonOffsetMinutes(wall - 60 * 60_000), londonOffsetMinutes(wall + 60 * 60_000)].sort(
    (a, b) => b - a,
  )
  const offset = candidates.find((o) => londonOffsetMinutes(wall - o * 60_000) === o) ?? candidates[0]!
  const sign = offset >= 0 ? '+' : '-'
  const abs = Math.abs(offset)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${sign}${hh}:${mm}`
}

type Frame = { value: unknown; path: string }

/**
 * A copy of `pack` with every local date-time given its Europe/London offset, and the list of values
 * read so (in document order). The pack itself is not changed.
 */
export function readLocalTimestamps(pack: unknown): { pack: unknown; read: LocalTimestampRead[] } {
  const read: LocalTimestampRead[] = []
  const copy: unknown = structuredClone(pack)
  const stack: Frame[] = [{ value: copy, path: '' }]
  while (stack.length) {
    const { value, path } = stack.pop()!
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i]
        const at = `${path}[${i}]`
        if (typeof item === 'string') {
          const to = withLondonOffset(item)
          if (to) {
            value[i] = to
            read.push({ path: at, from: item, to })
          }
        } else stack.push({ value: item, path: at })
      }
    } else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>
      for (const key of Object.keys(obj).reverse()) {
        const item = obj[key]
        const at = path ? `${path}.${key}` : key
        if (typeof item === 'string') {
          const to = withLondonOffset(item)
          if (to) {
            obj[key] = to
            read.push({ path: at, from: item, to })
          }
        } else stack.push({ value: item, path: at })
      }
    }
  }
  read.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { pack: copy, read }
}

/** The warning for one value read as UK time, in words: where, what it said and how it was read. */
export function localTimestampWarning(r: LocalTimestampRead): string {
  const zone = r.to.endsWith('+01:00') ? 'BST, +01:00' : 'GMT, +00:00'
  return `${fieldWords(r.path)}: “${r.from}” gives no time zone, so it was read as UK time (${zone}).`
}
