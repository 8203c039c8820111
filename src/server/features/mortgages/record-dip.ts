/**
 * POST /api/mortgages/{txId}/dips: records a lender's decision in principle on the broker's case and,
 * in the same database transaction, completes the move's DIP task (TASK_TITLES.decisionInPrinciple,
 * 'Offer accepted') with its own audit entry, so the timeline reads the DIP record (the task shows
 * its lender and expiry: get-transaction-detail). A case still at 'fact_find' moves to
 * 'decision_in_principle'. Refused, with nothing written: expiry not after issue (400, DIP_DATES_RULE,
 * also a CHECK constraint), a DIP document that is not one of this move's documents (422), not the
 * broker (403).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { DIP_DATES_RULE, type MortgageCase, type RecordDipInput } from '#shared/contracts/mortgages.ts'
import { ukCalendarDate } from '#shared/domain/mortgages.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { lockMortgageCaseForBroker } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import { ensureCase, readCase } from './read-case'
import { documentAudienceFor } from '#server/access/transactions.ts'

export const DIP_DOCUMENT_RULE = 'The DIP document must be one the buyer shared with you: a document on this move'

export async function recordDip(opts: {
  database: Database
  viewer: Viewer
  txId: string
  input: RecordDipInput
  /** Where notification emails link to (the DIP task may complete its stage). */
  notify: NotificationDelivery
}): Promise<MortgageCase> {
  const { viewer, txId, input, notify } = opts
  // The contract refuses this already; kept here so that no caller can write it (and the CHECK holds too).
  if (!(input.expires_on > input.issued_on)) throw new AppError('validation_failed', DIP_DATES_RULE)
  return opts.database.db.transaction(async (tx) => {
    await lockMortgageCaseForBroker(tx, viewer, txId)
    if (input.document_id) {
      const doc = await tx.execute(
        sql`select 1 from documents d where id = ${input.document_id} and transaction_id = ${txId}
          and ${documentAudienceFor('d', viewer.profileId)}`,
      )
      if (doc.rows.length === 0) throw new AppError('unprocessable', DIP_DOCUMENT_RULE)
    }
    const caseId = await ensureCase(tx, txId, viewer.profileId)
    const found = await tx.execute(sql`
      select k.id, k.status, k.stage_id, s.stage_name from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${txId} and k.title = ${TASK_TITLES.decisionInPrinciple}
      order by s.sort_index, k.sort_index limit 1 for update of k`)
    const task = firstRow(
      z.object({ id: z.string(), status: z.string(), stage_id: z.string(), stage_name: z.string() }),
      found,
    )
    const inserted = await tx.execute(sql`
      insert into mortgage_dips (case_id, transaction_id, lender, amount_pence, term_months, reference, issued_on,
        expires_on, document_id, task_id, created_by)
      values (${caseId}, ${txId}, ${input.lender}, ${input.amount_pence}, ${input.term_months}, ${input.reference},
        ${input.issued_on}::date, ${input.expires_on}::date, ${input.document_id ?? null}, ${task?.id ?? null},
        ${viewer.profileId})
      returning id`)
    const dipId = oneRow(IdRow, inserted).id
    await tx.execute(sql`update mortgage_cases set updated_at = now(),
        stage = case when stage = 'fact_find' then 'decision_in_principle' else stage end
      where id = ${caseId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'mortgage.dip_recorded',
      summary: `recorded a decision in principle from ${input.lender}, expiring ${ukCalendarDate(input.expires_on)}`,
      payload: { caseId, dipId },
    })
    await tickTask(tx, {
      txId,
      task: { title: TASK_TITLES.decisionInPrinciple },
      status: 'completed',
      actorId: viewer.profileId,
      reason: ' by recording a decision in principle',
      payload: { dipId },
      notify,
    })
    await touchTransaction(tx, txId)
    return readCase(tx, txId, viewer.profileId)
  })
}
