/**
 * HTTP edge of documents (issue 5): upload (the raw file as the body, so a plain Hono route, also
 * described in the OpenAPI document), list, versions, one version, short-lived file links, and the
 * file endpoint those links point to.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  DocumentListResponse,
  DocumentParams,
  DocumentVersion,
  DocumentVersionsResponse,
  SignedUrlQuery,
  SignedUrlResponse,
  UploadDocumentQuery,
} from '../../../shared/contracts/documents'
import { TransactionParams } from '../../../shared/contracts/transactions'
import { validationError } from '../../http/errors'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { storageFor } from '../../platform/storage'
import { getDocument, listDocumentVersions, listDocuments } from './document-rows'
import { createFileLink, openFileLink } from './file-links'
import { sweepOrphanedDocumentObjects } from './sweep-orphans'
import { DEFAULT_DOCUMENT_MAX_BYTES, uploadDocument } from './upload-document'

const uploadRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/documents',
  summary: 'Upload a document or a new version (the file is the raw request body)',
  description:
    'Send the file bytes as the body (any Content-Type; the type is decided by magic bytes: PDF, JPEG, PNG, ' +
    'HEIC or Word .docx). Same filename in the same folder becomes version N+1. Optional Idempotency-Key header.',
  request: {
    params: TransactionParams,
    query: UploadDocumentQuery,
    headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
    body: {
      required: true,
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
  },
  responses: {
    201: { description: 'Stored', ...jsonContent(DocumentVersion) },
    200: { description: 'Replay of an earlier upload with the same Idempotency-Key', ...jsonContent(DocumentVersion) },
    409: { description: 'The same Idempotency-Key is still uploading' },
    413: { description: 'Larger than DOCUMENT_MAX_BYTES (default 50 MB)' },
    415: { description: 'Not a PDF, JPEG, PNG, HEIC or Word (.docx) file' },
    422: { description: 'Empty file, or an Idempotency-Key reused for a different upload' },
    ...ERROR_RESPONSES,
  },
})

const listRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/documents',
  summary: 'Latest version of every document, by folder then name',
  request: { params: TransactionParams },
  responses: { 200: { description: 'Documents', ...jsonContent(DocumentListResponse) }, ...ERROR_RESPONSES },
})

const oneRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/documents/{docId}',
  summary: 'One document version',
  request: { params: DocumentParams },
  responses: { 200: { description: 'Version', ...jsonContent(DocumentVersion) }, ...ERROR_RESPONSES },
})

const versionsRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/documents/{docId}/versions',
  summary: 'Every version of this document (same name, same folder), newest first',
  request: { params: DocumentParams },
  responses: { 200: { description: 'Versions', ...jsonContent(DocumentVersionsResponse) }, ...ERROR_RESPONSES },
})

const urlRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/documents/{docId}/url',
  summary: 'A link to view or download this version, for the viewer only, valid 5 minutes',
  request: { params: DocumentParams, query: SignedUrlQuery },
  responses: { 200: { description: 'Link', ...jsonContent(SignedUrlResponse) }, ...ERROR_RESPONSES },
})

const fileRoute = createRoute({
  method: 'get',
  path: '/files/{docId}',
  summary: 'The bytes behind a link from .../url (403 when expired, altered, for someone else, or access removed)',
  request: {
    params: z.object({ docId: z.string() }),
    query: z.object({ d: z.string(), u: z.string(), e: z.string(), s: z.string() }).partial(),
  },
  responses: {
    200: { description: 'The file, with nosniff and an RFC 6266 Content-Disposition' },
    403: { description: 'Link expired, altered, made for someone else, or access removed' },
  },
})

/** Objects older than this without a row are orphans of a killed upload (swept once at start). */
const ORPHAN_AGE_MS = 60 * 60 * 1000

export function documentsRoutes({ database, config, log }: AppDeps) {
  const storage = storageFor(config)
  const maxBytes = config.DOCUMENT_MAX_BYTES ?? DEFAULT_DOCUMENT_MAX_BYTES
  // Once per start, in the background: never delays serving, never fails it.
  void sweepOrphanedDocumentObjects({ database, storage, olderThan: new Date(Date.now() - ORPHAN_AGE_MS) })
    .then((r) => r.orphans + r.incomplete > 0 && log.info('swept interrupted document uploads', r))
    .catch((err: unknown) => log.warn('could not sweep interrupted document uploads', err))
  const router = createRouter()
  // Registered for the OpenAPI document only; the handler below reads the raw body itself.
  router.openAPIRegistry.registerPath(uploadRoute)
  return router
    .openapi(listRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json({ documents: await listDocuments({ database, viewer: requireViewer(c), txId }) }, 200)
    })
    .openapi(oneRoute, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json(await getDocument({ database, viewer: requireViewer(c), txId, docId }), 200)
    })
    .openapi(versionsRoute, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json({ versions: await listDocumentVersions({ database, viewer: requireViewer(c), txId, docId }) }, 200)
    })
    .openapi(urlRoute, async (c) => {
      const { txId, docId } = c.req.valid('param')
      const { disposition } = c.req.valid('query')
      const link = await createFileLink({
        database,
        viewer: requireViewer(c),
        txId,
        docId,
        disposition,
        secret: config.authSecret,
      })
      return c.json(link, 200)
    })
    .openapi(fileRoute, async (c) => {
      const { docId } = c.req.valid('param')
      if (!/^[0-9a-f-]{36}$/i.test(docId))
        return c.json({ error: { code: 'forbidden', message: 'This link is not valid.' } }, 403)
      const file = await openFileLink({
        database,
        storage,
        viewer: requireViewer(c),
        docId,
        params: c.req.valid('query'),
        secret: config.authSecret,
        ip: c.var.client.ip,
      })
      return c.body(file.body, 200, file.headers) as never
    })
    .post('/transactions/:txId/documents', async (c) => {
      // Authenticate before validating (issue 11, item 7), as createRouter does for openapi() routes.
      const viewer = requireViewer(c)
      const params = TransactionParams.safeParse(c.req.param())
      if (!params.success) throw validationError(params.error)
      const query = UploadDocumentQuery.safeParse(c.req.query())
      if (!query.success) throw validationError(query.error)
      const length = c.req.header('content-length')
      const { document, created } = await uploadDocument({
        database,
        storage,
        viewer,
        txId: params.data.txId,
        query: query.data,
        body: c.req.raw.body,
        contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
        maxBytes,
        idempotencyKey: c.req.header('idempotency-key')?.slice(0, 255) || null,
        ip: c.var.client.ip,
      })
      return c.json(document, created ? 201 : 200)
    })
}
