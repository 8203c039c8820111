/**
 * Creates a transaction from the create form, in ONE database transaction: the transaction (draft),
 * its property, the creator as buyer or seller (column and participant), and the standard England and
 * Wales timeline as stages and tasks (leasehold adds TA7 and the management pack),
 * stages from src/shared/domain/timeline-template.ts (../shared/domain/conveyancing.md).
 */
import { randomUUID } from 'node:crypto'
import type { CreateTransactionData } from '#shared/contracts/transactions.ts'
import { resolveNation } from '#shared/domain/nations.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { insertTransaction } from './insert-transaction'
import { recordActivity } from '../audit/record-activity'

/**
 * Returns the new transaction's id. `titleNumber` and `source: 'pdtf'` come from an imported PDTF
 * property pack (features/pdtf/import-pdtf.ts), `source: 'logbook'` from a home logbook
 * (features/logbooks/start-sale.ts); the audit trail says where the data came from. `alsoInTransaction`
 * runs in the same database transaction after the move is written (the logbook files its documents
 * there), so the move and what comes with it are written together or not at all.
 */
export async function createTransaction({
  database,
  viewer,
  input,
  titleNumber,
  source = 'form',
  alsoInTransaction,
}: {
  database: Database
  viewer: Viewer
  input: CreateTransactionData
  titleNumber?: string
  source?: 'form' | 'pdtf' | 'logbook'
  alsoInTransaction?: (tx: Tx, txId: string) => Promise<void>
}): Promise<{ id: string }> {
  const id = randomUUID()
  // The input passed CreateTransactionInput, whose nation rule already asked for a straddling district.
  const nation = resolveNation(input.postcode, input.nation)
  const template = standardTimeline({ tenure: input.tenure, nation })
  const addressLines = [input.address_line_1, input.address_line_2, input.town].filter((l): l is string => !!l)
  await database.db.transaction(async (tx) => {
    await insertTransaction(
      tx,
      {
        id,
        status: 'draft',
        buyerProfileId: input.role === 'buyer' ? viewer.profileId : null,
        sellerProfileId: input.role === 'seller' ? viewer.profileId : null,
        createdBy: viewer.profileId,
        agreedPricePence: Math.round(input.agreed_price * 100),
        createdAt: new Date(),
        property: {
          addressLines,
          postcode: input.postcode,
          uprn: input.uprn ?? null,
          tenure: input.tenure,
          titleNumber: titleNumber ?? null,
          nation,
        },
        stages: template.map((stage) => ({
          stageName: stage.stageName,
          tasks: stage.tasks.map((t) => ({ title: t.title, ownerSide: t.ownerSide })),
        })),
        participants: [{ profileId: viewer.profileId, role: input.role }],
      },
      randomUUID,
    )
    await recordActivity(tx, {
      transactionId: id,
      actorId: viewer.profileId,
      kind: 'transaction.created',
      summary:
        source === 'pdtf'
          ? `created the transaction for ${addressLines[0]}, ${input.postcode} from a PDTF property pack`
          : source === 'logbook'
            ? `created the transaction for ${addressLines[0]}, ${input.postcode} from their home logbook`
            : `created the transaction for ${addressLines[0]}, ${input.postcode}`,
    })
    if (alsoInTransaction) await alsoInTransaction(tx, id)
  })
  return { id }
}
