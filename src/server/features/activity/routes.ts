/** HTTP edge of the audit trail: the readable list and the chain verifier (issue 5, part 7). */
import { createRoute, z } from '@hono/zod-openapi'
import { AuditTrailResponse, AuditVerifyResponse } from '../../../shared/contracts/documents'
import { TransactionParams } from '../../../shared/contracts/transactions'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { listAuditTrail, verifyAuditTrail } from './audit-chain'

const listRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/activity',
  summary: 'The audit trail, newest first, with each entry’s place in the hash chain',
  request: {
    params: TransactionParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      before_seq: z.coerce.number().int().min(1).optional(),
    }),
  },
  responses: { 200: { description: 'Entries', ...jsonContent(AuditTrailResponse) }, ...ERROR_RESPONSES },
})

const verifyRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/activity/verify',
  summary: 'Recompute the hash chain and name the first broken link',
  request: { params: TransactionParams },
  responses: { 200: { description: 'Result', ...jsonContent(AuditVerifyResponse) }, ...ERROR_RESPONSES },
})

export function activityRoutes({ database }: AppDeps) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { txId } = c.req.valid('param')
      const { limit, before_seq } = c.req.valid('query')
      const entries = await listAuditTrail({ database, viewer: requireViewer(c), txId, limit, beforeSeq: before_seq })
      return c.json({ entries }, 200)
    })
    .openapi(verifyRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await verifyAuditTrail({ database, viewer: requireViewer(c), txId }), 200)
    })
}
