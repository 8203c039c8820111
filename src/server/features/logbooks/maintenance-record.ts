/**
 * The maintenance record of a home logbook: work done on the home (a boiler service, a rewire, new
 * windows), with its date, cost in pence, who did it and a receipt or certificate among the logbook's
 * documents. The owner adds and removes entries until the logbook is handed over (then 409).
 */
import { and, eq } from 'drizzle-orm'
import { AddLogbookEntryInput, type LogbookEntry } from '#shared/contracts/logbooks.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { logbookDocuments, logbookEntries } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { getLogbook, lockOwnLogbook } from './read-logbooks'

/** POST /api/logbooks/{logbookId}/entries: 201 with the entry; 422 when the receipt is not in this logbook. */
export async function addLogbookEntry(opts: {
  database: Database
  viewer: Viewer
  logbookId: string
  input: AddLogbookEntryInput
}): Promise<LogbookEntry> {
  const input = AddLogbookEntryInput.parse(opts.input)
  const id = await opts.database.db.transaction(async (tx) => {
    await lockOwnLogbook(tx, opts.viewer, opts.logbookId)
    if (input.document_id) {
      const [doc] = await tx
        .select({ id: logbookDocuments.id })
        .from(logbookDocuments)
        .where(and(eq(logbookDocuments.id, input.document_id), eq(logbookDocuments.logbookId, opts.logbookId)))
      if (!doc)
        throw new AppError('unprocessable', 'Choose a receipt or certificate from this logbook’s documents.', {
          document_id: ['Not one of this logbook’s documents'],
        })
    }
    const [row] = await tx
      .insert(logbookEntries)
      .values({
        logbookId: opts.logbookId,
        kind: input.kind,
        title: input.title,
        doneOn: input.done_on,
        costPence: input.cost_pence ?? null,
        contractor: input.contractor ?? null,
        notes: input.notes ?? null,
        documentId: input.document_id ?? null,
        createdBy: opts.viewer.profileId,
      })
      .returning({ id: logbookEntries.id })
    return row!.id
  })
  const logbook = await getLogbook({ database: opts.database, viewer: opts.viewer, logbookId: opts.logbookId })
  return logbook.entries.find((e) => e.id === id)!
}

/** DELETE /api/logbooks/{logbookId}/entries/{entryId}: 204; 404 when not in this logbook. */
export async function removeLogbookEntry(opts: {
  database: Database
  viewer: Viewer
  logbookId: string
  entryId: string
}): Promise<void> {
  await opts.database.db.transaction(async (tx) => {
    await lockOwnLogbook(tx, opts.viewer, opts.logbookId)
    const gone = await tx
      .delete(logbookEntries)
      .where(and(eq(logbookEntries.id, opts.entryId), eq(logbookEntries.logbookId, opts.logbookId)))
      .returning({ id: logbookEntries.id })
    if (!gone.length) throw notFound('logbook entry')
  })
}
