/**
 * Who may work a buyer's mortgage case: the move's mortgage broker, that is a participant of the
 * move in role `mortgage_broker` (invited by the buyer's side). Built on the transactions access
 * rules (lockTransactionForViewer, readViewerRole): an outsider gets the standard 404, someone else
 * on the move a 403 naming the rule.
 */
import { canWorkMortgageCase } from '#shared/domain/permissions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { requirePermission } from './permissions'
import { lockTransactionForViewer, readViewerRole } from './transactions'

export const NOT_THE_BROKER_MESSAGE = "Only the move's mortgage broker can see and keep its mortgage case."

/** SQL: ids of the moves on which the profile in `param` is the mortgage broker (the pipeline's rows). */
export function brokerTransactionIdsSql(param: string): string {
  return `(select tp.transaction_id from transaction_participants tp where tp.user_id = ${param} and tp.role = 'mortgage_broker')`
}

/** For a write: locks the move for the viewer (404 when they may not see it), 403 unless they are its broker. */
export async function lockMortgageCaseForBroker(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  requirePermission('update:mortgage-case:broker', canWorkMortgageCase(role), NOT_THE_BROKER_MESSAGE)
}

/** For a read: 404 when the viewer may not see the move, 403 unless they are its broker. */
export async function assertBrokerOnMove(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const role = await readViewerRole(tx, viewer, txId)
  requirePermission('update:mortgage-case:broker', canWorkMortgageCase(role), NOT_THE_BROKER_MESSAGE)
}
