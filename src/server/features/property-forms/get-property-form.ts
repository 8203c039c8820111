/** GET /api/transactions/{txId}/forms/{form}: the form for anyone on the move (drafts for the seller's side only); 404 otherwise. */
import type { PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import type { PropertyFormKind } from '#shared/domain/property-forms.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { formResponse, readFormRow } from './form-rows'

export async function getPropertyForm(opts: {
  database: Database
  viewer: Viewer
  txId: string
  form: PropertyFormKind
}): Promise<PropertyFormResponse> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, opts.viewer, opts.txId)
    return formResponse(
      tx,
      opts.form,
      role,
      await readFormRow(tx, opts.txId, opts.form),
      opts.viewer.profileId,
      opts.txId,
    )
  })
}
