/**
 * HTTP edge of e-signing (issue 5, part 6): ask participants to sign a PDF version, list requests,
 * sign (typed or drawn, with consent), decline, cancel, and verify a signed PDF. Uses the built-in
 * e-signature provider; an external partner can be configured behind the same interface later.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  CreateSignatureRequestInput,
  DeclineInput,
  DocumentParams,
  SignatureRequest,
  SignatureRequestListResponse,
  SignatureRequestParams,
  SignatureVerifyResponse,
  SignInput,
} from '../../../shared/contracts/documents'
import { Uuid } from '../../../shared/contracts/common'
import { TransactionParams } from '../../../shared/contracts/transactions'
import type { Viewer } from '../../auth/viewer'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { storageFor } from '../../platform/storage'
import { lazyESignatureProvider } from '../../providers/e-signature/lazy-provider'
import { createSignatureRequest } from './create-signature-request'
import { getSignatureRequest, listSignatureRequests } from './read-signature-requests'
import { cancelRequest, declineRequest, signRequest } from './respond-to-request'
import type { SigningContext } from './signing-context'
import { verifySignedDocument } from './verify-signed-document'

const STATE = {
  403: { description: 'Not a signer (sign, decline) or not the requester (cancel)' },
  409: { description: 'Another version’s hash, not pending, or waiting for an earlier signer' },
}

const createReqRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/documents/{docId}/signature-requests',
  summary: 'Ask participants to sign this PDF version (bound to its SHA-256)',
  request: { params: DocumentParams, body: { required: true, ...jsonContent(CreateSignatureRequestInput) } },
  responses: {
    201: { description: 'Created; signers emailed', ...jsonContent(SignatureRequest) },
    409: { description: 'document_sha256 is another version’s, or a request is already pending' },
    422: { description: 'Not a PDF, encrypted or damaged PDF, or a signer not on the move' },
    ...ERROR_RESPONSES,
  },
})
const listReqRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/signature-requests',
  summary: 'Signature requests of the move, newest first (optionally for one document version)',
  request: { params: TransactionParams, query: z.object({ document_id: Uuid.optional() }) },
  responses: { 200: { description: 'Requests', ...jsonContent(SignatureRequestListResponse) }, ...ERROR_RESPONSES },
})
const oneReqRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/signature-requests/{reqId}',
  summary: 'One signature request with its signers',
  request: { params: SignatureRequestParams },
  responses: { 200: { description: 'Request', ...jsonContent(SignatureRequest) }, ...ERROR_RESPONSES },
})
const signRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/signature-requests/{reqId}/sign',
  summary: 'Consent and sign (typed name or drawn PNG); the last signature produces the signed PDF',
  request: { params: SignatureRequestParams, body: { required: true, ...jsonContent(SignInput) } },
  responses: {
    200: { description: 'Updated request', ...jsonContent(SignatureRequest) },
    ...STATE,
    ...ERROR_RESPONSES,
  },
})
const declineRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/signature-requests/{reqId}/decline',
  summary: 'Decline to sign, with a reason (ends the request)',
  request: { params: SignatureRequestParams, body: { required: true, ...jsonContent(DeclineInput) } },
  responses: {
    200: { description: 'Updated request', ...jsonContent(SignatureRequest) },
    ...STATE,
    ...ERROR_RESPONSES,
  },
})
const cancelRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/signature-requests/{reqId}/cancel',
  summary: 'Cancel a pending request (its requester only)',
  request: { params: SignatureRequestParams },
  responses: {
    200: { description: 'Updated request', ...jsonContent(SignatureRequest) },
    ...STATE,
    ...ERROR_RESPONSES,
  },
})
const verifyRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/documents/{docId}/signature/verify',
  summary: 'Recompute the SHA-256 of a signed PDF and its original and compare with the record',
  request: { params: DocumentParams },
  responses: {
    200: { description: 'Result', ...jsonContent(SignatureVerifyResponse) },
    422: { description: 'This version is not a signed document' },
    ...ERROR_RESPONSES,
  },
})

export function signingRoutes({ database, config, mail }: AppDeps) {
  const storage = storageFor(config)
  const provider = lazyESignatureProvider('builtin', async () =>
    (await import('../../providers/e-signature/builtin-provider')).createBuiltinESignatureProvider(),
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
    .openapi(createReqRoute, async (c) => {
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
    .openapi(listReqRoute, async (c) => {
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
    .openapi(oneReqRoute, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      return c.json(await getSignatureRequest({ database, viewer: requireViewer(c), txId, reqId }), 200)
    })
    .openapi(signRoute, async (c) => {
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
    .openapi(declineRoute, async (c) => {
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
    .openapi(cancelRoute, async (c) => {
      const { txId, reqId } = c.req.valid('param')
      const res = await cancelRequest({ ...ctx(requireViewer(c), c.var.client.ip), txId, reqId })
      mail.kick()
      return c.json(res, 200)
    })
    .openapi(verifyRoute, async (c) => {
      const { txId, docId } = c.req.valid('param')
      return c.json(await verifySignedDocument({ ...ctx(requireViewer(c), c.var.client.ip), txId, docId }), 200)
    })
}
