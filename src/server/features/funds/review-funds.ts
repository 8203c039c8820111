/**
 * POST /api/transactions/{txId}/funds/review: the buyer's conveyancer marks the source of funds
 * satisfied or asks for more with a note. Satisfied completes the timeline task
 * "Source of funds and source of wealth evidence provided" (TASK_TITLES.sourceOfFunds) in the same
 * database transaction, with its own audit entry (as recording a DIP completes its task:
 * mortgages/record-dip.ts); asking for more reopens that task when it was ticked. The task is never
 * ticked by hand (update-task.ts refuses with SOURCE_OF_FUNDS_TASK_RULE). The buyers are told either
 * way (notification and email, kind 'funds_review'), with the note when more is asked.
 */
import { sql } from 'drizzle-orm'
import type { FundsPicture } from '#shared/contracts/funds.ts'
import type { FundsReviewDecision } from '#shared/domain/source-of-funds.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { fundsPath } from '#shared/paths.ts'
import { lockFundsForReviewer } from '#server/access/funds.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import { ensurePlan } from './give-funds'
import { buildFundsPicture, buyerIdsOf } from './read-funds'

export async function reviewFunds(opts: {
  database: Database
  viewer: Viewer
  txId: string
  decision: FundsReviewDecision
  note: string | undefined
  provider: OpenBankingProvider
  notify: NotificationDelivery
}): Promise<FundsPicture> {
  const { viewer, txId, decision } = opts
  return opts.database.db.transaction(async (tx) => {
    await lockFundsForReviewer(tx, viewer, txId)
    await ensurePlan(tx, txId)
    await tx.execute(sql`update funding_plans set review_decision = ${decision}, review_note = ${opts.note || null},
        reviewed_by = ${viewer.profileId}, reviewed_at = now(), version = version + 1, updated_at = now()
      where transaction_id = ${txId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: decision === 'satisfied' ? 'funds.satisfied' : 'funds.more_info_requested',
      summary:
        decision === 'satisfied'
          ? "marked the buyer's source of funds satisfied"
          : 'asked the buyer for more on their source of funds',
    })
    await tickTask(tx, {
      txId,
      task: { title: TASK_TITLES.sourceOfFunds },
      status: decision === 'satisfied' ? 'completed' : 'not_completed',
      actorId: viewer.profileId,
      reason: (change) =>
        change === 'completed' ? ' by marking the source of funds satisfied' : ' by asking for more',
      notify: opts.notify,
      // The task's state shows on the timeline; the review behind it is the buyer's firm's only (decision 052).
      audience: 'buyer_firm',
    })
    await notifyPeople(tx, {
      recipients: await buyerIdsOf(tx, txId),
      kind: 'funds_review',
      transactionId: txId,
      actorId: viewer.profileId,
      title:
        decision === 'satisfied'
          ? 'Your conveyancer is satisfied with your source of funds'
          : 'Your conveyancer needs more on your source of funds',
      body:
        decision === 'satisfied'
          ? `${viewer.fullName} marked your source of funds satisfied.`
          : `${viewer.fullName}: ${opts.note || 'Please open your source of funds and add what is missing.'}`,
      link: fundsPath(txId),
      ...opts.notify,
    })
    await touchTransaction(tx, txId)
    return buildFundsPicture(tx, txId, 'buyer_conveyancer', opts.provider)
  })
}
