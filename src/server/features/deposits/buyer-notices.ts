/**
 * What the buyer is told about their deposit, and the timeline step it finishes (issue 38 items 2
 * and 3), inside the movement's database transaction:
 * - `tellBuyers`: a 'deposit_update' notification to the move's buyers when the deposit is set or
 *   changed, received (in part or in full), released or refunded: in the app and by email as each
 *   buyer's notification settings say (core/notify). Audience 'buyer_funds', as the deposit's own
 *   audit entries.
 * - `followDepositTask`: "Deposit transferred to the buyer's conveyancer's client account" ticks
 *   through the one tick path (core/timeline tickTask) when the partner holds the whole deposit, and
 *   unticks when it is refunded; a release leaves it ticked (the deposit did its job).
 */
import type { DepositStatus } from '#shared/contracts/deposits.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { depositPath } from '#shared/paths.ts'
import type { Tx } from '#server/db/client.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { sideClientIds } from '#server/access/side-clients.ts'

/** The move's buyers, joint buyers included (access/side-clients.ts). */
export const buyerIds = (tx: Tx, txId: string): Promise<string[]> => sideClientIds(tx, txId, ['buyer'])

/** Tells the move's buyers (not the actor) about their deposit: a title, a detail, a link to the deposit page. */
export async function tellBuyers(
  tx: Tx,
  opts: { txId: string; actorId: string | null; title: string; body: string; notify: NotificationDelivery },
): Promise<void> {
  await notifyPeople(tx, {
    ...opts.notify,
    recipients: await buyerIds(tx, opts.txId),
    kind: 'deposit_update',
    audience: 'buyer_funds',
    transactionId: opts.txId,
    actorId: opts.actorId,
    title: opts.title,
    body: opts.body,
    link: depositPath(opts.txId),
  })
}

/**
 * Ticks or unticks the deposit's timeline task after a movement left the deposit in `status`:
 * 'held' ticks it (the buyer paid it: completed_by is the buyer, else `actorId`), 'refunded' unticks
 * it; other statuses leave it. A move without the task (a custom timeline) changes nothing.
 */
export async function followDepositTask(
  tx: Tx,
  opts: { txId: string; status: DepositStatus; actorId: string | null; notify: NotificationDelivery },
): Promise<void> {
  if (opts.status !== 'held' && opts.status !== 'refunded') return
  const actorId = opts.status === 'held' ? ((await buyerIds(tx, opts.txId))[0] ?? opts.actorId) : opts.actorId
  if (!actorId) return
  await tickTask(tx, {
    txId: opts.txId,
    task: { title: TASK_TITLES.depositTransferred },
    status: opts.status === 'held' ? 'completed' : 'not_completed',
    actorId,
    reason:
      opts.status === 'held'
        ? ': the client-money partner holds the whole deposit'
        : ': the deposit was refunded to the buyer',
    notify: opts.notify,
  })
}
