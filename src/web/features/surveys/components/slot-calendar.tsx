import { useState } from 'react'
import type { SurveySlot } from '#shared/contracts/surveys.ts'
import { londonWallClock } from '#shared/domain/surveys.ts'
import { cn } from '#web/lib/cn.ts'

const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: '2-digit',
  month: 'short',
})
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
})
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The wide grid's column for an ISO weekday (1 Monday), literal so Tailwind keeps each class. */
const WEEKDAY_COLUMN = [
  '',
  'md:col-start-1',
  'md:col-start-2',
  'md:col-start-3',
  'md:col-start-4',
  'md:col-start-5',
  'md:col-start-6',
  'md:col-start-7',
]

/** A slot's key: surveyor and start. */
export const slotKey = (s: Pick<SurveySlot, 'surveyor_id' | 'starts_at'>) => `${s.surveyor_id}|${s.starts_at}`

/**
 * The free slots as a calendar (replacing one long list): the days that have slots as a grid of
 * buttons (weekday, date, how many times), then the chosen day's times, each a button naming the
 * surveyor. Every control is a real button in tab order with its state announced (aria-pressed), so
 * it works from the keyboard and with a screen reader. Times are UK time.
 */
export function SlotCalendar({
  slots,
  value,
  onChange,
}: {
  slots: SurveySlot[]
  value: string
  onChange: (key: string) => void
}) {
  const byDay = new Map<string, SurveySlot[]>()
  for (const s of slots) {
    const day = londonWallClock(new Date(s.starts_at)).date
    byDay.set(day, [...(byDay.get(day) ?? []), s])
  }
  const days = [...byDay.keys()].sort()
  const chosenDay = value ? londonWallClock(new Date(value.split('|')[1]!)).date : null
  const [day, setDay] = useState<string | null>(chosenDay ?? days[0] ?? null)
  const times = day ? (byDay.get(day) ?? []) : []
  return (
    <div className="flex flex-col gap-4" data-testid="slot-calendar">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">Day (UK time)</legend>
        <p
          aria-hidden="true"
          className="mb-1 hidden grid-cols-7 gap-2 text-center text-xs text-muted-foreground md:grid"
        >
          {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((w) => (
            <span key={w}>{w}</span>
          ))}
        </p>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 md:grid-cols-7">
          {days.map((d, i) => {
            const first = byDay.get(d)![0]!
            // On a wide screen the grid is a week, Monday to Sunday: the first day starts in its weekday's column.
            const column = i === 0 ? WEEKDAY_COLUMN[londonWallClock(new Date(first.starts_at)).weekday] : ''
            return (
              <li key={d} className={column}>
                <button
                  type="button"
                  aria-pressed={d === day}
                  onClick={() => setDay(d)}
                  className={cn(
                    'flex w-full flex-col items-center rounded-md border px-1 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    d === day ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                  )}
                >
                  <span className="font-medium">{DAY.format(new Date(first.starts_at))}</span>
                  <span className="text-xs">
                    {byDay.get(d)!.length} time{byDay.get(d)!.length === 1 ? '' : 's'}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      </fieldset>
      {day ? (
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium">
            Time on {LONG_DAY.format(new Date(times[0]?.starts_at ?? `${day}T12:00:00Z`))}
          </legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
            {times.map((s) => (
              <li key={slotKey(s)}>
                <button
                  type="button"
                  aria-pressed={value === slotKey(s)}
                  onClick={() => onChange(slotKey(s))}
                  className={cn(
                    'flex w-full flex-col items-start rounded-md border px-3 py-2 text-left text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    value === slotKey(s) ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                  )}
                >
                  <span className="font-medium">{TIME.format(new Date(s.starts_at))}</span>
                  <span className="text-xs">{s.surveyor_name}</span>
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  )
}
