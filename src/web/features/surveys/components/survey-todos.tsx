import { Link } from 'react-router'
import { surveyBookingPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { useTransactionSurveys } from '../api'

/** Who books a move's survey: the buyer's side (access/surveys.ts SURVEY_BOOKER_ROLES). */
const BOOKERS = ['buyer', 'buyer_conveyancer', 'buyers_agent']

/**
 * The survey's step on 'What is left for you' (decision 063), for the buyer's side while the move
 * is open: book a RICS Home Survey or valuation, then the booking until its report arrives.
 */
export function useSurveyTodos(txId: string, viewerRole: string | null, moveOpen: boolean): TodoItem[] {
  const mine = moveOpen && !!viewerRole && BOOKERS.includes(viewerRole)
  const surveys = useTransactionSurveys(txId, mine)
  if (!mine || !surveys.data) return []
  const booking = surveys.data.bookings.find((b) => b.status !== 'cancelled')
  const link = (label: string) => (
    <Button asChild size="sm" variant="outline">
      <Link to={surveyBookingPath(txId)}>{label}</Link>
    </Button>
  )
  if (!booking)
    return [
      {
        key: 'survey',
        state: surveys.data.can_book ? 'todo' : 'waiting',
        label: 'Book a survey',
        hint: 'A RICS Home Survey or a valuation, with a surveyor who covers the area.',
        action: link('Book a survey'),
      },
    ]
  return [
    {
      key: 'survey',
      state: booking.status === 'report_delivered' ? 'done' : 'waiting',
      label:
        booking.status === 'report_delivered'
          ? `${booking.product.label}: report delivered`
          : `${booking.product.label} on ${formatUkDate(booking.starts_at)}`,
      hint: booking.status === 'report_delivered' ? 'The report is in Documents.' : `With ${booking.firm_name}.`,
      action: link('View the survey'),
    },
  ]
}
