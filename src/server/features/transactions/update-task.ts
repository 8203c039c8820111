/**
 * Ticks or unticks a task ('Working the timeline'). Only the task's owners may
 * (`canTickTask`, src/shared/domain/permissions.ts: the owner, or one stand-in of that side when the
 * owner is not on the move, src/shared/domain/task-owners.ts). Unticking a task someone else
 * completed notifies that person (kind 'task_reopened', their email settings honoured). The task's version must match (else 409, nothing
 * changes); the stage's percent and status are recomputed from its tasks in the same database
 * transaction, and the change is recorded in the audit trail.
 */
import { eq, sql } from 'drizzle-orm'
import { canTickTask } from '#shared/domain/permissions.ts'
import { deriveStageState } from '#shared/domain/stage-progress.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer, transactionPeopleIds } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { tasks, timelineStages, transactions } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { alertClocksOfTransaction } from '#server/core/clocks/check-clocks.ts'
import { syncTaskClocks } from '#server/core/clocks/clock-sync.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { requirePermission } from '#server/access/permissions.ts'

export const STALE_TASK_MESSAGE =
  'Someone else changed this task a moment ago. We have loaded the latest version: please check it and try again.'

/**
 * Recomputes a stage's percent and status from its tasks (locked); bumps its version when it changes.
 * Returns the status before and after.
 */
export async function refreshStage(tx: Tx, stageId: string): Promise<{ before: string; after: string }> {
  const res = await tx.execute(sql`
    select s.blocked_reason, s.status, s.percent_complete,
      (select count(*) from tasks k where k.stage_id = s.id)::int as total,
      (select count(*) from tasks k where k.stage_id = s.id and k.status = 'completed')::int as done
    from timeline_stages s where s.id = ${stageId} for update`)
  const row = res.rows[0] as {
    blocked_reason: string | null
    status: string
    percent_complete: number
    total: number
    done: number
  }
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

/** Marks the transaction changed now (its updated_at), after a change to one of its stages or tasks. */
export async function touchTransaction(tx: Tx, txId: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ updatedAt: sql`now()` })
    .where(eq(transactions.id, txId))
}

/** Every role held on the move: participants' roles plus 'buyer'/'seller' from the transaction's columns. */
async function rolesOnTransaction(tx: Tx, txId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    select role from transaction_participants where transaction_id = ${txId}
    union select 'buyer' from transactions where id = ${txId} and buyer_user_id is not null
    union select 'seller' from transactions where id = ${txId} and seller_user_id is not null`)
  return (res.rows as { role: string }[]).map((r) => r.role)
}

export async function updateTask({
  database,
  viewer,
  txId,
  taskId,
  status,
  version,
  notify,
}: {
  database: Database
  viewer: Viewer
  txId: string
  taskId: string
  status: 'completed' | 'not_completed'
  version: number
  /** Where notification emails link to and whether they leave ('a stage completed'). */
  notify: NotificationDelivery
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    const res = await tx.execute(sql`
      select k.id, k.title, k.status, k.version, k.owner_side, k.stage_id, k.completed_by, s.stage_name
      from tasks k join timeline_stages s on s.id = k.stage_id
      where k.id = ${taskId} and s.transaction_id = ${txId} for update of k`)
    const task = res.rows[0] as
      | {
          id: string
          title: string
          status: string
          version: number
          owner_side: string | null
          stage_id: string
          completed_by: string | null
          stage_name: string
        }
      | undefined
    if (!task) throw notFound('task')
    requirePermission(
      'update:task:own-side',
      canTickTask(role, task.owner_side, await rolesOnTransaction(tx, txId)),
      'This task belongs to another party on the move, so only they can tick it.',
    )
    // Tasks that tick themselves from a record (src/shared/domain/self-ticking-tasks.ts): the ID and AML
    // tasks follow the CDD records both ways; the others refuse a manual tick.
    const selfTicking = selfTickingRule(task.title)
    if (selfTicking?.refuses === 'both') throw new AppError('unprocessable', selfTicking.refusal)
    if (task.version !== version) throw new AppError('conflict', STALE_TASK_MESSAGE)
    if (task.status === status) return
    if (selfTicking && status === 'completed') throw new AppError('unprocessable', selfTicking.refusal)
    await tx
      .update(tasks)
      .set({
        status,
        version: sql`${tasks.version} + 1`,
        updatedAt: sql`now()`,
        completedAt: status === 'completed' ? sql`now()` : null,
        completedBy: status === 'completed' ? viewer.profileId : null,
      })
      .where(eq(tasks.id, taskId))
    const stage = await refreshStage(tx, task.stage_id)
    await touchTransaction(tx, txId)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: status === 'completed' ? 'task.completed' : 'task.reopened',
      summary: `${status === 'completed' ? 'ticked' : 'unticked'} “${task.title}” (${task.stage_name})`,
      payload: { taskId, stageId: task.stage_id },
    })
    // SLA clocks start and stop on tasks (src/shared/domain/sla-clocks.ts).
    await syncTaskClocks(tx, txId)
    await alertClocksOfTransaction(tx, txId, notify)
    // Unticking someone else's work tells them: they may be relying on it being done.
    if (status === 'not_completed' && task.completed_by && task.completed_by !== viewer.profileId) {
      await notifyPeople(tx, {
        recipients: [task.completed_by],
        kind: 'task_reopened',
        transactionId: txId,
        actorId: viewer.profileId,
        title: `${viewer.fullName} unticked a task you completed`,
        body: `“${task.title}” (${task.stage_name}) shows as not done again.`,
        link: transactionPath(txId, { tab: 'timeline' }),
        ...notify,
      })
    }
    if (stage.after === 'completed' && stage.before !== 'completed') {
      await notifyPeople(tx, {
        recipients: await transactionPeopleIds(tx, txId),
        kind: 'stage_completed',
        transactionId: txId,
        actorId: viewer.profileId,
        title: `${task.stage_name} is complete`,
        body: `${viewer.fullName} ticked the last task, “${task.title}”.`,
        link: transactionPath(txId, { tab: 'timeline' }),
        ...notify,
      })
    }
  })
}
