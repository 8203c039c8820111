/**
 * Uploads a document: streams the request body to storage under a random key while
 * counting, hashing and sniffing it, then records the version in one database transaction. The same
 * display name in the same folder becomes version N+1; concurrent uploads queue on the transaction
 * row lock and get consecutive versions. Anything that fails (too large, wrong type, client gone,
 * database down) deletes the stored object and leaves no row. An Idempotency-Key gives one row; a key
 * whose upload was killed mid-body can be retried once its lease lapses (UPLOAD_KEY_LEASE_MS).
 */
import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { DocumentVersion, UploadDocumentQuery } from '#shared/contracts/documents.ts'
import { sanitiseDisplayName } from '#shared/domain/document-files.ts'
import { canSeeTransaction, lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { z } from 'zod'
import {
  audienceLabel,
  audiencesFor,
  defaultAudienceForUploader,
  DOCUMENT_AUDIENCES,
  type DocumentAudience,
} from '#shared/domain/document-audiences.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import { nextDocumentVersion } from './next-version'
import { documents, documentUploadKeys } from '#server/db/schema/index.ts'
import { AppError, notFound } from '../errors'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { recordActivity } from '../audit/record-activity'
import { getDocument } from './document-rows'
import { formatMegabytes, type InspectedUpload, UploadInspector, UploadTooLargeError } from './upload-inspector'

/** Default upload limit: 50 MB (binary), overridable with DOCUMENT_MAX_BYTES. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024
/**
 * The lease of an in-flight Idempotency-Key: the upload renews it (document_upload_keys.created_at)
 * every RENEW_EVERY_MS while bytes keep arriving; a key not renewed for LEASE_MS belongs to an upload
 * whose process was killed or whose client stalled, and a retry with the key takes it over
 * (a retry does not get 409 for an hour).
 */
export const UPLOAD_KEY_LEASE_MS = 30_000
const RENEW_EVERY_MS = 10_000

export interface UploadDocumentOptions {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  query: UploadDocumentQuery
  /** The request body as a web stream (null when the request has none). */
  body: ReadableStream<Uint8Array> | null
  /** Declared Content-Length, when sent: refused at once when over the limit. */
  contentLength: number | null
  maxBytes: number
  idempotencyKey: string | null
  ip: string | null
}

/**
 * Returns the stored version and whether it was created now (201) or replayed for an
 * Idempotency-Key (200). Errors: 404 not visible; 413 too large; 415 wrong type; 422 empty, or an
 * Idempotency-Key reused for a different upload, or marked as correcting an error while it is the
 * first version of its name (there is nothing to correct); 409 the same key still in flight (renewed within
 * the last 30 s), or this upload stalled past its lease and a retry took the key over.
 */
export async function uploadDocument(
  opts: UploadDocumentOptions,
): Promise<{ document: DocumentVersion; created: boolean }> {
  const { database, storage, viewer, txId } = opts
  if (!(await canSeeTransaction(database, viewer, txId))) throw notFound()
  if (opts.contentLength !== null && opts.contentLength > opts.maxBytes) throw tooLarge(opts.maxBytes)
  if (opts.contentLength === 0 || !opts.body) throw new AppError('unprocessable', 'The file is empty (0 bytes).')

  let keyRowId: string | null = null
  if (opts.idempotencyKey) {
    const fingerprint = createHash('sha256')
      .update(
        [
          opts.query.folder,
          opts.query.filename,
          opts.contentLength ?? '',
          ...(opts.query.corrects_error === 'true' ? ['corrects_error'] : []),
          ...(opts.query.audience ? [`audience:${opts.query.audience}`] : []),
        ].join('\n'),
      )
      .digest('hex')
    const claimed = await claimIdempotencyKey(database, viewer.profileId, txId, opts.idempotencyKey, fingerprint)
    if ('replay' in claimed) {
      await opts.body.cancel().catch(() => {})
      return { document: await getDocument({ database, viewer, txId, docId: claimed.replay }), created: false }
    }
    keyRowId = claimed.id
  }

  const storageKey = `documents/${txId}/${randomUUID()}`
  let stored = false
  const inspector = new UploadInspector(opts.maxBytes)
  let renewedAt = 0
  const renew = keyRowId
    ? setInterval(() => {
        if (inspector.sizeBytes === renewedAt) return
        renewedAt = inspector.sizeBytes
        void database.db
          .update(documentUploadKeys)
          .set({ createdAt: sql`now()` })
          .where(and(eq(documentUploadKeys.id, keyRowId!), eq(documentUploadKeys.status, 'in_flight')))
          .catch(() => {})
      }, RENEW_EVERY_MS).unref()
    : null
  try {
    const inspected = await storeInspected(storage, storageKey, opts.body, inspector)
    stored = true
    const filename = sanitiseDisplayName(opts.query.filename, inspected.contentType)

    const docId = await database.db.transaction(async (tx) => {
      // Locks the transaction row: concurrent uploads of the same name queue here and number in turn.
      const { role } = await lockTransactionForViewer(tx, viewer, txId)
      const version = await nextDocumentVersion(tx, { txId, folder: opts.query.folder, filename })
      const audience = await uploadAudience(tx, {
        txId,
        role,
        folder: opts.query.folder,
        filename,
        chosen: opts.query.audience,
      })
      const correctsError = opts.query.corrects_error === 'true'
      if (correctsError && version === 1) {
        throw new AppError(
          'unprocessable',
          `There is no earlier version of "${filename}" in ${opts.query.folder} to correct: upload it without marking it as a correction.`,
        )
      }
      const [{ id }] = await tx
        .insert(documents)
        .values({
          transactionId: txId,
          filename,
          folder: opts.query.folder,
          version,
          uploadedBy: viewer.profileId,
          contentType: inspected.contentType,
          sizeBytes: inspected.sizeBytes,
          storageKey,
          sha256: inspected.sha256,
          correctsError,
          audience,
        })
        .returning({ id: documents.id })
      if (keyRowId) {
        const done = await tx
          .update(documentUploadKeys)
          .set({ status: 'done', documentId: id })
          .where(and(eq(documentUploadKeys.id, keyRowId), eq(documentUploadKeys.status, 'in_flight')))
          .returning({ id: documentUploadKeys.id })
        // The lease lapsed and a retry took the key over: that retry's upload is the one that counts.
        if (!done.length) {
          throw new AppError('conflict', 'This upload stalled and was retried; the retry is the one kept.')
        }
      }
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: version === 1 ? 'document.uploaded' : 'document.version_added',
        // The audit trail is read by everyone on the move: a document for a narrower audience is not
        // named in it, nor its folder (decision 051).
        summary:
          audience !== 'everyone'
            ? `uploaded ${version === 1 ? 'a document' : `version ${version} of a document`} for a narrower audience`
            : version === 1
              ? `uploaded "${filename}" to ${opts.query.folder}`
              : `uploaded version ${version} of "${filename}" in ${opts.query.folder}${correctsError ? `, correcting an error in version ${version - 1}` : ''}`,
        payload:
          audience !== 'everyone'
            ? { documentId: id, version }
            : {
                documentId: id,
                version,
                folder: opts.query.folder,
                sha256: inspected.sha256,
                sizeBytes: inspected.sizeBytes,
                contentType: inspected.contentType,
                correctsError,
              },
        ip: opts.ip,
      })
      return id
    })
    return { document: await getDocument({ database, viewer, txId, docId }), created: true }
  } catch (err) {
    // The storage removes partial data itself; a complete object without a row is removed here.
    if (stored) await storage.delete(storageKey).catch(() => {})
    if (keyRowId) {
      await database.db
        .delete(documentUploadKeys)
        .where(eq(documentUploadKeys.id, keyRowId))
        .catch(() => {})
    }
    if (err instanceof UploadTooLargeError) throw tooLarge(err.maxBytes)
    throw err
  } finally {
    if (renew) clearInterval(renew)
  }
}

/**
 * The audience of an upload (decision 051): the one chosen, which must include the uploader (422
 * otherwise: no one files what they could not read); else that of the name's latest version; else
 * the default of its kind for the uploader (defaultAudienceForUploader).
 */
async function uploadAudience(
  tx: Tx,
  opts: { txId: string; role: string; folder: DocumentFolder; filename: string; chosen: DocumentAudience | undefined },
): Promise<DocumentAudience> {
  if (opts.chosen) {
    if (!audiencesFor(opts.role).includes(opts.chosen)) {
      throw new AppError(
        'unprocessable',
        `As the ${participantRoleLabel(opts.role)} you cannot file a document for "${audienceLabel(opts.chosen)}": choose an audience that includes you.`,
        { audience: ['Choose an audience that includes you'] },
      )
    }
    return opts.chosen
  }
  const previous = firstRow(
    z.object({ audience: z.enum(DOCUMENT_AUDIENCES) }),
    await tx.execute(sql`select audience from documents where transaction_id = ${opts.txId}
      and folder = ${opts.folder} and filename = ${opts.filename} order by version desc limit 1`),
  )
  return previous?.audience ?? defaultAudienceForUploader(opts.folder, opts.filename, opts.role)
}

async function claimIdempotencyKey(
  database: Database,
  userId: string,
  txId: string,
  key: string,
  fingerprint: string,
): Promise<{ id: string } | { replay: string }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await database.db
      .insert(documentUploadKeys)
      .values({ transactionId: txId, userId, idempotencyKey: key, fingerprint })
      .onConflictDoNothing()
      .returning({ id: documentUploadKeys.id })
    if (inserted[0]) return { id: inserted[0].id }
    const [existing] = await database.query<{
      id: string
      status: string
      fingerprint: string
      document_id: string | null
      age_ms: number | string
    }>(
      `select id, status, fingerprint, document_id, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms
       from document_upload_keys where transaction_id = $1 and user_id = $2 and idempotency_key = $3`,
      [txId, userId, key],
    )
    if (!existing) continue
    if (existing.fingerprint !== fingerprint)
      throw new AppError('unprocessable', 'This Idempotency-Key was already used for a different upload.')
    if (existing.status === 'done' && existing.document_id) return { replay: existing.document_id }
    if (Number(existing.age_ms) < UPLOAD_KEY_LEASE_MS)
      throw new AppError('conflict', 'This upload is still in progress. Wait for it to finish.')
    // Abandoned: take it over (the condition makes two retries at once take it in turn).
    await database.query(
      `delete from document_upload_keys where id = $1 and status = 'in_flight'
         and created_at <= now() - $2 * interval '1 millisecond'`,
      [existing.id, UPLOAD_KEY_LEASE_MS],
    )
  }
  throw new AppError('conflict', 'This upload is still in progress. Wait for it to finish.')
}

/**
 * Streams an upload's body to `storageKey` through `inspector` (size limit, type by magic bytes,
 * SHA-256) and returns what it found. On any failure nothing is left under the key (the storage removes
 * partial data; a complete object of a refused or interrupted body is deleted here) and the error is
 * thrown: 413, 415, 422 (empty), or 400 when the client went away. Shared by the move's documents and
 * the home logbook's.
 */
export async function storeInspected(
  storage: ObjectStorage,
  storageKey: string,
  body: ReadableStream<Uint8Array>,
  inspector: UploadInspector,
): Promise<InspectedUpload> {
  // The web ReadableStream of the DOM typings and node:stream/web's are the same object at run time, typed apart.
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)
  const [put, piped] = await Promise.allSettled([
    storage.put(storageKey, inspector, { contentType: 'application/octet-stream' }),
    pipeline(source, inspector),
  ])
  if (put.status === 'rejected') throw piped.status === 'rejected' ? streamError(piped.reason) : put.reason
  if (piped.status === 'rejected') {
    await storage.delete(storageKey).catch(() => {})
    throw streamError(piped.reason)
  }
  return inspector.result!
}

/** 413 with the limit in megabytes. */
export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The file is larger than ${formatMegabytes(maxBytes)}, the most we accept.`)
}

/** Our own refusals pass through; anything else from the body stream means the client went away. */
function streamError(err: unknown): unknown {
  if (err instanceof AppError || err instanceof UploadTooLargeError) return err
  return new AppError('bad_request', 'The upload was interrupted before it finished. Nothing was saved.')
}
