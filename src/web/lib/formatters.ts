// Fixed three-letter months: ICU's en-GB short month for September is 'Sept', but the UK date
// format used across Homeward is 'dd MMM yyyy' (05 Sep 2025).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * `make()` on the first call, then the same value. The Intl formatters below are made on first
 * use, not when this module loads: a page's first Intl formatter loads the locale's data, about
 * 40 ms on a fast machine and four times that on a phone, which pages that format nothing skip.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: { made: T } | undefined
  return () => (value ??= { made: make() }).made
}

const LONDON_DATE = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: 'numeric', year: 'numeric' }),
)

const GBP = onFirstUse(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }))
const GBP_WHOLE = onFirstUse(
  () => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }),
)

/**
 * A date as 'dd MMM yyyy' in UK time (Europe/London), e.g. '05 Sep 2025'. Accepts a Date or an
 * ISO 8601 string; returns '' for an invalid date.
 */
export function formatUkDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  const parts = LONDON_DATE().formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')} ${MONTHS[Number(get('month')) - 1]} ${get('year')}`
}

/** Pounds sterling from a whole number of pence, e.g. 32500000 -> '£325,000.00'; `whole` drops the pence. */
export function formatGbpFromPence(pence: number, { whole = false }: { whole?: boolean } = {}): string {
  return (whole ? GBP_WHOLE : GBP)().format(pence / 100)
}

/** Pounds sterling from an amount in pounds, e.g. 1499.5 -> '£1,499.50'; `whole` rounds to pounds. */
export function formatGbp(pounds: number, { whole = false }: { whole?: boolean } = {}): string {
  return (whole ? GBP_WHOLE : GBP)().format(pounds)
}

const LONDON_TIME = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
)

/** A moment as 'dd MMM yyyy, HH:mm' in UK time (Europe/London), e.g. '05 Sep 2025, 14:07'; '' when invalid. */
export function formatUkDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  return `${formatUkDate(date)}, ${LONDON_TIME().format(date)}`
}

/** '1 day' or 'N days' (spec: Business constants and limits: whole days). */
export function pluralise(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
