import type { ClockStatus, Enquiry } from '#shared/contracts/enquiries.ts'
import { SLA_STATUS_LABELS } from '#shared/domain/sla-clocks.ts'
import type { BadgeVariant } from '#web/components/ui/badge.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'

/** Badge style of an enquiry status. */
export const STATUS_VARIANT: Record<Enquiry['status'], BadgeVariant> = {
  open: 'soft',
  answered: 'default',
  further_enquiry: 'outline',
  satisfied: 'success',
  withdrawn: 'muted',
}

/** Badge style of an SLA status. */
export const SLA_VARIANT: Record<ClockStatus['sla'], BadgeVariant> = {
  on_track: 'muted',
  due_soon: 'gold',
  breached: 'destructive',
}

/** 'Reply due 30 Nov 2026', 'Paused while the stage is blocked', 'Replied on time' ... */
export function clockText(clock: ClockStatus | null): string | null {
  if (!clock) return null
  if (clock.state === 'met') return 'Replied within the SLA'
  if (clock.state === 'missed') return `Replied late (${clock.used_working_days} working days)`
  if (clock.state === 'paused') return 'Clock paused while the stage is blocked'
  const due = clock.due_date ? `due ${formatUkDate(clock.due_date)}` : ''
  return `${SLA_STATUS_LABELS[clock.sla]}: reply ${due}`
}
