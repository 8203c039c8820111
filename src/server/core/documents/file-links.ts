/**
 * Short-lived links to a document's bytes: `/api/files/<docId>?d=&u=&e=&s=`, an
 * HMAC-SHA256 (key derived from the auth secret) over the document, disposition, the viewer it was
 * made for and its expiry. The file endpoint re-checks everything: signature, expiry, that the
 * requester is that viewer, and that they are still on the transaction. For S3 the bytes are
 * streamed from the bucket through this endpoint rather than by redirect to a presigned URL: a
 * presigned URL is a bearer token that cannot be revoked when a participant is removed, and the
 * response would lack our nosniff and disposition headers (see docs/decisions/007-documents-storage-and-signing.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { Readable } from 'node:stream'
import { EXTENSION_FOR_TYPE, isInlineAllowed } from '#shared/domain/document-files.ts'
import { documentAudienceSql, visibleTransactionIdsSql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '../errors'
import type { ObjectStorage, StoredObject } from '#server/platform/storage/index.ts'
import { recordActivity } from '../audit/record-activity'
import { getDocument } from './document-rows'

/** Lifetime of a link: 5 minutes. */
export const FILE_LINK_TTL_SECONDS = 5 * 60

export type Disposition = 'inline' | 'attachment'

function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('homeward-file-link-v1').digest()
}

function mac(secret: string, docId: string, d: string, u: string, e: string): string {
  return createHmac('sha256', linkKey(secret)).update(`${docId}\n${d}\n${u}\n${e}`).digest('base64url')
}

/**
 * Makes a link for `viewer` to view (inline: PDFs and images only; others fall back to attachment)
 * or download a document they can see. Returns a same-origin path and its expiry. 404 when not visible.
 */
export async function createFileLink(opts: {
  database: Database
  viewer: Viewer
  txId: string
  docId: string
  disposition: Disposition
  secret: string
  now?: number
}): Promise<{ url: string; expires_at: string; disposition: Disposition }> {
  const doc = await getDocument(opts)
  const d: Disposition = opts.disposition === 'inline' && isInlineAllowed(doc.content_type) ? 'inline' : 'attachment'
  const e = String(Math.floor((opts.now ?? Date.now()) / 1000) + FILE_LINK_TTL_SECONDS)
  const u = opts.viewer.profileId
  const s = mac(opts.secret, doc.id, d, u, e)
  const qs = new URLSearchParams({ d, u, e, s })
  return { url: `/api/files/${doc.id}?${qs}`, expires_at: new Date(Number(e) * 1000).toISOString(), disposition: d }
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266, RFC 8187). */
export function contentDisposition(kind: Disposition, filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

const forbidden = (why: string) => new AppError('forbidden', why)

/**
 * Checks a link and opens the file. Every failure is 403 with a message (never which part failed
 * beyond expired vs not valid for you). Records document.viewed or document.downloaded.
 */
export async function openFileLink(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  docId: string
  params: Record<string, string | undefined>
  secret: string
  ip: string | null
  now?: number
}): Promise<{ body: ReadableStream; headers: Record<string, string> }> {
  const { d, u, e, s } = opts.params
  if ((d !== 'inline' && d !== 'attachment') || !u || !e || !/^\d{1,12}$/.test(e) || !s)
    throw forbidden('This link is not valid.')
  const expected = Buffer.from(mac(opts.secret, opts.docId, d, u, e))
  const given = Buffer.from(s)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden('This link is not valid.')
  if (Number(e) * 1000 <= (opts.now ?? Date.now())) throw forbidden('This link has expired. Open the document again.')
  if (opts.viewer.profileId !== u) throw forbidden('This link was made for someone else.')
  const [row] = await opts.database.query<{ transaction_id: string; storage_key: string | null }>(
    `select d.transaction_id, d.storage_key from documents d
      where d.id = $1 and d.transaction_id in ${visibleTransactionIdsSql('$2')} and ${documentAudienceSql('d', '$2')}`,
    [opts.docId, opts.viewer.profileId],
  )
  if (!row?.storage_key) throw forbidden('You no longer have access to this document.')
  const doc = await getDocument({
    database: opts.database,
    viewer: opts.viewer,
    txId: row.transaction_id,
    docId: opts.docId,
  })
  const stored = await opts.storage.get(row.storage_key)
  await opts.database.db.transaction((tx) =>
    recordActivity(tx, {
      transactionId: row.transaction_id,
      actorId: opts.viewer.profileId,
      kind: d === 'inline' ? 'document.viewed' : 'document.downloaded',
      summary: `${d === 'inline' ? 'viewed' : 'downloaded'} "${doc.filename}" (version ${doc.version})`,
      payload: { documentId: doc.id, version: doc.version, sha256: doc.sha256 },
      ip: opts.ip,
    }),
  )
  return fileResponse(stored, { contentType: doc.content_type, filename: doc.filename, disposition: d })
}

/**
 * A stored file as sent to its viewer: the bytes with their type (raw bytes when the row has none),
 * length, an RFC 6266 disposition (inline only for PDFs and images; `filename` defaults from the type),
 * nosniff, no caching, and for anything but a PDF a policy that runs no script. Used by the move's
 * file links and the home logbook's files.
 */
export function fileResponse(
  stored: StoredObject,
  file: { contentType: string | null; filename: string; disposition: Disposition },
): { body: ReadableStream; headers: Record<string, string> } {
  const contentType = file.contentType ?? 'application/octet-stream'
  const filename = file.filename || `document${EXTENSION_FOR_TYPE[contentType] ?? ''}`
  const kind: Disposition = file.disposition === 'inline' && isInlineAllowed(file.contentType) ? 'inline' : 'attachment'
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(stored.sizeBytes),
    'Content-Disposition': contentDisposition(kind, filename),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  }
  // A file is never a page of ours: no scripts, even if a browser were to sniff it. PDFs keep the
  // app's policy, because the browser's own PDF viewer does not run in a sandboxed document.
  if (file.contentType !== 'application/pdf')
    headers['Content-Security-Policy'] = "default-src 'none'; img-src 'self'; sandbox"
  // node:stream/web's ReadableStream, typed apart from the DOM's one that a Response takes.
  return { body: Readable.toWeb(stored.body) as ReadableStream, headers }
}
