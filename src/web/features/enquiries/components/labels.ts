import type { ClockStatus, Enquiry } from '#shared/contracts/enquiries.ts'
import { clockWording, type ClockWordingStatus } from '#shared/domain/sla-wording.ts'
import { londonDate, type IsoDate } from '#shared/domain/working-days.ts'
import type { BadgeVariant } from '#web/components/ui/badge.tsx'

/** Badge style of an enquiry status. */
export const STATUS_VARIANT: Record<Enquiry['status'], BadgeVariant> = {
  open: 'soft',
  answered: 'default',
  further_enquiry: 'outline',
  satisfied: 'success',
  withdrawn: 'muted',
}

/** Badge style of an SLA status as worded (sla-wording.ts). */
export const SLA_VARIANT: Record<ClockWordingStatus, BadgeVariant> = {
  on_track: 'muted',
  due_soon: 'gold',
  breached: 'destructive',
  paused: 'muted',
}

/** The one SLA wording of an open clock, on London date `today`. */
export function wordClock(clock: ClockStatus, today: IsoDate = londonDate(new Date())) {
  return clockWording({ sla: clock.sla, paused: clock.state === 'paused', dueDate: clock.due_date }, today)
}

/**
 * 'Due soon: reply due 02 Dec 2026', 'Breached: reply was due 30 Nov 2026', 'Clock paused while the
 * stage is blocked', 'Replied within the SLA' ... Open clocks are worded by sla-wording.ts on `today`.
 */
export function clockText(clock: ClockStatus | null, today: IsoDate = londonDate(new Date())): string | null {
  if (!clock) return null
  if (clock.state === 'met') return 'Replied within the SLA'
  if (clock.state === 'missed') return `Replied late (${clock.used_working_days} working days)`
  const w = wordClock(clock, today)
  if (w.status === 'paused') return 'Clock paused while the stage is blocked'
  const paused = clock.state === 'paused' ? ' (clock paused while the stage is blocked)' : ''
  return `${w.label}: reply ${w.due ?? ''}${paused}`.trim()
}
