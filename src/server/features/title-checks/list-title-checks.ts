/** GET /api/transactions/{txId}/title-checks: everyone on the move sees the checks; 404 otherwise. */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TitleChecksResponse } from '#shared/contracts/title-checks.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import type { LandRegistryProvider } from '#server/providers/land-registry/index.ts'
import { readTitleChecks } from './title-check-rows'
import { TITLE_CHECK_ROLES } from './run-title-check'

export async function listTitleChecks(opts: {
  database: Database
  viewer: Viewer
  txId: string
  provider: LandRegistryProvider
}): Promise<TitleChecksResponse> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, opts.viewer, opts.txId)
    const checks = await readTitleChecks(tx, opts.txId)
    const prop = await tx.execute(sql`select title_number from properties where transaction_id = ${opts.txId}`)
    return {
      checks,
      title_number: firstRow(z.object({ title_number: z.string().nullable() }), prop)?.title_number ?? null,
      can_run: TITLE_CHECK_ROLES.includes(role),
      can_raise_enquiries: role === 'buyer_conveyancer',
      provider: { name: opts.provider.name, label: opts.provider.label, known_titles: opts.provider.knownTitles },
    }
  })
}
