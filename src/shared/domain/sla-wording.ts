/**
 * How an open SLA clock is worded, everywhere people read it: the cases board's badge, the matter's
 * enquiry cards and the SLA alert emails. One function, so no page can call a clock 'Due soon' or an
 * email say 'Due today' of a date already past (issue 37 item 8; decision 057).
 *
 * Rules, judged on `today` (the Europe/London calendar date, 'yyyy-mm-dd'):
 * - a due date before today, or a status of 'breached': 'Breached', "was due 30 Nov 2026"; if the
 *   clock is paused as well its due date is still shown as past;
 * - paused (its stage is blocked) with no due date reached: 'Paused', no due date;
 * - due today: 'Due soon', "due today (01 Dec 2026)";
 * - due soon (at most DUE_SOON_WORKING_DAYS working days left): 'Due soon', "due 02 Dec 2026";
 * - otherwise 'On track', "due 08 Dec 2026".
 */
import { SLA_STATUS_LABELS, type SlaStatus } from './sla-clocks'
import type { IsoDate } from './working-days'

/** What the wording reads of a clock: its evaluated status, whether paused, its due date. */
export interface ClockWordingInput {
  /** evaluateClock's sla, or the board's stored-milestone status. */
  sla: SlaStatus
  paused: boolean
  /** The last working day allowed, 'yyyy-mm-dd'; null while a block has kept the clock from reaching it. */
  dueDate: IsoDate | null
}

/** The badge a clock shows: its status as read today. */
export type ClockWordingStatus = SlaStatus | 'paused'

export interface ClockWording {
  status: ClockWordingStatus
  /** 'Breached', 'Paused', 'Due soon' or 'On track'. */
  label: string
  /** 'was due 30 Nov 2026', 'due today (01 Dec 2026)', 'due 08 Dec 2026', or null with no due date. */
  due: string | null
  /** Whether the due date is before today. */
  past: boolean
  /** One line for a notice or an email: 'Breached: was due 30 Nov 2026.', 'Due soon: due today (01 Dec 2026).' */
  sentence: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'yyyy-mm-dd' as 'dd MMM yyyy' (the calendar date itself, no time zone shift). */
export function ukCalendarDate(d: IsoDate): string {
  const [y, m, day] = d.split('-')
  return `${day} ${MONTHS[Number(m) - 1]} ${y}`
}

/** The wording of an open clock on London date `today`. Pure. */
export function clockWording(clock: ClockWordingInput, today: IsoDate): ClockWording {
  const past = clock.dueDate !== null && clock.dueDate < today
  const status: ClockWordingStatus = past || clock.sla === 'breached' ? 'breached' : clock.paused ? 'paused' : clock.sla
  const label = status === 'paused' ? 'Paused' : SLA_STATUS_LABELS[status]
  const due =
    clock.dueDate === null
      ? null
      : past
        ? `was due ${ukCalendarDate(clock.dueDate)}`
        : clock.dueDate === today
          ? `due today (${ukCalendarDate(clock.dueDate)})`
          : `due ${ukCalendarDate(clock.dueDate)}`
  const tail = [due, clock.paused ? 'paused while its stage is blocked' : null].filter(Boolean).join(', ')
  return { status, label, due, past, sentence: `${label}${tail ? `: ${tail}` : ''}.` }
}
