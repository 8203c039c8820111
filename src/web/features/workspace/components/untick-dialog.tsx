import type { Task } from '#shared/contracts/transactions.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'

/**
 * True when unticking `task` would undo someone else's work: it is done and was ticked by another
 * person ("Unticking someone else's task asks first and tells them").
 */
export function isSomeoneElsesTick(task: Task, viewerId: string | undefined): boolean {
  return task.status === 'completed' && !!task.completed_by && task.completed_by !== viewerId
}

/**
 * Asks before unticking a task another person completed, naming them; the server then notifies them
 * (update-task.ts, kind 'task_reopened').
 */
export function UntickDialog({
  task,
  onConfirm,
  onCancel,
}: {
  task: Task | null
  onConfirm: (task: Task) => void
  onCancel: () => void
}) {
  const who = task?.completed_by_name ?? 'another person'
  return (
    <AlertDialog open={!!task} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Untick {who}’s task?</AlertDialogTitle>
        <AlertDialogDescription>
          {task && (
            <>
              {who} ticked “{task.title}”{task.completed_at ? ` on ${formatUkDate(task.completed_at)}` : ''}. It will
              show as not done again for everyone on the move, and we will tell {who}.
            </>
          )}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it ticked</AlertDialogCancel>
          <Button onClick={() => task && onConfirm(task)}>Untick</Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
