/**
 * POST /api/transactions/{txId}/matter: the conveyancer on a move links it to their firm, as a
 * matter of their side held by them (core/firm-link.ts holds the rule, shared with accepting an
 * invitation; decision 062). For a conveyancer who joined before they were in a firm, or whose
 * invitation carried none: without the matter nobody at the firm can release the buyer's deposit.
 * Linking a move already linked to the viewer's firm changes nothing and answers the matter.
 * Errors: 404 for a move the viewer cannot see; 403 for anyone but the side's conveyancer on it; 422
 * for no firm, a firm that is not a conveyancing firm, or an assistant; 409 when the side is already
 * another firm's matter. Each message says what to do.
 */
import type { ErrorCode } from '#shared/contracts/common.ts'
import type { TransactionMatterResponse } from '#shared/contracts/firms.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { linkMoveToFirm, type FirmLinkRefusal } from '#server/core/firm-link.ts'
import { getTransactionMatter } from './get-transaction-matter'

const STATUS_OF: Record<FirmLinkRefusal, ErrorCode> = {
  not_conveyancer: 'forbidden',
  no_firm: 'unprocessable',
  not_law_firm: 'unprocessable',
  assistant: 'unprocessable',
  other_firm: 'conflict',
}

export async function linkMatter({
  database,
  viewer,
  txId,
  ip,
}: {
  database: Database
  viewer: Viewer
  txId: string
  ip?: string | null
}): Promise<JsonText<TransactionMatterResponse>> {
  await database.db.transaction(async (tx) => {
    await lockTransactionForViewer(tx, viewer, txId)
    const linked = await linkMoveToFirm(tx, { txId, profileId: viewer.profileId, ip })
    if (!linked.ok) throw new AppError(STATUS_OF[linked.refusal], linked.message)
  })
  return getTransactionMatter({ database, viewer, txId })
}
