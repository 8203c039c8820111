/**
 * PUT /api/mortgages/{txId}/fact-find: saves the buyer's fact find (income, commitments, deposit in
 * pence; employment) on the broker's case, made when missing, with an audit entry on the move (no
 * figures in it: the audit trail cannot be erased). Broker only.
 */
import { sql } from 'drizzle-orm'
import type { FactFindInput, MortgageCase } from '#shared/contracts/mortgages.ts'
import { lockMortgageCaseForBroker } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { ensureCase, readCase } from './read-case'

export async function saveFactFind(opts: {
  database: Database
  viewer: Viewer
  txId: string
  input: FactFindInput
}): Promise<MortgageCase> {
  const { viewer, txId, input } = opts
  return opts.database.db.transaction(async (tx) => {
    await lockMortgageCaseForBroker(tx, viewer, txId)
    const caseId = await ensureCase(tx, txId, viewer.profileId)
    await tx.execute(sql`update mortgage_cases set
        gross_annual_income_pence = ${input.gross_annual_income_pence},
        monthly_commitments_pence = ${input.monthly_commitments_pence},
        deposit_pence = ${input.deposit_pence}, employment_status = ${input.employment_status},
        fact_find_updated_at = now(), updated_at = now()
      where id = ${caseId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'mortgage.fact_find_saved',
      summary: "updated the buyer's mortgage fact find",
      payload: { caseId },
    })
    return readCase(tx, txId, viewer.profileId)
  })
}
