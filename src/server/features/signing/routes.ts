/**
 * HTTP edge of e-signing: ask participants to sign a PDF version, list requests,
 * sign (typed or drawn, with consent), decline, cancel, and verify a signed PDF. Uses the built-in
 * e-signature provider; an external partner can be configured behind the same interface later.
 */
import { signingEndpoints as endpoints } from '#shared/contracts/signing.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { lazyESignatureProvider } from '#server/providers/e-signature/lazy-provider.ts'
import { createSignatureRequest } from './create-signature-request'
import { getSignatureRequest, listSignatureRequests } from '#server/core/signing/read-signature-requests.ts'
import { cancelRequest, declineRequest, signRequest } from '#server/core/signing/respond-to-request.ts'
import type { SigningContext } from '#server/core/signing/signing-context.ts'
import { verifySignedDocument } from './verify-signed-document'

export function signingRoutes({ database, config, mail }: AppDeps) {
  const storage = storageFor(config)
  const provider = lazyESignatureProvider('builtin', async () =>
    (await import('#server/providers/e-signature/builtin-provider.ts')).createBuiltinESignatureProvider(),
  )
  const ctx = (viewer: Viewer, ip: string | null): SigningContext => ({
    database,
    storage,
    provider,
    viewer,
    ip,
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  return createRouter()
    .openapi(endpoints.create, async (c) => {
      const { txId, docId } = c.req.valid('param')
      const created = await createSignatureRequest({
        ...ctx(requireViewer(c), c.var.client.ip),
        txId,
        docId,
        input: c.req.valid('json'),
      })
      mail.kick()
      return c.json(created, 201)
    })
    .openapi(endpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      const { document_id } = c.req.valid('query')
      const requests = await listSignatureRequests({
        database,
        viewer: requireViewer(c),
        txId,
        documentId: document_id,
      })
      return c.json({ requests }, 200)
    })
    .openapi(endpoints.one, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      return c.json(await getSignatureRequest({ database, viewer: requireViewer(c), txId, reqId }), 200)
    })
    .openapi(endpoints.sign, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      const res = await signRequest({
        ...ctx(requireViewer(c), c.var.client.ip),
        txId,
        reqId,
        input: c.req.valid('json'),
        userAgent: c.var.client.userAgent,
      })
      mail.kick()
      return c.json(res, 200)
    })
    .openapi(endpoints.decline, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      const res = await declineRequest({
        ...ctx(requireViewer(c), c.var.client.ip),
        txId,
        reqId,
        reason: c.req.valid('json').reason,
      })
      mail.kick()
      return c.json(res, 200)
    })
    .openapi(endpoints.cancel, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      const res = await cancelRequest({ ...ctx(requireViewer(c), c.var.client.ip), txId, reqId })
      mail.kick()
      return c.json(res, 200)
    })
    .openapi(endpoints.verify, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json(await verifySignedDocument({ ...ctx(requireViewer(c), c.var.client.ip), txId, docId }), 200)
    })
}
