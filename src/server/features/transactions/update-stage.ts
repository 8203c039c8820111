/**
 * Marks a stage blocked with a reason, or clears the block. Conveyancers only
 * (`canBlockStage`). The stage's version must match (else 409); its status is then derived from its
 * tasks again, and the change is recorded in the audit trail. A block records who and when
 * (blocked_by, blocked_at) and notifies everyone else on the move (kind 'stage_blocked') and every
 * party of the other moves in its chain (kind 'chain_update', town and district only).
 */
import { eq, sql } from 'drizzle-orm'
import { canBlockStage } from '#shared/domain/permissions.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer, transactionPeopleIds } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { timelineStages } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { runStageBlockHooks, type StageBlockHook } from '#server/core/timeline/timeline-hooks.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { syncClockPauses } from '#server/core/clocks/clock-sync.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { restageAfterEdit } from '#server/core/timeline/tick-task.ts'
import { requirePermission } from '#server/access/permissions.ts'

export async function updateStage({
  database,
  viewer,
  txId,
  stageId,
  blockedReason,
  version,
  notify,
  hooks,
}: {
  database: Database
  viewer: Viewer
  txId: string
  stageId: string
  blockedReason: string | null
  version: number
  /** Where notification emails link to and whether they leave (a block tells the move). */
  notify: NotificationDelivery
  /** What reacts to a block (src/server/timeline-hooks.ts). */
  hooks: readonly StageBlockHook[]
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    const res = await tx.execute(sql`
      select id, stage_name, version, blocked_reason from timeline_stages
      where id = ${stageId} and transaction_id = ${txId} for update`)
    const stage = res.rows[0] as
      { id: string; stage_name: string; version: number; blocked_reason: string | null } | undefined
    if (!stage) throw notFound('stage')
    requirePermission(
      'update:stage:block',
      canBlockStage(role),
      'Only a conveyancer on this move can block or unblock a stage.',
    )
    if (stage.version !== version) {
      throw new AppError(
        'conflict',
        'Someone else changed this stage a moment ago. We have loaded the latest version: please check it and try again.',
      )
    }
    if (stage.blocked_reason === blockedReason) return
    // Set the reason with a provisional status that satisfies the CHECK, then derive the real one.
    await tx
      .update(timelineStages)
      .set({
        blockedReason,
        blockedBy: blockedReason ? viewer.profileId : null,
        blockedAt: blockedReason ? sql`now()` : null,
        status: blockedReason ? 'blocked' : 'not_started',
        version: sql`${timelineStages.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(timelineStages.id, stageId))
    await restageAfterEdit(tx, { txId, stageId })
    // A blocked stage pauses its SLA clocks; clearing the block resumes them.
    await syncClockPauses(tx, txId)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: blockedReason ? 'stage.blocked' : 'stage.unblocked',
      summary: blockedReason
        ? `marked “${stage.stage_name}” blocked: ${blockedReason}`
        : `cleared the block on “${stage.stage_name}”`,
      payload: { stageId },
    })
    if (blockedReason) {
      await notifyPeople(tx, {
        recipients: await transactionPeopleIds(tx, txId),
        kind: 'stage_blocked',
        transactionId: txId,
        actorId: viewer.profileId,
        title: `${stage.stage_name} is blocked`,
        body: `${viewer.fullName} marked it blocked: ${blockedReason}`,
        link: transactionPath(txId, { tab: 'timeline' }),
        ...notify,
      })
      // Others hear of it through the timeline's hooks (the chain: src/server/timeline-hooks.ts).
      await runStageBlockHooks(hooks, tx, { txId, stageName: stage.stage_name, actorId: viewer.profileId, notify })
    }
  })
}
