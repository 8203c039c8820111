/** Transaction statuses. 'exchange' displays as 'Exchanged'; an unknown status displays as 'Draft'. */
export const TRANSACTION_STATUSES = ['draft', 'active', 'exchange', 'completed', 'cancelled'] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  exchange: 'Exchanged',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** Badge text of a transaction status; anything unknown displays as 'Draft'. */
export function transactionStatusLabel(status: string): string {
  return (TRANSACTION_STATUS_LABELS as Record<string, string>)[status] ?? 'Draft'
}

/** Statuses counted as 'Active Moves' on the dashboard (active or draft). */
export function isActiveMove(status: string): boolean {
  return status === 'active' || status === 'draft'
}

/** Timeline stage statuses: completed, in_progress, blocked; anything else is 'not started'. */
export const STAGE_STATUSES = ['not_started', 'in_progress', 'blocked', 'completed'] as const
export type StageStatus = (typeof STAGE_STATUSES)[number]

/** Task statuses: completed or not. */
export const TASK_STATUSES = ['not_completed', 'completed'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

/** The six document folders, a fixed list, in the Documents tab's display order. */
export const DOCUMENT_FOLDERS = ['Identity', 'Property', 'Searches', 'Mortgage', 'Contracts', 'Fixtures'] as const
export type DocumentFolder = (typeof DOCUMENT_FOLDERS)[number]

/** Tenure of the property (TA6 / TA7). */
export const TENURES = ['freehold', 'leasehold'] as const
export type Tenure = (typeof TENURES)[number]
