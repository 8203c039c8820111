/**
 * What else happens when a move's status changes (activate, exchange, complete, cancel) or one of
 * its stages is blocked: explicit, ordered lists of hooks (`TimelineHooks`), composed once in
 * src/server/timeline-hooks.ts and handed to the timeline's use cases (features/transactions:
 * change-status.ts, update-stage.ts), so that the timeline imports none of the features that react
 * to it (reviews, logbooks, billing, accreditation, chains).
 *
 * - `inTransaction` runs inside the status change's database transaction, in list order, after the
 *   status, the audit entry and the movers' notification are written: what must commit with the
 *   change or not at all. A throw rolls the whole change back.
 * - `afterCommit` runs once the change has committed, in list order: what calls a partner (a card
 *   charge). It must keep its own record of what is owed (written by its `inTransaction` step, the
 *   outbox) so that a failure here is retried rather than lost; a throw is logged and the status
 *   change still answers 200.
 */
import type { StatusAction } from '#shared/domain/permissions.ts'
import type { Tx } from '#server/db/client.ts'
import type { NotificationDelivery } from '../notify/notify-people'

/** One committed-or-about-to-commit status change, as the hooks see it. */
export interface StatusChange {
  txId: string
  action: StatusAction
  /** Status before and after (src/shared/domain/statuses.ts). */
  from: string
  to: string
  /** Profile id of the person who changed it. */
  actorId: string
  /** The property's first address line, or 'your move', for notices. */
  address: string
  /** The completion date the change records ('yyyy-mm-dd': agreed at exchange, actual at completion); null otherwise. */
  completionDate: string | null
  notify: NotificationDelivery
}

export interface StatusHook {
  /** Shown in logs when the hook fails, e.g. 'billing: completion fee'. */
  name: string
  /** The actions it reacts to; 'any' for every status change. */
  on: readonly StatusAction[] | 'any'
  inTransaction?: (tx: Tx, change: StatusChange) => Promise<void>
  afterCommit?: (change: StatusChange) => Promise<void>
}

const reactsTo = (hook: StatusHook, action: StatusAction) => hook.on === 'any' || hook.on.includes(action)

/** Runs every hook's `inTransaction` step for this change, in order. */
export async function runStatusHooksInTransaction(
  hooks: readonly StatusHook[],
  tx: Tx,
  change: StatusChange,
): Promise<void> {
  for (const hook of hooks)
    if (hook.inTransaction && reactsTo(hook, change.action)) await hook.inTransaction(tx, change)
}

/**
 * Runs every hook's `afterCommit` step for this committed change, in order. A failing hook is
 * reported to `onError` and the next one still runs.
 */
export async function runStatusHooksAfterCommit(
  hooks: readonly StatusHook[],
  change: StatusChange,
  onError: (hook: StatusHook, err: unknown) => void,
): Promise<void> {
  for (const hook of hooks) {
    if (!hook.afterCommit || !reactsTo(hook, change.action)) continue
    try {
      await hook.afterCommit(change)
    } catch (err) {
      onError(hook, err)
    }
  }
}

/** A stage just marked blocked, inside the block's database transaction (the move's own people are already told). */
export interface StageBlock {
  txId: string
  stageName: string
  actorId: string
  notify: NotificationDelivery
}

/** Reacts to a stage being blocked, inside the block's database transaction; a throw rolls the block back. */
export interface StageBlockHook {
  name: string
  inTransaction: (tx: Tx, block: StageBlock) => Promise<void>
}

/** Every hook list of the timeline, as composed in src/server/timeline-hooks.ts. */
export interface TimelineHooks {
  status: readonly StatusHook[]
  stageBlocked: readonly StageBlockHook[]
}

/** Runs every stage-block hook, in order. */
export async function runStageBlockHooks(hooks: readonly StageBlockHook[], tx: Tx, block: StageBlock): Promise<void> {
  for (const hook of hooks) await hook.inTransaction(tx, block)
}
