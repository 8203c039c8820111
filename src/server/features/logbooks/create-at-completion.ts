/**
 * Makes the buyer's home logbook when a move completes, in the completing database transaction:
 * one logbook per buyer (the move's buyer and every participant in the buyer role), holding the latest
 * version of each stored document in the handed-over folders (Property and Fixtures: TA6, TA10, EPC,
 * guarantees and warranties, building control certificates, the title), each sorted into its category,
 * and the property's PDTF v3 data as it stood at completion. When the sale was started from the
 * seller's own logbook, that logbook's maintenance record comes with the home and the seller's
 * logbook is marked handed over. Running it twice for the same move adds nothing.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { HANDOVER_FOLDERS, logbookCategoryFor } from '#shared/domain/logbook.ts'
import { documentAudienceForRole } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'
import { sideClientIdsSql } from '#server/access/side-clients.ts'
import { firstRow, IdRow, Int8, oneRow, rows } from '#server/db/rows.ts'
import { homeLogbooks, logbookDocuments } from '#server/db/schema/index.ts'
import { pdtfPackOf, readPdtfSource } from '#server/core/pdtf/export-pdtf.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'

const HandedOverDocument = z.object({
  id: z.string(),
  folder: z.string(),
  filename: z.string(),
  content_type: z.string().nullable(),
  /** bigint: text from node-postgres, a number from PGlite. */
  size_bytes: Int8.nullable(),
  storage_key: z.string(),
  sha256: z.string().nullable(),
})

/** Returns the ids of the logbooks made now (none when they already exist). */
export async function createLogbooksAtCompletion(tx: Tx, opts: { txId: string; actorId: string }): Promise<string[]> {
  const { txId } = opts
  const owners = rows(
    IdRow,
    await tx.execute(sql`
      select o.id from profiles o
       where o.deleted_at is null
         and o.id in (${sideClientIdsSql(txId, ['buyer'])})
       order by o.created_at, o.id`),
  )
  // Only signed TA6/TA10 answers are handed over: a draft is not the seller's answer yet.
  const source = await readPdtfSource(tx, txId, { draftAnswers: false })
  if (!owners.length || !source) return []
  const pdtf = pdtfPackOf(source)
  const move = oneRow(
    z.object({
      completion_date: z.string().nullable(),
      agreed_price_pence: Int8.nullable(),
    }),
    await tx.execute(sql`select completion_date::text as completion_date, agreed_price_pence
                           from transactions where id = ${txId}`),
  )
  const docs = rows(
    HandedOverDocument,
    await tx.execute(sql`
      select distinct on (d.folder, d.filename)
             d.id, d.folder, d.filename, d.content_type, d.size_bytes, d.storage_key, d.sha256
        from documents d
       where d.transaction_id = ${txId} and d.storage_key is not null
         -- The new owners get what the buyer could read on the move, nothing narrower (decision 051).
         and ${documentAudienceForRole('d', 'buyer')}
         and d.folder in (${sql.join(
           HANDOVER_FOLDERS.map((f) => sql`${f}`),
           sql`, `,
         )})
       order by d.folder, d.filename, d.version desc`),
  )
  // The seller's logbook this sale was started from: its maintenance record comes with the home.
  const previous = firstRow(
    z.object({ id: z.string(), full_name: z.string() }),
    await tx.execute(sql`
      select l.id, p.full_name from home_logbooks l join profiles p on p.id = l.owner_id
       where l.sale_transaction_id = ${txId} and l.handed_over_at is null
       for update of l`),
  )

  const made: string[] = []
  for (const owner of owners) {
    const [row] = await tx
      .insert(homeLogbooks)
      .values({
        ownerId: owner.id,
        addressLines: source.property.addressLines,
        postcode: source.property.postcode,
        uprn: source.property.uprn,
        tenure: source.property.tenure,
        titleNumber: source.property.titleNumber,
        purchaseTransactionId: txId,
        completedOn: move.completion_date ?? new Date().toISOString().slice(0, 10),
        pricePence: move.agreed_price_pence === null ? null : Number(move.agreed_price_pence),
        pdtf,
        previousLogbookId: previous?.id ?? null,
      })
      .onConflictDoNothing({ target: [homeLogbooks.ownerId, homeLogbooks.purchaseTransactionId] })
      .returning({ id: homeLogbooks.id })
    if (!row) continue
    made.push(row.id)
    if (docs.length) {
      await tx.insert(logbookDocuments).values(
        docs.map((d) => ({
          logbookId: row.id,
          category: logbookCategoryFor(d.filename, d.folder),
          filename: d.filename,
          contentType: d.content_type ?? 'application/octet-stream',
          sizeBytes: Number(d.size_bytes ?? 0),
          storageKey: d.storage_key,
          sha256: d.sha256 ?? '',
          sourceDocumentId: d.id,
          addedBy: opts.actorId,
        })),
      )
    }
    if (previous) {
      await tx.execute(sql`
        insert into logbook_entries (logbook_id, kind, title, done_on, cost_pence, contractor, notes, from_previous_owner, created_by)
        select ${row.id}, kind, title, done_on, cost_pence, contractor, notes,
               coalesce(from_previous_owner, ${previous.full_name}), created_by
          from logbook_entries where logbook_id = ${previous.id}`)
    }
  }
  if (previous && made.length) {
    await tx.execute(sql`update home_logbooks set handed_over_at = now() where id = ${previous.id}`)
  }
  if (made.length) {
    await recordActivity(tx, {
      transactionId: txId,
      actorId: opts.actorId,
      kind: 'logbook.handed_over',
      summary: `handed over ${docs.length} ${docs.length === 1 ? 'document' : 'documents'} to the buyer's home logbook${previous ? ", with the seller's maintenance record" : ''}`,
      payload: { logbookIds: made, documentIds: docs.map((d) => d.id), previousLogbookId: previous?.id ?? null },
    })
  }
  return made
}
