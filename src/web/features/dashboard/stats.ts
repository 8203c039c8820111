import type { DashboardTransaction } from '#shared/contracts/transactions.ts'
import { isActiveMove } from '#shared/domain/statuses.ts'
import { overallProgress } from '#shared/domain/progress.ts'

export interface DashboardStats {
  /** Transactions whose status is active or draft. */
  activeMoves: number
  /** Mean of each transaction's overall progress, rounded to a whole percent; 0 with none. */
  avgProgress: number
  /** Participants summed over all transactions. */
  teamMembers: number
  totalMoves: number
}

/**
 * The four stat cards of /app/home (spec: Screens and routes): Active Moves (status active or draft), Avg
 * Progress (percent), Team Members (total participants) and Total Moves. A transaction's progress is
 * the rounded mean of its stages' percent_complete (spec: The calls the product makes).
 */
export function dashboardStats(transactions: ReadonlyArray<DashboardTransaction>): DashboardStats {
  const total = transactions.length
  const progressSum = transactions.reduce((sum, t) => sum + overallProgress(t.timeline_stages), 0)
  return {
    activeMoves: transactions.filter((t) => isActiveMove(t.status)).length,
    avgProgress: total === 0 ? 0 : Math.round(progressSum / total),
    teamMembers: transactions.reduce((sum, t) => sum + t.transaction_participants.length, 0),
    totalMoves: total,
  }
}
