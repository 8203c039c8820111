/**
 * POST /api/logbooks/{logbookId}/sale: the owner starts selling the home with its logbook as the
 * starting property pack. One database transaction writes the move (as the create form does, with the
 * owner as seller, the logbook's address, UPRN, tenure and title number), files every logbook document
 * in the move (the fittings and contents form in Fixtures, everything else in Property; the rows share
 * the stored bytes) and records the sale on the logbook, so that the logbook is handed over to the buyer
 * when this sale completes. 409 when a sale was already started from it and is still going, or it was
 * handed over; 422 naming the field when the logbook's data does not make a valid move.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { StartSaleInput } from '#shared/contracts/logbooks.ts'
import { CreateTransactionInput } from '#shared/contracts/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, rows, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound, validationError } from '#server/core/errors.ts'
import { createTransaction } from '#server/core/timeline/create-transaction.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { defaultDocumentAudience } from '#shared/domain/document-audiences.ts'

const FiledRow = z.object({ id: z.string(), folder: z.string(), filename: z.string() })

export async function startSaleFromLogbook(opts: {
  database: Database
  viewer: Viewer
  logbookId: string
  input: StartSaleInput
}): Promise<{ id: string }> {
  const input = StartSaleInput.parse(opts.input)
  const [logbook] = await opts.database.query<{
    address_lines: string[]
    postcode: string
    uprn: string | null
    tenure: 'freehold' | 'leasehold' | null
    title_number: string | null
  }>(`select address_lines, postcode, uprn, tenure, title_number from home_logbooks where id = $1 and owner_id = $2`, [
    opts.logbookId,
    opts.viewer.profileId,
  ])
  if (!logbook) throw notFound('logbook')
  const lines = logbook.address_lines
  const candidate = {
    address_line_1: lines[0],
    address_line_2: lines.length > 2 ? lines.slice(1, -1).join(', ') : undefined,
    town: lines.length > 1 ? lines.at(-1) : '',
    postcode: logbook.postcode,
    uprn: logbook.uprn ?? undefined,
    role: 'seller' as const,
    agreed_price: input.agreed_price,
    tenure: logbook.tenure ?? input.tenure,
  }
  const parsed = CreateTransactionInput.safeParse(candidate)
  if (!parsed.success) {
    // The create form's fields, named as its validation names them.
    throw new AppError(
      'unprocessable',
      `This logbook cannot start a sale yet: ${parsed.error.issues[0]!.message}.`,
      validationError(parsed.error).fields,
    )
  }
  return createTransaction({
    database: opts.database,
    viewer: opts.viewer,
    input: parsed.data,
    titleNumber: logbook.title_number ?? undefined,
    source: 'logbook',
    alsoInTransaction: async (tx, txId) => {
      // The lock and the check sit inside the move's own transaction: two clicks start one sale.
      const locked = await tx.execute(sql`
        select l.handed_over_at, l.sale_transaction_id, t.status as sale_status
          from home_logbooks l left join transactions t on t.id = l.sale_transaction_id
         where l.id = ${opts.logbookId} and l.owner_id = ${opts.viewer.profileId}
         for update of l`)
      const row = firstRow(
        z.object({
          handed_over_at: Timestamp.nullable(),
          sale_transaction_id: z.string().nullable(),
          sale_status: z.string().nullable(),
        }),
        locked,
      )
      if (!row) throw notFound('logbook')
      if (row.handed_over_at)
        throw new AppError('conflict', 'This logbook was handed over to the new owner, so it cannot start a sale.')
      if (row.sale_transaction_id && row.sale_status && row.sale_status !== 'cancelled')
        throw new AppError(
          'conflict',
          'You already started selling this home from its logbook. Open that move instead of starting another.',
        )
      const filed = await tx.execute(sql`
        insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, audience)
        select ${txId}, d.filename,
               case when d.category = 'fittings_and_contents' then 'Fixtures' else 'Property' end,
               row_number() over (partition by
                 case when d.category = 'fittings_and_contents' then 'Fixtures' else 'Property' end, d.filename
                 order by d.created_at, d.id),
               ${opts.viewer.profileId}, d.content_type, d.size_bytes, d.storage_key, d.sha256, 'seller_and_conveyancer'
          from logbook_documents d where d.logbook_id = ${opts.logbookId}
        returning id, folder, filename`)
      // Each filed paper takes its kind's default audience for the seller (decision 051).
      for (const doc of rows(FiledRow, filed)) {
        await tx.execute(sql`update documents set audience = ${defaultDocumentAudience(doc.folder, doc.filename, 'seller')}
          where id = ${doc.id}`)
      }
      await tx.execute(sql`update home_logbooks set sale_transaction_id = ${txId} where id = ${opts.logbookId}`)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: opts.viewer.profileId,
        kind: 'logbook.sale_started',
        summary: `filed ${filed.rows.length} ${filed.rows.length === 1 ? 'document' : 'documents'} from their home logbook`,
        payload: { logbookId: opts.logbookId, documentIds: rows(IdRow, filed).map((r) => r.id) },
      })
    },
  })
}
