/**
 * PUT /api/mortgages/{txId}/application: moves the application to a stage up to the offer; at
 * 'offer_issued' the offer's expiry date is kept (a new date resets its reminder). Audit entry on the
 * move. Broker only. In the same database transaction the timeline's mortgage tasks follow through the
 * one tick path (core/timeline/tick-task.ts): the tasks of the stages up to this one are ticked, those
 * after it unticked (STAGE_TASK_TITLES in domain/mortgages.ts, the one mapping).
 */
import { sql } from 'drizzle-orm'
import type { MortgageCase, UpdateApplicationInput } from '#shared/contracts/mortgages.ts'
import { APPLICATION_STAGE_LABELS, tasksForStage } from '#shared/domain/mortgages.ts'
import { lockMortgageCaseForBroker } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { ensureCase, readCase } from './read-case'

export async function updateApplication(opts: {
  database: Database
  viewer: Viewer
  txId: string
  input: UpdateApplicationInput
  notify: NotificationDelivery
}): Promise<MortgageCase> {
  const { viewer, txId, input } = opts
  const offer = input.stage === 'offer_issued' ? (input.offer_expires_on ?? null) : null
  return opts.database.db.transaction(async (tx) => {
    await lockMortgageCaseForBroker(tx, viewer, txId)
    const caseId = await ensureCase(tx, txId, viewer.profileId)
    await tx.execute(sql`update mortgage_cases set stage = ${input.stage},
        offer_reminded_at = case when offer_expires_on is not distinct from ${offer}::date then offer_reminded_at end,
        offer_expires_on = ${offer}::date, updated_at = now()
      where id = ${caseId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'mortgage.stage_changed',
      summary: `moved the mortgage application to ${APPLICATION_STAGE_LABELS[input.stage]}`,
      payload: { caseId, stage: input.stage },
    })
    const { completed, notCompleted } = tasksForStage(input.stage)
    const reason = ` by moving the mortgage application to ${APPLICATION_STAGE_LABELS[input.stage]}`
    for (const [titles, status] of [
      [completed, 'completed'],
      [notCompleted, 'not_completed'],
    ] as const) {
      for (const title of titles) {
        await tickTask(tx, {
          txId,
          task: { title },
          status,
          actorId: viewer.profileId,
          reason,
          payload: { caseId },
          notify: opts.notify,
        })
      }
    }
    return readCase(tx, txId, viewer.profileId)
  })
}
