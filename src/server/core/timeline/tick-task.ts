/**
 * The one way a timeline task is ticked or unticked ('Working the timeline'), by hand
 * (features/transactions/update-task.ts) or because a record says so (CDD approved, funds satisfied,
 * TA6/TA10 signed, memorandum issued, DIP recorded, survey report delivered, enquiries raised or
 * resolved). Inside the caller's database transaction, for each task whose status changes:
 * - the task row is locked, its status, completed_at/by and version changed;
 * - its stage's percent and status are derived again from its tasks (deriveStageState);
 * - the audit trail records 'task.completed' or 'task.reopened' (which queues the webhook event);
 * and once for the move: its updated_at, the SLA clocks that start and stop on tasks
 * (src/shared/domain/sla-clocks.ts), the clock alerts now due, a 'task_reopened' notification to
 * whoever had completed a task someone else unticked, and a 'stage_completed' notification to
 * everyone on the move when a stage becomes complete.
 *
 * Callers check who may make the change (the manual tick's `update:task:own-side`, or the record's
 * own rule) before calling; this module decides nothing about permission.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  stageAfterTask,
  stageOfTaskTitle,
} from '#shared/domain/mortgages.ts'
import { deriveStageState } from '#shared/domain/stage-progress.ts'
import type { OwnerSide } from '#shared/domain/timeline-template.ts'
import { transactionPath } from '#shared/paths.ts'
import { transactionPeopleIds } from '#server/access/transactions.ts'
import { rows } from '#server/db/rows.ts'
import type { Tx } from '#server/db/client.ts'
import { tasks, timelineStages } from '#server/db/schema/index.ts'
import type { ActivityAudience } from '#shared/domain/activity-audiences.ts'
import { recordActivity } from '../audit/record-activity'
import { alertClocksOfTransaction } from '../clocks/check-clocks'
import { syncTaskClocks } from '../clocks/clock-sync'
import { notifyPeople, type NotificationDelivery } from '../notify/notify-people'
import { touchTransaction } from './touch-transaction'

/** Which task: by id, by title (the first in timeline order, or `all` of that title), or the first owned by a side. */
export type TaskSelector = { id: string } | { title: string; all?: boolean } | { ownerSide: OwnerSide }

export interface TickTaskOptions {
  txId: string
  task: TaskSelector
  status: 'completed' | 'not_completed'
  /** Profile id of the person whose action ticks the task (completed_by, the audit entry's actor). */
  actorId: string
  /**
   * Why, appended to the audit summary after the task and its stage, e.g. ' by approving client due
   * diligence' or ': the seller signed the form in Homeward'. Empty for a manual tick.
   */
  reason?: string | ((change: 'completed' | 'not_completed') => string)
  /** Extra audit payload beside { taskId, stageId }: ids, codes and causes only (it cannot be erased). */
  payload?: Record<string, unknown>
  ip?: string | null
  /** Where notification emails link to and whether they leave. */
  notify: NotificationDelivery
  /**
   * A narrower audience for the tick's audit entry and its task-reopened notice than everyone on the
   * move, when the cause is confidential (a due diligence decision, a source-of-funds review): the
   * task's state still shows on the timeline, the reason only to this audience (decision 052).
   */
  audience?: ActivityAudience
}

/** A task whose status this call changed. */
export interface TickedTask {
  id: string
  title: string
  stageId: string
  stageName: string
  status: 'completed' | 'not_completed'
  /** The stage's status moved to completed by this change. */
  completedStage: boolean
}

const LockedTask = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  stage_id: z.string(),
  stage_name: z.string(),
  completed_by: z.string().nullable(),
})

const StageRow = z.object({
  blocked_reason: z.string().nullable(),
  status: z.string(),
  percent_complete: z.number(),
  total: z.number(),
  done: z.number(),
})

/** Locks the selected tasks of the move, in timeline order. */
async function lockTasks(tx: Tx, txId: string, task: TaskSelector) {
  const where =
    'id' in task
      ? sql`k.id = ${task.id}`
      : 'title' in task
        ? sql`k.title = ${task.title}`
        : sql`k.owner_side = ${task.ownerSide}`
  const limit = 'title' in task && task.all ? sql`` : sql`limit 1`
  return rows(
    LockedTask,
    await tx.execute(sql`
      select k.id, k.title, k.status, k.stage_id, s.stage_name, k.completed_by
      from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${txId} and ${where}
      order by s.sort_index, k.sort_index ${limit} for update of k`),
  )
}

/**
 * Derives a stage's percent and status from its tasks (locked) and bumps its version when either
 * changes. Returns the status before and after.
 */
async function refreshStage(tx: Tx, stageId: string): Promise<{ before: string; after: string }> {
  const [row] = rows(
    StageRow,
    await tx.execute(sql`
      select s.blocked_reason, s.status, s.percent_complete,
        (select count(*) from tasks k where k.stage_id = s.id)::int as total,
        (select count(*) from tasks k where k.stage_id = s.id and k.status = 'completed')::int as done
      from timeline_stages s where s.id = ${stageId} for update`),
  )
  if (!row) throw new Error(`stage ${stageId} not found`)
  const next = deriveStageState(row.done, row.total, row.blocked_reason)
  if (next.status !== row.status || next.percentComplete !== row.percent_complete) {
    await tx
      .update(timelineStages)
      .set({
        status: next.status,
        percentComplete: next.percentComplete,
        version: sql`${timelineStages.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(timelineStages.id, stageId))
  }
  return { before: row.status, after: next.status }
}

async function actorName(tx: Tx, actorId: string): Promise<string> {
  const [row] = rows(
    z.object({ full_name: z.string() }),
    await tx.execute(sql`select full_name from profiles where id = ${actorId}`),
  )
  return row?.full_name ?? 'Someone'
}

/**
 * Ticks (`status: 'completed'`) or unticks the selected task(s) with every side effect listed above.
 * Tasks already in that status are left alone; a selector matching nothing changes nothing. Returns
 * the tasks it changed.
 */
export async function tickTask(tx: Tx, opts: TickTaskOptions): Promise<TickedTask[]> {
  const { txId, status, actorId } = opts
  const changed: TickedTask[] = []
  const reopened: z.infer<typeof LockedTask>[] = []
  for (const task of await lockTasks(tx, txId, opts.task)) {
    if (task.status === status) continue
    const completed = status === 'completed'
    await tx
      .update(tasks)
      .set({
        status,
        version: sql`${tasks.version} + 1`,
        updatedAt: sql`now()`,
        completedAt: completed ? sql`now()` : null,
        completedBy: completed ? actorId : null,
      })
      .where(eq(tasks.id, task.id))
    const stage = await refreshStage(tx, task.stage_id)
    const reason = typeof opts.reason === 'function' ? opts.reason(status) : (opts.reason ?? '')
    await recordActivity(tx, {
      transactionId: txId,
      actorId,
      kind: completed ? 'task.completed' : 'task.reopened',
      audience: opts.audience,
      summary: `${completed ? 'ticked' : 'unticked'} “${task.title}” (${task.stage_name})${reason}`,
      payload: { taskId: task.id, stageId: task.stage_id, ...opts.payload },
      ip: opts.ip,
    })
    if (!completed && task.completed_by && task.completed_by !== actorId) reopened.push(task)
    changed.push({
      id: task.id,
      title: task.title,
      stageId: task.stage_id,
      stageName: task.stage_name,
      status,
      completedStage: stage.after === 'completed' && stage.before !== 'completed',
    })
  }
  if (!changed.length) return changed
  if (changed.some((t) => stageOfTaskTitle(t.title) !== null)) await followMortgageStages(tx, txId, actorId, changed)
  await touchTransaction(tx, txId)
  await syncTaskClocks(tx, txId)
  await alertClocksOfTransaction(tx, txId, opts.notify)
  const link = transactionPath(txId, { tab: 'timeline' })
  const name = reopened.length || changed.some((t) => t.completedStage) ? await actorName(tx, actorId) : ''
  // Unticking someone else's work tells them: they may be relying on it being done.
  for (const task of reopened) {
    await notifyPeople(tx, {
      recipients: [task.completed_by!],
      kind: 'task_reopened',
      audience: opts.audience,
      transactionId: txId,
      actorId,
      title: `${name} unticked a task you completed`,
      body: `“${task.title}” (${task.stage_name}) shows as not done again.`,
      link,
      ...opts.notify,
    })
  }
  for (const t of changed.filter((c) => c.completedStage)) {
    await notifyPeople(tx, {
      recipients: await transactionPeopleIds(tx, txId),
      kind: 'stage_completed',
      transactionId: txId,
      actorId,
      title: `${t.stageName} is complete`,
      body: `${name} ticked the last task, “${t.title}”.`,
      link,
      ...opts.notify,
    })
  }
  return changed
}

const MortgageCaseStage = z.object({ id: z.string(), stage: z.enum(APPLICATION_STAGES) })

/**
 * The broker's application stage follows the timeline's mortgage tasks (issue 40, decision 059): for
 * each mapped task this call changed (domain/mortgages.ts STAGE_TASK_TITLES), each mortgage case on
 * the move moves by `stageAfterTask`, with an audit entry. The other direction (a stage moved by the
 * broker ticks the tasks) calls tickTask from features/mortgages/update-application.ts; there the
 * stage already agrees with the ticks, so nothing moves twice.
 */
async function followMortgageStages(tx: Tx, txId: string, actorId: string, changed: TickedTask[]): Promise<void> {
  const cases = rows(
    MortgageCaseStage,
    await tx.execute(sql`select id, stage from mortgage_cases where transaction_id = ${txId} order by id for update`),
  )
  for (const c of cases) {
    let next = c.stage
    for (const t of changed) {
      const taskStage = stageOfTaskTitle(t.title)
      if (taskStage) next = stageAfterTask(next, taskStage, t.status)
    }
    if (next === c.stage) continue
    await tx.execute(sql`update mortgage_cases set stage = ${next}, updated_at = now() where id = ${c.id}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId,
      kind: 'mortgage.stage_changed',
      summary: `moved the mortgage application to ${APPLICATION_STAGE_LABELS[next]} with the timeline`,
      payload: { caseId: c.id, stage: next },
    })
  }
}

/**
 * After a change to a stage's make-up rather than a tick (a block set or cleared, a task added):
 * derives the stage's status again and marks the move changed.
 */
export async function restageAfterEdit(tx: Tx, opts: { txId: string; stageId: string }): Promise<void> {
  await refreshStage(tx, opts.stageId)
  await touchTransaction(tx, opts.txId)
}
