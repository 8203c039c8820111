import { propertyFormPath } from '#shared/paths.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import { AlertTriangle, CheckCircle2, CircleDashed, Loader, OctagonAlert } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Task, TimelineStage } from '#shared/contracts/transactions.ts'
import { canBlockStage } from '#shared/domain/permissions.ts'
import { standInNote, taskOwnership } from '#shared/domain/task-owners.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { tasksCompleteLabel } from '../optimistic'
import { StageBlockDialog } from './stage-block-dialog'
import { TaskRow } from './task-row'

/** The timeline tasks done by filling a form in Homeward, and the form. */
const FORM_OF_TASK: Record<string, 'ta6' | 'ta10'> = { [TASK_TITLES.ta6Form]: 'ta6', [TASK_TITLES.ta10Form]: 'ta10' }
const formLink = (txId: string, form: 'ta6' | 'ta10') => ({
  to: propertyFormPath(txId, form),
  label: `Open the ${form.toUpperCase()} form`,
})

/** Spec: Business constants and limits: the timeline shows 3 tasks per stage until 'see all'. */
export const TASKS_SHOWN = 3

const ICONS = {
  completed: { Icon: CheckCircle2, className: 'bg-success text-success-foreground', label: 'Completed' },
  in_progress: { Icon: Loader, className: 'bg-primary-soft text-primary', label: 'In progress' },
  blocked: { Icon: OctagonAlert, className: 'bg-red-100 text-red-800', label: 'Blocked' },
  not_started: { Icon: CircleDashed, className: 'bg-muted text-muted-foreground', label: 'Not started' },
} as const

/**
 * One stage of the Timeline tab (spec: Screens and routes): icon, name, a Blocked badge when blocked, percent,
 * bar, 'N of M tasks complete', the blocked reason with who blocked it and when, and the first 3 tasks with a button to see all.
 * Conveyancers also get Mark blocked / Clear block.
 */
export function StageCard({
  txId,
  stage,
  viewerRole,
  rolesOnMove,
  onToggleTask,
  taskExtra,
}: {
  txId: string
  stage: TimelineStage
  viewerRole: string | null
  /** Every role held on the move, for who ticks a task whose owner is absent (taskOwnership). */
  rolesOnMove: readonly string[]
  onToggleTask: (task: Task, checked: boolean) => boolean
  /** Under a task: a link from another feature (WorkspaceSlots.taskExtra). */
  taskExtra?: (task: Task) => ReactNode
}) {
  const [expanded, setExpanded] = useState(false)
  const [blockOpen, setBlockOpen] = useState(false)
  const tasks = [...stage.tasks].sort((a, b) => a.sort_index - b.sort_index)
  const shown = expanded ? tasks : tasks.slice(0, TASKS_SHOWN)
  const hidden = tasks.length - TASKS_SHOWN
  const blocked = stage.status === 'blocked' || !!stage.blocked_reason
  const look =
    ICONS[
      blocked
        ? 'blocked'
        : (stage.status as keyof typeof ICONS) in ICONS
          ? (stage.status as keyof typeof ICONS)
          : 'not_started'
    ]
  // Conveyancers block a stage that is still open, and clear any block.
  const blockable = canBlockStage(viewerRole) && (!!stage.blocked_reason || stage.status !== 'completed')
  const headingId = `stage-${stage.id}`
  const listId = `stage-tasks-${stage.id}`

  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid="stage-card"
        className={cn(
          'flex flex-col gap-3 rounded-xl border bg-background p-4 shadow-sm sm:p-5',
          blocked && 'border-red-300',
        )}
      >
        <div className="flex items-start gap-3">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', look.className)}>
            <look.Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="font-semibold">
                {stage.stage_name}
              </h3>
              {blocked && (
                <Badge variant="destructive">
                  <AlertTriangle aria-hidden="true" />
                  Blocked
                </Badge>
              )}
              <span className="sr-only">{look.label}.</span>
            </div>
            <p className="text-sm text-muted-foreground">{tasksCompleteLabel(tasks)}</p>
          </div>
          <span className="text-lg font-bold" data-testid="stage-percent">
            {stage.percent_complete}%
          </span>
        </div>
        <Progress
          value={stage.percent_complete}
          aria-label={`${stage.stage_name} progress`}
          indicatorClassName={blocked ? 'bg-red-700' : stage.status === 'completed' ? 'bg-emerald-700' : undefined}
        />
        {stage.blocked_reason && (
          <p role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <strong>Blocked:</strong> {stage.blocked_reason}
            {stage.blocked_by_name && stage.blocked_at && (
              <span className="mt-1 block text-xs" data-testid="blocked-by">
                Blocked by {stage.blocked_by_name} on {formatUkDate(stage.blocked_at)}
              </span>
            )}
          </p>
        )}
        {tasks.length > 0 && (
          <ul id={listId} className="flex flex-col divide-y">
            {shown.map((task) => {
              const ownership = taskOwnership(task.owner_side, rolesOnMove)
              // A self-ticking task (its note shows in TaskRow) has no one to stand in for its owner.
              const automatic = selfTickingRule(task.title) !== null
              return (
                <TaskRow
                  key={task.id}
                  task={task}
                  canTick={!!viewerRole && ownership.roles.includes(viewerRole)}
                  standInNote={automatic ? null : standInNote(ownership)}
                  onToggle={onToggleTask}
                  extra={taskExtra?.(task)}
                  link={FORM_OF_TASK[task.title] ? formLink(txId, FORM_OF_TASK[task.title]!) : null}
                />
              )
            })}
          </ul>
        )}
        {(hidden > 0 || blockable) && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {hidden > 0 ? (
              <Button
                variant="link"
                className="h-auto px-0"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? 'Show fewer tasks' : `See all ${tasks.length} tasks`}
                <span className="sr-only"> in {stage.stage_name}</span>
              </Button>
            ) : (
              <span />
            )}
            {blockable && (
              <Button variant="outline" size="sm" onClick={() => setBlockOpen(true)}>
                {stage.blocked_reason ? 'Clear block' : 'Mark blocked'}
                <span className="sr-only"> on {stage.stage_name}</span>
              </Button>
            )}
          </div>
        )}
        {blockable && <StageBlockDialog txId={txId} stage={stage} open={blockOpen} onOpenChange={setBlockOpen} />}
      </article>
    </li>
  )
}
