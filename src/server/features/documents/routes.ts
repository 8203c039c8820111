/**
 * HTTP edge of documents: upload (the raw file as the body, so a plain Hono route, also
 * described in the OpenAPI document), list, versions, one version, changing its audience (decision
 * 051), short-lived file links, and the file endpoint those links point to.
 */
import { TransactionParams } from '#shared/contracts/common.ts'
import { documentEndpoints as endpoints, UploadDocumentQuery } from '#shared/contracts/documents.ts'
import { validationError } from '#server/core/errors.ts'
import { createRouter, documented, honoPath, requireViewer, type AppDeps } from '#server/http/router.ts'
import { errorBody } from '#server/http/errors.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { getDocument, listDocumentVersions, listDocuments } from '#server/core/documents/document-rows.ts'
import { createFileLink, openFileLink } from '#server/core/documents/file-links.ts'
import { changeDocumentAudience } from '#server/core/documents/change-audience.ts'
import { sweepOrphanedDocumentObjects } from './sweep-orphans'
import { DEFAULT_DOCUMENT_MAX_BYTES, uploadDocument } from '#server/core/documents/upload-document.ts'

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
  router.openAPIRegistry.registerPath(documented(endpoints.upload))
  return router
    .openapi(endpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json({ documents: await listDocuments({ database, viewer: requireViewer(c), txId }) }, 200)
    })
    .openapi(endpoints.one, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json(await getDocument({ database, viewer: requireViewer(c), txId, docId }), 200)
    })
    .openapi(endpoints.versions, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json({ versions: await listDocumentVersions({ database, viewer: requireViewer(c), txId, docId }) }, 200)
    })
    .openapi(endpoints.changeAudience, async (c) => {
      const { txId, docId } = c.req.valid('param')
      const { audience } = c.req.valid('json')
      const viewer = requireViewer(c)
      return c.json(await changeDocumentAudience({ database, viewer, txId, docId, audience, ip: c.var.client.ip }), 200)
    })
    .openapi(endpoints.fileLink, async (c) => {
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
    .openapi(endpoints.file, async (c) => {
      const { docId } = c.req.valid('param')
      if (!/^[0-9a-f-]{36}$/i.test(docId)) return c.json(errorBody('forbidden', 'This link is not valid.'), 403)
      const file = await openFileLink({
        database,
        storage,
        viewer: requireViewer(c),
        docId,
        params: c.req.valid('query'),
        secret: config.authSecret,
        ip: c.var.client.ip,
      })
      return c.body(file.body, 200, file.headers)
    })
    .post(honoPath(endpoints.upload.path), async (c) => {
      // Authenticate before validating, as createRouter does for openapi() routes.
      c.set('endpoint', endpoints.upload)
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
