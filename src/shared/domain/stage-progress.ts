/**
 * A stage's percent and status follow from its tasks and are never stored inconsistently with them:
 * percent = round(done / total * 100); status is 'blocked' while a blocked reason stands, else
 * 'completed' when every task is done, 'in_progress' when some are, 'not_started' when none are.
 */
import type { StageStatus } from './statuses'

export interface StageState {
  status: StageStatus
  percentComplete: number
}

/** Derives a stage's state from its task counts and blocked reason (null when not blocked). */
export function deriveStageState(done: number, total: number, blockedReason: string | null): StageState {
  const percentComplete = total === 0 ? 0 : Math.round((done / total) * 100)
  if (blockedReason) return { status: 'blocked', percentComplete }
  if (total > 0 && done === total) return { status: 'completed', percentComplete }
  return { status: done > 0 ? 'in_progress' : 'not_started', percentComplete }
}
