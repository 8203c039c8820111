/**
 * Who may do what with the property information forms (TA6, TA10; part of the one access module,
 * decision 005): the seller and their conveyancer fill them; the seller alone signs; everyone else on
 * the move reads the answers once signed (the buyer's side reads what was submitted, not drafts); the
 * buyer's conveyancer raises enquiries on them. Anyone not on the move gets the standard 404.
 */
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { lockTransactionForViewer } from './transactions'

/** Roles that fill the forms while unsigned. */
export const PROPERTY_FORM_EDITOR_ROLES: readonly string[] = ['seller', 'seller_conveyancer']

export const ONLY_SELLER_SIDE_EDITS =
  "Only the seller and the seller's conveyancer fill in the property information forms; the buyer's side reads them once signed."
export const ONLY_SELLER_SIGNS = 'Only the seller signs their property information form.'

export const canEditPropertyForm = (role: string): boolean => PROPERTY_FORM_EDITOR_ROLES.includes(role)
export const canSignPropertyForm = (role: string): boolean => role === 'seller'
/** Drafts are the seller side's own; others see answers once the form is signed. */
export const canReadDraftAnswers = (role: string): boolean => canEditPropertyForm(role)

/** Locks the move (404 when the viewer may not see it); 403 unless the viewer is on the seller's side. */
export async function lockMoveForFormEditor(tx: Tx, viewer: Viewer, txId: string): Promise<{ role: string }> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  if (!canEditPropertyForm(role)) throw new AppError('forbidden', ONLY_SELLER_SIDE_EDITS)
  return { role }
}
