import { useCallback, useMemo, useState, type ReactNode } from 'react'
import type { Task, TransactionDetail } from '#shared/contracts/transactions.ts'
import { rolesOnMove } from '#shared/domain/task-owners.ts'
import { useUpdateTask } from '../api'
import { StageCard } from './stage-card'
import { isSomeoneElsesTick, UntickDialog } from './untick-dialog'

/**
 * Timeline (spec: Screens and routes): stages by sort_index. Ticking a task updates at once and rolls back with
 * a toast when the server refuses (useUpdateTask). Unticking a task someone else ticked asks first.
 */
export function TimelineTab({
  detail,
  viewerName,
  viewerId,
  taskExtra,
}: {
  detail: TransactionDetail
  /** Under a task: a link from another feature (WorkspaceSlots.taskExtra). */
  taskExtra?: (task: Task) => ReactNode
  viewerName: string
  /** The viewer's profile id: unticking a task someone else ticked asks first (UntickDialog). */
  viewerId?: string
}) {
  const updateTask = useUpdateTask(detail.id, viewerName, viewerId)
  const { mutate } = updateTask
  const [confirmUntick, setConfirmUntick] = useState<Task | null>(null)
  const onToggleTask = useCallback(
    (task: Task, checked: boolean) => {
      if (!checked && isSomeoneElsesTick(task, viewerId)) {
        setConfirmUntick(task)
        return false
      }
      mutate({ taskId: task.id, status: checked ? 'completed' : 'not_completed', version: task.version })
      return true
    },
    [mutate, viewerId],
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
            taskExtra={taskExtra}
          />
        ))}
      </ol>
      <UntickDialog
        task={confirmUntick}
        onCancel={() => setConfirmUntick(null)}
        onConfirm={(task) => {
          setConfirmUntick(null)
          mutate({ taskId: task.id, status: 'not_completed', version: task.version })
        }}
      />
    </section>
  )
}
