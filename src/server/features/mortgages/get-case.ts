/** GET /api/mortgages/{txId}: one buyer's mortgage case, for the move's broker only (404 outsiders, 403 others). */
import type { MortgageCase } from '#shared/contracts/mortgages.ts'
import { assertBrokerOnMove } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { readCase } from './read-case'

export async function getMortgageCase(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<MortgageCase> {
  return opts.database.db.transaction(async (tx) => {
    await assertBrokerOnMove(tx, opts.viewer, opts.txId)
    return readCase(tx, opts.txId, opts.viewer.profileId)
  })
}
