/** HTTP edge of the audit trail: the readable list and the chain verifier. */
import { activityEndpoints as endpoints } from '#shared/contracts/activity.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { listAuditTrail, verifyAuditTrail } from '#server/core/audit/audit-chain.ts'

export function activityRoutes({ database }: AppDeps) {
  return createRouter()
    .openapi(endpoints.trail, async (c) => {
      const { txId } = c.req.valid('param')
      const { limit, before_seq } = c.req.valid('query')
      const entries = await listAuditTrail({ database, viewer: requireViewer(c), txId, limit, beforeSeq: before_seq })
      return c.json({ entries }, 200)
    })
    .openapi(endpoints.verify, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await verifyAuditTrail({ database, viewer: requireViewer(c), txId }), 200)
    })
}
