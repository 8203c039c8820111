/**
 * The composition point of status changes: the ordered hooks that run when a move is activated,
 * exchanged, completed or cancelled (core/timeline/status-hooks.ts says when each step runs).
 * The order is the one the product needs:
 * 1. chains: a cancelled move's chain hears it fell through (town and district only);
 * 2. reviews: completion asks the buyer and the seller for a review;
 * 3. logbooks: completion hands the buyer their home's logbook;
 * 4. billing: completion makes the move's fee due (once), charged after commit;
 * 5. accreditation: any change moves the firms' live, completed and cancelled counts, so their tiers
 *    are recomputed with it.
 * Features never import one another for this: app.ts hands this list to the transactions router.
 */
import type { AppDeps } from './http/router'
import type { StatusHook } from './core/timeline/status-hooks'
import { organizationsOnTransaction, recomputeAccreditation } from './features/accreditation/compute-accreditation'
import { collectCompletionFee, recordCompletionFeeDue } from './features/billing/completion-fee'
import { paymentsOf } from './features/billing/routes'
import { supplierFrom } from './features/billing/supplier'
import { placeOf } from './features/chains/chain-graph'
import { notifyChainOfFallThrough } from './features/chains/notify-chain'
import { createLogbooksAtCompletion } from './features/logbooks/create-at-completion'
import { requestReviews } from './features/reviews/request-reviews'

/** The status hooks of one app, in the order they run. */
export function statusHooks(deps: AppDeps): StatusHook[] {
  return [
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
        await requestReviews(tx, { txId: c.txId, actorId: c.actorId, address: c.address, notify: c.notify })
      },
    },
    {
      name: 'logbooks: created at completion',
      on: ['complete'],
      inTransaction: async (tx, c) => {
        await createLogbooksAtCompletion(tx, { txId: c.txId, actorId: c.actorId })
      },
    },
    {
      name: 'billing: completion fee',
      on: ['complete'],
      inTransaction: (tx, c) => recordCompletionFeeDue(tx, c.txId),
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
