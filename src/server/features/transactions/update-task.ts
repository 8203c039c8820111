/**
 * Ticks or unticks a task ('Working the timeline'). Only the task's owners may
 * (`canTickTask`, src/shared/domain/permissions.ts: the owner, or one stand-in of that side when the
 * owner is not on the move, src/shared/domain/task-owners.ts). Unticking a task someone else
 * completed notifies that person (kind 'task_reopened', their email settings honoured). The task's version must match (else 409, nothing
 * changes); the stage's percent and status are recomputed from its tasks in the same database
 * transaction, and the change is recorded in the audit trail.
 */
import { sql } from 'drizzle-orm'
import { canTickTask } from '#shared/domain/permissions.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { z } from 'zod'
import { requirePermission } from '#server/access/permissions.ts'

export const STALE_TASK_MESSAGE =
  'Someone else changed this task a moment ago. We have loaded the latest version: please check it and try again.'

/** Every role held on the move: participants' roles plus 'buyer'/'seller' from the transaction's columns. */
async function rolesOnTransaction(tx: Tx, txId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    select role from transaction_participants where transaction_id = ${txId}
    union select 'buyer' from transactions where id = ${txId} and buyer_user_id is not null
    union select 'seller' from transactions where id = ${txId} and seller_user_id is not null`)
  return rows(z.object({ role: z.string() }), res).map((r) => r.role)
}

const ManualTask = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  version: z.number(),
  owner_side: z.string().nullable(),
})

/** PATCH .../tasks/{taskId}: the manual tick, through the kernel's tickTask once the checks above pass. */
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
      select k.id, k.title, k.status, k.version, k.owner_side
      from tasks k join timeline_stages s on s.id = k.stage_id
      where k.id = ${taskId} and s.transaction_id = ${txId} for update of k`)
    const task = firstRow(ManualTask, res)
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
    await tickTask(tx, { txId, task: { id: taskId }, status, actorId: viewer.profileId, notify })
  })
}
