/**
 * Files a PDF that Homeward generated (a register summary, replies to enquiries, a memorandum of
 * sale) as the next version of `filename` in a folder of the move: the bytes go to storage first, then
 * the documents row and its audit entry in the caller's database transaction. If that transaction
 * fails, the caller calls `discard()` so that no stored object is left without its row.
 */
import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { DocumentAudience } from '#shared/domain/document-audiences.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import type { Tx } from '#server/db/client.ts'
import { IdRow, oneRow } from '#server/db/rows.ts'
import { nextDocumentVersion } from './next-version'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { activityAudienceOfDocument } from '#shared/domain/activity-audiences.ts'
import { recordActivity } from '../audit/record-activity'

export interface StoredPdf {
  storageKey: string
  sha256: string
  sizeBytes: number
  /** Deletes the stored bytes (call when the database transaction that would file them fails). */
  discard: () => Promise<void>
}

/** Stores the bytes under a new key of the move; returns what filePdf needs. */
export async function storePdf(storage: ObjectStorage, txId: string, bytes: Uint8Array): Promise<StoredPdf> {
  const storageKey = `documents/${txId}/${randomUUID()}`
  await storage.put(storageKey, Readable.from(Buffer.from(bytes)), { contentType: 'application/pdf' })
  return {
    storageKey,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.byteLength,
    discard: () => storage.delete(storageKey).catch(() => {}),
  }
}

/**
 * Inserts the documents row for a stored PDF as the next version of `filename` in `folder`, with its
 * audit entry (`summary` says what was generated; " as version N of "<file>" in <folder>" is added).
 * Returns the document's id and version.
 */
export async function filePdf(
  tx: Tx,
  opts: {
    txId: string
    folder: DocumentFolder
    filename: string
    stored: StoredPdf
    actorId: string
    summary: string
    ip?: string | null
    /**
     * Who may see it (documents.audience, decision 051): each generator declares its own, e.g.
     * 'buyer_funds' for a gifted-deposit declaration, 'clients_and_conveyancers' for replies to enquiries.
     */
    audience: DocumentAudience
  },
): Promise<{ id: string; version: number }> {
  const { txId, folder, filename, stored } = opts
  const version = await nextDocumentVersion(tx, { txId, folder, filename })
  const res = await tx.execute(sql`
    insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, audience)
    values (${txId}, ${filename}, ${folder}, ${version}, ${opts.actorId}, 'application/pdf',
      ${stored.sizeBytes}, ${stored.storageKey}, ${stored.sha256}, ${opts.audience})
    returning id`)
  const { id } = oneRow(IdRow, res)
  await recordActivity(tx, {
    transactionId: txId,
    actorId: opts.actorId,
    kind: version === 1 ? 'document.uploaded' : 'document.version_added',
    // Read by the document's own audience only (decision 052).
    audience: activityAudienceOfDocument(opts.audience),
    // The audit trail is shown to everyone on the move: a document for a narrower audience is not named in it.
    summary:
      opts.audience !== 'everyone'
        ? `${opts.summary} (version ${version})`
        : `${opts.summary} as version ${version} of "${filename}" in ${folder}`,
    payload:
      opts.audience !== 'everyone'
        ? { documentId: id, version }
        : {
            documentId: id,
            version,
            folder,
            sha256: stored.sha256,
            sizeBytes: stored.sizeBytes,
            contentType: 'application/pdf',
          },
    ip: opts.ip ?? null,
  })
  return { id, version }
}
