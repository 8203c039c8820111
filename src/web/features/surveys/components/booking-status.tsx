import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import { Badge } from '#web/components/ui/badge.tsx'

const LABEL: Record<SurveyBooking['status'], string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  report_delivered: 'Report delivered',
}

/** A booking's status as a badge: Booked, Cancelled, Report delivered. */
export function BookingStatus({ status }: { status: SurveyBooking['status'] }) {
  return (
    <Badge variant={status === 'report_delivered' ? 'success' : status === 'cancelled' ? 'muted' : 'soft'}>
      {LABEL[status]}
    </Badge>
  )
}
