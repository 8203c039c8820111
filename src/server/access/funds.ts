/**
 * Who may see and give a buyer's source of funds (part of the one access module, decision 005): the
 * buyer, and the firm instructed for them (role `buyer_conveyancer`, a participant or a member of
 * the buyer-side matter's firm: access/firms.ts). Anyone else, the seller's side included, gets the
 * standard 404, as if there were no such thing: bank data never reaches the other side. Writes: the
 * buyer gives (403 for their conveyancer), the conveyancer reviews (403 for the buyer).
 */
import { BUYER_FUNDS_AUDIENCE_ROLES, canGiveFunds, canReviewFunds, canSeeFunds } from '#shared/domain/permissions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import { requirePermission } from './permissions'
import { lockTransactionForViewer, readViewerRole } from './transactions'

export const BUYER_GIVES_FUNDS_MESSAGE = 'Only the buyer connects their bank and gives their source of funds.'
export const CONVEYANCER_REVIEWS_FUNDS_MESSAGE =
  "Only the buyer's conveyancer marks the source of funds satisfied or asks for more."

/** For a read: the viewer's role ('buyer' or 'buyer_conveyancer'); 404 for anyone else. */
export async function readFundsRole(tx: Tx, viewer: Viewer, txId: string): Promise<'buyer' | 'buyer_conveyancer'> {
  const role = await readViewerRole(tx, viewer, txId)
  // The audience is the same people as canSeeFunds; finding the role in it narrows its type.
  const fundsRole = BUYER_FUNDS_AUDIENCE_ROLES.find((r) => r === role)
  if (!fundsRole) throw notFound()
  return fundsRole
}

/** For the buyer's writes: locks the move (404 unless buyer side as above), 403 for their conveyancer. */
export async function lockFundsForBuyer(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  if (!canSeeFunds(role)) throw notFound()
  requirePermission('update:funds:buyer', canGiveFunds(role), BUYER_GIVES_FUNDS_MESSAGE)
}

/** For the review: locks the move (404 unless buyer side as above), 403 for the buyer. */
export async function lockFundsForReviewer(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  if (!canSeeFunds(role)) throw notFound()
  requirePermission('update:funds-review:buyer-conveyancer', canReviewFunds(role), CONVEYANCER_REVIEWS_FUNDS_MESSAGE)
}

export const CONVEYANCER_READS_GIFT_CHECKS_MESSAGE =
  "Only the buyer's conveyancer sees a giftor's identity, screening and bank checks."

/** For the giftor's checks (decision 069): 404 unless buyer side as above, 403 for the buyer. */
export async function readGiftChecksRole(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const role = await readFundsRole(tx, viewer, txId)
  requirePermission('read:gift-checks:buyer-conveyancer', canReviewFunds(role), CONVEYANCER_READS_GIFT_CHECKS_MESSAGE)
}
