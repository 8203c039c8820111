import { CheckCircle2, Circle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { Task } from '#shared/contracts/transactions.ts'
import { featureTickNote, selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import { cn } from '#web/lib/cn.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { taskOwnerLabel } from '../labels'
import { useTaskSaveState } from '../task-save-state'

/**
 * One task of a stage. Its owners get a real checkbox labelled with the task's title; everyone else
 * sees its state as an icon with the state in words for screen readers. Below: who ticks it, who
 * stands in when that owner is not on the move, and, once done, who ticked it and when.
 */
export function TaskRow({
  task,
  canTick,
  standInNote,
  onToggle,
  extra,
  link,
}: {
  task: Task
  canTick: boolean
  /** A page where the task's work is done (the TA6 form for its task), shown under the title. */
  link?: { to: string; label: string } | null
  /** Who completes it instead when its owner is not on the move (standInNote, src/shared/domain/task-owners.ts). */
  standInNote?: string | null
  /** Returns false when the change waits for a confirmation instead of being sent (UntickDialog). */
  onToggle: (task: Task, checked: boolean) => boolean
  /** Under the task: a link from another feature (the page where it is done). */
  extra?: ReactNode
}) {
  const done = task.status === 'completed'
  // A task that ticks itself from a record (src/shared/domain/self-ticking-tasks.ts) has no checkbox:
  // the server refuses a manual tick.
  const selfTicking = selfTickingRule(task.title)?.note ?? null
  // A task a feature ticks but a person may too (decision 062) keeps its checkbox, with the note.
  const autoNote = selfTicking ?? featureTickNote(task.title)
  // The box shows the click at once: the cached detail changes only after the tick's onMutate has
  // cancelled any refetch in flight (useUpdateTask), and a controlled input would otherwise snap back
  // for that moment. Cleared as soon as the task's status changes (the optimistic update, a rollback
  // or someone else's change).
  const [intended, setIntended] = useState<boolean | null>(null)
  const [seenDone, setSeenDone] = useState(done)
  if (seenDone !== done) {
    setSeenDone(done)
    setIntended(null)
  }
  const id = `task-${task.id}`
  const saving = useTaskSaveState(task.id)
  const meta = (
    <span className="text-xs text-muted-foreground">
      {taskOwnerLabel(task.owner_side)}
      {done && task.completed_by_name && (
        <>
          {' · '}Ticked by {task.completed_by_name}
          {task.completed_at && <> on {formatUkDate(task.completed_at)}</>}
        </>
      )}
      {task.dip && (
        <span className="block text-slate-700" data-testid="task-dip">
          Decision in principle from {task.dip.lender}, expires {formatUkDate(task.dip.expires_on)}
        </span>
      )}
      {autoNote && (
        <span className="block text-slate-700" data-testid="self-ticking-note">
          {autoNote}
        </span>
      )}
      {link && (
        <Link to={link.to} className="block font-medium text-primary underline">
          {link.label}
        </Link>
      )}
      {standInNote && (
        <span className="block text-amber-900" data-testid="stand-in-note">
          {standInNote}
        </span>
      )}
      {extra && <span className="block">{extra}</span>}
      {saving && (
        <span role="status" data-testid="task-save-state" className="block font-medium text-amber-800">
          {saving === 'offline' ? 'Not saved yet: you are offline. It is sent when you reconnect.' : 'Saving…'}
        </span>
      )}
    </span>
  )
  return (
    <li className="flex items-start gap-3 py-2" data-testid="task-row" data-done={done}>
      {canTick && !selfTicking ? (
        <>
          <input
            id={id}
            type="checkbox"
            checked={intended ?? done}
            onChange={(e) => {
              const checked = e.target.checked
              if (onToggle(task, checked)) setIntended(checked)
            }}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
          />
          <label htmlFor={id} className="flex min-w-0 cursor-pointer flex-col gap-0.5">
            <span className={cn('text-sm break-words', done && 'text-muted-foreground')}>{task.title}</span>
            {meta}
          </label>
        </>
      ) : (
        <>
          {done ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          ) : (
            <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
          )}
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className={cn('text-sm break-words', done && 'text-muted-foreground')}>
              {task.title}
              <span className="sr-only">{done ? ' (done)' : ' (not done)'}</span>
            </span>
            {meta}
          </div>
        </>
      )}
    </li>
  )
}
