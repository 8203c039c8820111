/**
 * HTTP edge of home logbooks: the owner's logbooks, their documents (added as the raw request body,
 * so a plain Hono route also described in the OpenAPI document), the maintenance record and starting a
 * sale from one. The logbook itself is made at completion (create-at-completion.ts).
 */
import { logbookEndpoints as endpoints, LogbookParams, UploadLogbookDocumentQuery } from '#shared/contracts/logbooks.ts'
import { validationError } from '#server/core/errors.ts'
import { createRouter, honoPath, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { DEFAULT_DOCUMENT_MAX_BYTES } from '#server/core/documents/upload-document.ts'
import { openLogbookDocument, removeLogbookDocument, uploadLogbookDocument } from './logbook-documents'
import { addLogbookEntry, removeLogbookEntry } from './maintenance-record'
import { getLogbook, getLogbookPdtf, listLogbooks } from './read-logbooks'
import { startSaleFromLogbook } from './start-sale'

export function logbooksRoutes({ database, config }: AppDeps) {
  const storage = storageFor(config)
  const maxBytes = config.DOCUMENT_MAX_BYTES ?? DEFAULT_DOCUMENT_MAX_BYTES
  const router = createRouter()
  // Registered for the OpenAPI document only; the handler below reads the raw body itself.
  router.openAPIRegistry.registerPath(endpoints.upload)
  return router
    .openapi(endpoints.list, async (c) => c.json(await listLogbooks({ database, viewer: requireViewer(c) }), 200))
    .openapi(endpoints.one, async (c) =>
      c.json(await getLogbook({ database, viewer: requireViewer(c), logbookId: c.req.valid('param').logbookId }), 200),
    )
    .openapi(endpoints.pdtf, async (c) => {
      const { pack, filename } = await getLogbookPdtf({
        database,
        viewer: requireViewer(c),
        logbookId: c.req.valid('param').logbookId,
      })
      c.header('Content-Disposition', `attachment; filename="${filename}"`)
      return c.json(pack, 200)
    })
    .openapi(endpoints.file, async (c) => {
      const { logbookId, docId } = c.req.valid('param')
      const file = await openLogbookDocument({
        database,
        storage,
        viewer: requireViewer(c),
        logbookId,
        docId,
        disposition: c.req.valid('query').disposition,
      })
      return c.body(file.body, 200, file.headers)
    })
    .openapi(endpoints.removeDocument, async (c) => {
      const { logbookId, docId } = c.req.valid('param')
      await removeLogbookDocument({ database, storage, viewer: requireViewer(c), logbookId, docId })
      return c.body(null, 204)
    })
    .openapi(endpoints.addEntry, async (c) =>
      c.json(
        await addLogbookEntry({
          database,
          viewer: requireViewer(c),
          logbookId: c.req.valid('param').logbookId,
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .openapi(endpoints.removeEntry, async (c) => {
      const { logbookId, entryId } = c.req.valid('param')
      await removeLogbookEntry({ database, viewer: requireViewer(c), logbookId, entryId })
      return c.body(null, 204)
    })
    .openapi(endpoints.startSale, async (c) =>
      c.json(
        await startSaleFromLogbook({
          database,
          viewer: requireViewer(c),
          logbookId: c.req.valid('param').logbookId,
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .post(honoPath(endpoints.upload.path), async (c) => {
      c.set('endpoint', endpoints.upload)
      const viewer = requireViewer(c)
      const params = LogbookParams.safeParse(c.req.param())
      if (!params.success) throw validationError(params.error)
      const query = UploadLogbookDocumentQuery.safeParse(c.req.query())
      if (!query.success) throw validationError(query.error)
      const length = c.req.header('content-length')
      const document = await uploadLogbookDocument({
        database,
        storage,
        viewer,
        logbookId: params.data.logbookId,
        category: query.data.category,
        filename: query.data.filename,
        body: c.req.raw.body,
        contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
        maxBytes,
      })
      return c.json(document, 201)
    })
}
