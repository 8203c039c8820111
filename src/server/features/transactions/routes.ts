/**
 * HTTP edge of transactions: the dashboard list, the workspace detail, creating a transaction, and
 * working it (tasks, stage blocks, status). Writes answer with the refreshed detail.
 */
import { createRoute } from '@hono/zod-openapi'
import { DashboardResponse, TransactionDetail, TransactionParams } from '../../../shared/contracts/transactions'
import {
  CreateTransactionInput,
  CreateTransactionResponse,
  StageParams,
  StatusChangeInput,
  TaskParams,
  UpdateStageInput,
  UpdateTaskInput,
} from '../../../shared/contracts/workspace'
import { createRouter, ERROR_RESPONSES, jsonContent, jsonText, requireViewer, type AppDeps } from '../../http/router'
import { changeStatus } from './change-status'
import { createTransaction } from './create-transaction'
import { getTransactionDetail } from './get-transaction-detail'
import { listDashboard } from './list-dashboard'
import { updateStage } from './update-stage'
import { updateTask } from './update-task'

const CONFLICT = {
  409: { description: 'Changed by someone else first (stale version), or not allowed in this status' },
}
const FORBIDDEN = { 403: { description: 'On the move, but not allowed to do this' } }

const listRoute = createRoute({
  method: 'get',
  path: '/transactions',
  summary: "The viewer's transactions, newest first (dashboard)",
  responses: { 200: { description: 'Dashboard list', ...jsonContent(DashboardResponse) }, ...ERROR_RESPONSES },
})

const detailRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}',
  summary: 'One transaction with property, stages and tasks, participants, documents, messages and activity',
  request: { params: TransactionParams },
  responses: { 200: { description: 'Transaction detail', ...jsonContent(TransactionDetail) }, ...ERROR_RESPONSES },
})

const createTxRoute = createRoute({
  method: 'post',
  path: '/transactions',
  summary: 'Create a transaction (draft) with its property and the standard timeline',
  request: { body: { required: true, ...jsonContent(CreateTransactionInput) } },
  responses: { 201: { description: 'Created', ...jsonContent(CreateTransactionResponse) }, ...ERROR_RESPONSES },
})

const taskRoute = createRoute({
  method: 'patch',
  path: '/transactions/{txId}/tasks/{taskId}',
  summary: 'Tick or untick a task (its owners only)',
  request: { params: TaskParams, body: { required: true, ...jsonContent(UpdateTaskInput) } },
  responses: {
    200: { description: 'Updated detail', ...jsonContent(TransactionDetail) },
    ...FORBIDDEN,
    ...CONFLICT,
    ...ERROR_RESPONSES,
  },
})

const stageRoute = createRoute({
  method: 'patch',
  path: '/transactions/{txId}/stages/{stageId}',
  summary: 'Block a stage with a reason, or clear it (conveyancers)',
  request: { params: StageParams, body: { required: true, ...jsonContent(UpdateStageInput) } },
  responses: {
    200: { description: 'Updated detail', ...jsonContent(TransactionDetail) },
    ...FORBIDDEN,
    ...CONFLICT,
    ...ERROR_RESPONSES,
  },
})

const statusRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/status',
  summary: 'Activate, record exchange, record completion, or cancel',
  request: { params: TransactionParams, body: { required: true, ...jsonContent(StatusChangeInput) } },
  responses: {
    200: { description: 'Updated detail', ...jsonContent(TransactionDetail) },
    ...CONFLICT,
    ...ERROR_RESPONSES,
  },
})

export function transactionsRoutes({ database, config, mail }: AppDeps) {
  const notify = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
  const detail = (viewer: Parameters<typeof getTransactionDetail>[0]['viewer'], txId: string) =>
    getTransactionDetail({ database, viewer, txId })
  return createRouter()
    .openapi(listRoute, async (c) => jsonText(c, await listDashboard({ database, viewer: requireViewer(c) })) as never)
    .openapi(detailRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await detail(requireViewer(c), txId)) as never
    })
    .openapi(createTxRoute, async (c) => {
      const created = await createTransaction({ database, viewer: requireViewer(c), input: c.req.valid('json') })
      return c.json(created, 201)
    })
    .openapi(taskRoute, async (c) => {
      const { txId, taskId } = c.req.valid('param')
      const { status, version } = c.req.valid('json')
      await updateTask({ database, viewer: requireViewer(c), txId, taskId, status, version, notify })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId)) as never
    })
    .openapi(stageRoute, async (c) => {
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
      })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId)) as never
    })
    .openapi(statusRoute, async (c) => {
      const { txId } = c.req.valid('param')
      await changeStatus({ database, viewer: requireViewer(c), txId, input: c.req.valid('json'), notify })
      mail.kick()
      return jsonText(c, await detail(requireViewer(c), txId)) as never
    })
}
