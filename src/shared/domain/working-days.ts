/**
 * Working days in England and Wales: Monday to Friday except the bank holidays of the
 * 'england-and-wales' division of GOV.UK's official list (https://www.gov.uk/bank-holidays.json),
 * shipped as data in bank-holidays-england-and-wales.json and refreshed with
 * `node scripts/bank-holidays.mjs`. Substitute days (Christmas or Boxing Day on a weekend) are in the
 * list as GOV.UK publishes them. Dates are calendar days in Europe/London as 'yyyy-mm-dd' strings;
 * after the last year of the list only weekends are skipped (see CALENDAR_COVERED_UNTIL).
 */
import holidays from './bank-holidays-england-and-wales.json'

/** A calendar date, 'yyyy-mm-dd' (Europe/London). */
export type IsoDate = string

interface BankHolidayEvent {
  title: string
  date: string
  notes: string
  bunting: boolean
  provisional: boolean
}

const EVENTS = holidays.events as BankHolidayEvent[]
const BANK_HOLIDAYS = new Map(EVENTS.map((e) => [e.date, e]))

/** Where the list comes from, named in the data file itself. */
export const BANK_HOLIDAY_SOURCE = holidays.source

/** Last date the bank holiday list covers; later dates count only weekends as non-working days. */
export const CALENDAR_COVERED_UNTIL: IsoDate = `${EVENTS[EVENTS.length - 1].date.slice(0, 4)}-12-31`

/** How long before the list ends the start log and the firm admins are warned: a year (issue 41 item 5). */
export const BANK_HOLIDAY_WARNING_DAYS = 365

/**
 * Why the working-day clocks will soon go wrong, or null: from a year before CALENDAR_COVERED_UNTIL
 * (`coveredUntil`, for tests) the bank holiday list must be refreshed, since past its end bank
 * holidays would silently count as working days. The text names the date and the command
 * (`npm run bank-holidays -- --from bank-holidays.json`, the file downloaded from GOV.UK).
 */
export function bankHolidayDataWarning(today: IsoDate, coveredUntil: IsoDate = CALENDAR_COVERED_UNTIL): string | null {
  const days = Math.round((Date.parse(`${coveredUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
  if (days > BANK_HOLIDAY_WARNING_DAYS) return null
  const [y, m, d] = coveredUntil.split('-')
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  const until = `${d} ${months[Number(m) - 1]} ${y}`
  const when = days < 0 ? `ended on ${until}: bank holidays since then count as working days` : `ends on ${until}`
  return `The bank holiday list for working-day clocks ${when}. Download https://www.gov.uk/bank-holidays.json and run npm run bank-holidays -- --from bank-holidays.json, then deploy.`
}

const LONDON_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The Europe/London calendar date of an instant, e.g. 2026-03-29T23:30Z -> '2026-03-30' (BST). */
export function londonDate(at: Date): IsoDate {
  return LONDON_DATE.format(at)
}

const DAY_MS = 86_400_000
const toUtc = (d: IsoDate) => Date.parse(`${d}T00:00:00Z`)
const fromUtc = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10)

/** The calendar day after `d`. */
export function nextDay(d: IsoDate): IsoDate {
  return fromUtc(toUtc(d) + DAY_MS)
}

/** The bank holiday on `d` ({ title, notes }), or null. */
export function bankHoliday(d: IsoDate): { title: string; notes: string } | null {
  const e = BANK_HOLIDAYS.get(d)
  return e ? { title: e.title, notes: e.notes } : null
}

/** True on Saturday and Sunday. */
export function isWeekend(d: IsoDate): boolean {
  const day = new Date(toUtc(d)).getUTCDay()
  return day === 0 || day === 6
}

/** Monday to Friday and not an England and Wales bank holiday. */
export function isWorkingDay(d: IsoDate): boolean {
  return !isWeekend(d) && !BANK_HOLIDAYS.has(d)
}

/**
 * The date `n` working days after `d` (n >= 0; `d` itself never counts). n = 0 returns `d`.
 * E.g. addWorkingDays('2026-12-24', 1) = '2026-12-29' (25th Christmas, 26th-27th weekend, 28th
 * Boxing Day substitute).
 */
export function addWorkingDays(d: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`addWorkingDays: n must be a whole number >= 0, got ${n}`)
  let day = d
  let left = n
  while (left > 0) {
    day = nextDay(day)
    if (isWorkingDay(day)) left -= 1
  }
  return day
}

/** Working days in the half-open range (from, to]: after `from`, up to and including `to`. 0 when to <= from. */
export function workingDaysBetween(from: IsoDate, to: IsoDate): number {
  let count = 0
  for (let day = nextDay(from); day <= to; day = nextDay(day)) if (isWorkingDay(day)) count += 1
  return count
}

/** Every bank holiday date of the list, in order (what a stored working-day computation depends on). */
export const BANK_HOLIDAY_DATES: readonly IsoDate[] = EVENTS.map((e) => e.date)
