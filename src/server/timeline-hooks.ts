/**
 * The composition point of status changes: the ordered hooks that run when a move is activated,
 * exchanged, completed or cancelled (core/timeline/timeline-hooks.ts says when each step runs).
 * Status changes, in the order the product needs:
 * 0. chains: an exchange keeps the chain's agreed completion date, else it is refused (decision 061);
 * 0b. timeline: recording exchange ticks "Contracts exchanged", recording completion "Completion
 *    confirmed and keys released" (core/timeline tickTask, the one tick path: issue 38);
 * 1. chains: a cancelled move's chain hears it fell through (town and district only);
 * 2. reviews: completion asks the buyer and the seller for a review;
 * 3. logbooks: completion hands the buyer their home's logbook;
 * 4. billing: completion makes the move's fee due (once), charged after commit;
 * 5. accreditation: any change moves the firms' live, completed and cancelled counts, so their tiers
 *    are recomputed with it.
 * Steps 2 to 4 run only at a completion that really happened (moveCompletionHappened, decision 061).
 * A blocked stage: 6. chains: the rest of the chain hears it.
 * Features never import one another for this: app.ts hands this list to the transactions router.
 */
import type { AppDeps } from '#server/http/router.ts'
import type { TimelineHooks } from '#server/core/timeline/timeline-hooks.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { EXCHANGE_TASK_TITLE, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { moveCompletionHappened } from '#server/core/timeline/completion-happened.ts'
import { organizationsOnTransaction, recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { collectCompletionFee, recordCompletionFeeDue } from '#server/features/billing/completion-fee.ts'
import { paymentsOf } from '#server/features/billing/routes.ts'
import { supplierFrom } from '#server/features/billing/supplier.ts'
import { placeOf } from '#server/features/chains/chain-graph.ts'
import { refuseExchangeOffChainDate } from '#server/features/chains/chain-exchange.ts'
import { notifyChainOfBlock, notifyChainOfFallThrough } from '#server/features/chains/notify-chain.ts'
import { createLogbooksAtCompletion } from '#server/features/logbooks/create-at-completion.ts'
import { requestReviews } from '#server/features/reviews/request-reviews.ts'

/** The timeline hooks of one app, each list in the order it runs. */
export function timelineHooks(deps: AppDeps): TimelineHooks {
  return { status: statusHooks(deps), stageBlocked: stageBlockHooks() }
}

function statusHooks(deps: AppDeps): TimelineHooks['status'] {
  return [
    {
      name: "chains: exchange on the chain's agreed completion date",
      on: ['exchange'],
      inTransaction: (tx, c) => refuseExchangeOffChainDate(tx, { txId: c.txId, completionDate: c.completionDate }),
    },
    {
      name: 'timeline: the step the change records',
      on: ['exchange', 'complete'],
      inTransaction: async (tx, c) => {
        await tickTask(tx, {
          txId: c.txId,
          task: { title: c.action === 'exchange' ? EXCHANGE_TASK_TITLE : TASK_TITLES.completionConfirmed },
          status: 'completed',
          actorId: c.actorId,
          reason: c.action === 'exchange' ? ': exchange of contracts was recorded' : ': completion was recorded',
          notify: c.notify,
        })
      },
    },
    {
      name: 'chains: fall-through notice',
      on: ['cancel'],
      inTransaction: async (tx, c) =>
        notifyChainOfFallThrough(tx, {
          txId: c.txId,
          actorId: c.actorId,
          place: await placeOf(tx, c.txId),
          notify: c.notify,
        }),
    },
    {
      name: 'reviews: requests at completion',
      on: ['complete'],
      inTransaction: async (tx, c) => {
        if (!(await moveCompletionHappened(tx, c.txId))) return
        await requestReviews(tx, { txId: c.txId, actorId: c.actorId, address: c.address, notify: c.notify })
      },
    },
    {
      name: 'logbooks: created at completion',
      on: ['complete'],
      inTransaction: async (tx, c) => {
        if (!(await moveCompletionHappened(tx, c.txId))) return
        await createLogbooksAtCompletion(tx, { txId: c.txId, actorId: c.actorId })
      },
    },
    {
      name: 'billing: completion fee',
      on: ['complete'],
      inTransaction: async (tx, c) => {
        if (await moveCompletionHappened(tx, c.txId)) await recordCompletionFeeDue(tx, c.txId)
      },
      afterCommit: async (c) => {
        await collectCompletionFee({
          database: deps.database,
          provider: paymentsOf(deps),
          txId: c.txId,
          supplier: supplierFrom(deps.config),
          ...c.notify,
        })
      },
    },
    {
      name: 'accreditation: tiers recomputed',
      on: 'any',
      inTransaction: async (tx, c) => {
        await recomputeAccreditation(tx, {
          organizationIds: await organizationsOnTransaction(tx, c.txId),
          source: 'change',
        })
      },
    },
  ]
}

/** A block anywhere holds up the whole chain: the other moves hear which move and stage, not who or why. */
function stageBlockHooks(): TimelineHooks['stageBlocked'] {
  return [
    {
      name: 'chains: block notice',
      inTransaction: async (tx, b) =>
        notifyChainOfBlock(tx, {
          txId: b.txId,
          actorId: b.actorId,
          stageName: b.stageName,
          place: await placeOf(tx, b.txId),
          notify: b.notify,
        }),
    },
  ]
}
