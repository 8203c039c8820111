/**
 * The logbook's documents: the owner adds their own (certificates, guarantees, receipts), opens any,
 * and removes any. An added file is streamed to storage under `logbooks/<id>/` with the documents
 * feature's inspector (magic-byte type check, size limit, SHA-256), then its row is written; a failure
 * deletes the stored bytes. A handed-over document shares the move's stored object, so removing it from
 * the logbook deletes the bytes only when no move document or other logbook still refers to them.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { LogbookDocument } from '#shared/contracts/logbooks.ts'
import { sanitiseDisplayName } from '#shared/domain/document-files.ts'
import type { LogbookDocumentCategory } from '#shared/domain/logbook.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import { logbookDocuments } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { fileResponse, type Disposition } from '#server/core/documents/file-links.ts'
import { storeInspected, tooLarge } from '#server/core/documents/upload-document.ts'
import { UploadInspector } from '#server/core/documents/upload-inspector.ts'
import { getLogbook, lockOwnLogbook } from './read-logbooks'

/** POST /api/logbooks/{logbookId}/documents: 201 with the document; 413, 415, 422 (empty) as uploads. */
export async function uploadLogbookDocument(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  logbookId: string
  category: LogbookDocumentCategory
  filename: string
  body: ReadableStream<Uint8Array> | null
  contentLength: number | null
  maxBytes: number
}): Promise<LogbookDocument> {
  const { database, storage, viewer, logbookId } = opts
  // Refuse early (before reading the body) when the logbook is not theirs or was handed over.
  await database.db.transaction((tx) => lockOwnLogbook(tx, viewer, logbookId))
  if (opts.contentLength !== null && opts.contentLength > opts.maxBytes) throw tooLarge(opts.maxBytes)
  if (opts.contentLength === 0 || !opts.body) throw new AppError('unprocessable', 'The file is empty (0 bytes).')
  const storageKey = `logbooks/${logbookId}/${randomUUID()}`
  const inspected = await storeInspected(storage, storageKey, opts.body, new UploadInspector(opts.maxBytes))
  const filename = sanitiseDisplayName(opts.filename, inspected.contentType)
  let id: string
  try {
    id = await database.db.transaction(async (tx) => {
      await lockOwnLogbook(tx, viewer, logbookId)
      const [row] = await tx
        .insert(logbookDocuments)
        .values({
          logbookId,
          category: opts.category,
          filename,
          contentType: inspected.contentType,
          sizeBytes: inspected.sizeBytes,
          storageKey,
          sha256: inspected.sha256,
          addedBy: viewer.profileId,
        })
        .returning({ id: logbookDocuments.id })
      return row!.id
    })
  } catch (err) {
    // The row was not written: the stored bytes go too.
    await storage.delete(storageKey).catch(() => {})
    throw err
  }
  const logbook = await getLogbook({ database, viewer, logbookId })
  return logbook.documents.find((d) => d.id === id)!
}

/** GET /api/logbooks/{logbookId}/documents/{docId}/file: the bytes, for the owner (also after handover). */
export async function openLogbookDocument(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  logbookId: string
  docId: string
  disposition: Disposition
}): Promise<{ body: ReadableStream; headers: Record<string, string> }> {
  const [doc] = await opts.database.query<{
    filename: string
    content_type: string
    storage_key: string
  }>(
    `select d.filename, d.content_type, d.storage_key from logbook_documents d
       join home_logbooks l on l.id = d.logbook_id
      where d.id = $1 and d.logbook_id = $2 and l.owner_id = $3`,
    [opts.docId, opts.logbookId, opts.viewer.profileId],
  )
  if (!doc) throw notFound('document')
  const stored = await opts.storage.get(doc.storage_key).catch(() => {
    throw new AppError('not_found', 'The file of this document is no longer stored.')
  })
  return fileResponse(stored, { contentType: doc.content_type, filename: doc.filename, disposition: opts.disposition })
}

/**
 * DELETE /api/logbooks/{logbookId}/documents/{docId}: the row goes (entries that cited it keep their
 * text); the stored bytes go after commit when nothing else refers to them.
 */
export async function removeLogbookDocument(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  logbookId: string
  docId: string
}): Promise<void> {
  const orphanKey = await opts.database.db.transaction(async (tx) => {
    await lockOwnLogbook(tx, opts.viewer, opts.logbookId)
    const res = await tx.execute(sql`
      delete from logbook_documents where id = ${opts.docId} and logbook_id = ${opts.logbookId}
      returning storage_key`)
    const row = firstRow(z.object({ storage_key: z.string() }), res)
    if (!row) throw notFound('document')
    const still = await tx.execute(sql`
      select (exists (select 1 from documents where storage_key = ${row.storage_key})
              or exists (select 1 from logbook_documents where storage_key = ${row.storage_key})) as used`)
    return oneRow(z.object({ used: z.boolean() }), still).used ? null : row.storage_key
  })
  if (orphanKey) await opts.storage.delete(orphanKey).catch(() => {})
}
