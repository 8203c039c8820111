import type { TimelineStage, TransactionDetail } from '#shared/contracts/transactions.ts'
import { deriveStageState } from '#shared/domain/stage-progress.ts'

/**
 * A stage with its percent and status derived from its tasks by the server's own rule
 * (deriveStageState, src/shared/domain/stage-progress.ts), so the optimistic view matches the answer.
 */
export function deriveStage(stage: TimelineStage): TimelineStage {
  const done = stage.tasks.filter((t) => t.status === 'completed').length
  const next = deriveStageState(done, stage.tasks.length, stage.blocked_reason)
  return { ...stage, percent_complete: next.percentComplete, status: next.status }
}

/**
 * The detail as it will look once a task is ticked or unticked: the optimistic update shown before
 * the server answers. Returns the same object when the task is not found.
 */
export function withTaskStatus(
  detail: TransactionDetail,
  taskId: string,
  status: 'completed' | 'not_completed',
  by?: { name: string; at: string; id?: string },
): TransactionDetail {
  let found = false
  const stages = detail.timeline_stages.map((stage) => {
    if (!stage.tasks.some((t) => t.id === taskId)) return stage
    found = true
    return deriveStage({
      ...stage,
      tasks: stage.tasks.map((t) =>
        t.id === taskId
          ? {
              ...t,
              status,
              completed_at: status === 'completed' ? (by?.at ?? t.completed_at) : null,
              completed_by: status === 'completed' ? (by?.id ?? t.completed_by) : null,
              completed_by_name: status === 'completed' ? (by?.name ?? t.completed_by_name) : null,
            }
          : t,
      ),
    })
  })
  return found ? { ...detail, timeline_stages: stages } : detail
}

/** Counts of the Overview tab: stages completed and in progress (blocked counts as in progress). */
export function stageCounts(stages: ReadonlyArray<{ status: string }>): { completed: number; inProgress: number } {
  return {
    completed: stages.filter((s) => s.status === 'completed').length,
    inProgress: stages.filter((s) => s.status === 'in_progress' || s.status === 'blocked').length,
  }
}

/** 'N of M tasks complete' for a stage. */
export function tasksCompleteLabel(tasks: ReadonlyArray<{ status: string }>): string {
  const done = tasks.filter((t) => t.status === 'completed').length
  return `${done} of ${tasks.length} tasks complete`
}
