import { useCallback, useMemo } from 'react'
import type { Task, TransactionDetail } from '../../../../shared/contracts/transactions'
import { rolesOnMove } from '../../../../shared/domain/task-owners'
import { useUpdateTask } from '../api'
import { StageCard } from './stage-card'

/**
 * Timeline (spec section 2): stages by sort_index. Ticking a task updates at once and rolls back with
 * a toast when the server refuses (useUpdateTask).
 */
export function TimelineTab({ detail, viewerName }: { detail: TransactionDetail; viewerName: string }) {
  const updateTask = useUpdateTask(detail.id, viewerName)
  const { mutate } = updateTask
  const onToggleTask = useCallback(
    (task: Task, checked: boolean) =>
      mutate({ taskId: task.id, status: checked ? 'completed' : 'not_completed', version: task.version }),
    [mutate],
  )
  const roles = useMemo(() => rolesOnMove(detail), [detail])
  const stages = [...detail.timeline_stages].sort((a, b) => a.sort_index - b.sort_index)
  if (stages.length === 0) {
    return <p className="rounded-xl border bg-background p-6 text-muted-foreground">This move has no timeline yet.</p>
  }
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="sr-only">
        Timeline
      </h2>
      <ol className="flex flex-col gap-4" aria-label="Timeline stages">
        {stages.map((stage) => (
          <StageCard
            key={stage.id}
            txId={detail.id}
            stage={stage}
            viewerRole={detail.viewer_role}
            rolesOnMove={roles}
            onToggleTask={onToggleTask}
          />
        ))}
      </ol>
    </section>
  )
}
