/**
 * HTTP edge of transactions: the dashboard list, the workspace detail, creating a transaction, and
 * working it (tasks, stage blocks, status). Writes answer with the refreshed detail.
 */
import { transactionEndpoints as endpoints } from '#shared/contracts/transactions.ts'
import { createRouter, jsonText, requireViewer, type AppDeps } from '#server/http/router.ts'
import { archiveTransaction } from './archive-transaction'
import { changeStatus } from './change-status'
import { createTransaction } from '#server/core/timeline/create-transaction.ts'
import type { StatusHook, TimelineHooks } from '#server/core/timeline/timeline-hooks.ts'
import { getTransactionDetail } from './get-transaction-detail'
import { listDashboard } from './list-dashboard'
import { updateStage } from './update-stage'
import { updateTask } from './update-task'

/** `hooks`: what reacts to a status change or a blocked stage, composed in src/server/timeline-hooks.ts. */
export function transactionsRoutes(deps: AppDeps, hooks: TimelineHooks) {
  const { database, config, mail, log } = deps
  const onHookError = (hook: StatusHook, err: unknown) =>
    log.error(`status hook '${hook.name}' failed after commit`, err)
  const notify = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
  const detail = (viewer: Parameters<typeof getTransactionDetail>[0]['viewer'], txId: string) =>
    getTransactionDetail({ database, viewer, txId })
  return createRouter()
    .openapi(endpoints.list, async (c) => jsonText(c, await listDashboard({ database, viewer: requireViewer(c) })))
    .openapi(endpoints.detail, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await detail(requireViewer(c), txId))
    })
    .openapi(endpoints.create, async (c) => {
      const created = await createTransaction({ database, viewer: requireViewer(c), input: c.req.valid('json') })
      return c.json(created, 201)
    })
    .openapi(endpoints.updateTask, async (c) => {
      const { txId, taskId } = c.req.valid('param')
      const { status, version } = c.req.valid('json')
      await updateTask({ database, viewer: requireViewer(c), txId, taskId, status, version, notify })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId))
    })
    .openapi(endpoints.updateStage, async (c) => {
      const { txId, stageId } = c.req.valid('param')
      const { blocked_reason, version } = c.req.valid('json')
      await updateStage({
        database,
        viewer: requireViewer(c),
        txId,
        stageId,
        blockedReason: blocked_reason,
        version,
        notify,
        hooks: hooks.stageBlocked,
      })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId))
    })
    .openapi(endpoints.changeStatus, async (c) => {
      const { txId } = c.req.valid('param')
      const input = c.req.valid('json')
      await changeStatus({ database, viewer: requireViewer(c), txId, input, notify, hooks: hooks.status, onHookError })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId))
    })
    .openapi(endpoints.archive, async (c) => {
      const { txId } = c.req.valid('param')
      const result = await archiveTransaction({
        database,
        viewer: requireViewer(c),
        txId,
        archived: c.req.valid('json').archived,
      })
      return c.json(result, 200)
    })
}
