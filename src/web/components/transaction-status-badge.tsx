import { transactionStatusLabel } from '#shared/domain/statuses.ts'
import { Badge } from './ui/badge'

const VARIANTS = {
  draft: 'muted',
  active: 'soft',
  exchange: 'gold',
  completed: 'success',
  cancelled: 'destructive',
} as const

/**
 * A transaction's status badge (spec: States and transitions): Draft, Active, Exchanged, Completed, Cancelled;
 * anything unknown shows as Draft.
 */
export function TransactionStatusBadge({ status, className }: { status: string; className?: string }) {
  const variant = (VARIANTS as Record<string, (typeof VARIANTS)[keyof typeof VARIANTS]>)[status] ?? 'muted'
  return (
    <Badge variant={variant} className={className} data-testid="status-badge">
      {transactionStatusLabel(status)}
    </Badge>
  )
}
