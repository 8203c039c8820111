/**
 * HTTP edge of notifications (issue 6): the bell's list, marking read, email settings, the viewer's
 * live notification stream, and buyers' and sellers' update requests on a transaction.
 */
import { createRoute } from '@hono/zod-openapi'
import {
  CreateUpdateRequestInput,
  MarkNotificationsReadInput,
  NotificationListResponse,
  NotificationSettings,
  UpdateRequest,
  UpdateRequestListResponse,
} from '../../../shared/contracts/chat'
import { TransactionParams } from '../../../shared/contracts/transactions'
import { createRouter, ERROR_RESPONSES, jsonContent, jsonText, requireViewer, type AppDeps } from '../../http/router'
import { notificationStream } from '../live/event-stream'
import {
  listNotifications,
  markNotificationsRead,
  readNotificationSettings,
  saveNotificationSettings,
} from './notifications'
import { createUpdateRequest, listUpdateRequests, UpdateRequestTooSoon } from './update-requests'

const listRoute = createRoute({
  method: 'get',
  path: '/notifications',
  summary: "The viewer's newest 50 notifications and unread count",
  responses: { 200: { description: 'Notifications', ...jsonContent(NotificationListResponse) }, ...ERROR_RESPONSES },
})
const readRoute = createRoute({
  method: 'post',
  path: '/notifications/read',
  summary: 'Mark notifications read (given ids, or all)',
  request: { body: { required: true, ...jsonContent(MarkNotificationsReadInput) } },
  responses: { 204: { description: 'Marked read' }, ...ERROR_RESPONSES },
})
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/notifications/settings',
  summary: 'Email on or off per notification kind, and the daily digest',
  responses: { 200: { description: 'Settings', ...jsonContent(NotificationSettings) }, ...ERROR_RESPONSES },
})
const putSettingsRoute = createRoute({
  method: 'put',
  path: '/notifications/settings',
  summary: 'Save email settings',
  request: { body: { required: true, ...jsonContent(NotificationSettings) } },
  responses: { 200: { description: 'Saved', ...jsonContent(NotificationSettings) }, ...ERROR_RESPONSES },
})
const streamRoute = createRoute({
  method: 'get',
  path: '/notifications/stream',
  summary: 'Server-Sent Events: the viewer\'s new notifications (event "notification")',
  responses: { 200: { description: 'text/event-stream' }, ...ERROR_RESPONSES },
})
const listRequestsRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/update-requests',
  summary: 'Latest update requests on the transaction, and whether the viewer may ask now',
  request: { params: TransactionParams },
  responses: { 200: { description: 'Requests', ...jsonContent(UpdateRequestListResponse) }, ...ERROR_RESPONSES },
})
const createRequestRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/update-requests',
  summary: 'A buyer or seller asks their conveyancer for an update (once per 24 hours)',
  request: { params: TransactionParams, body: { required: true, ...jsonContent(CreateUpdateRequestInput) } },
  responses: {
    201: { description: 'Requested', ...jsonContent(UpdateRequest) },
    403: { description: 'Not the buyer or the seller' },
    409: { description: 'No conveyancer on their side yet' },
    429: { description: 'Asked within the last 24 hours; Retry-After in seconds' },
    ...ERROR_RESPONSES,
  },
})

export function notificationsRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  return createRouter()
    .openapi(
      listRoute,
      async (c) => jsonText(c, await listNotifications({ database, viewer: requireViewer(c) })) as never,
    )
    .openapi(readRoute, async (c) => {
      const { ids, all } = c.req.valid('json')
      await markNotificationsRead({ database, viewer: requireViewer(c), ids, all })
      return c.body(null, 204) as never
    })
    .openapi(getSettingsRoute, async (c) =>
      c.json(await readNotificationSettings({ database, viewer: requireViewer(c) })),
    )
    .openapi(putSettingsRoute, async (c) =>
      c.json(await saveNotificationSettings({ database, viewer: requireViewer(c), settings: c.req.valid('json') })),
    )
    .openapi(streamRoute, async (c) => notificationStream(c, deps, requireViewer(c)) as never)
    .openapi(listRequestsRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listUpdateRequests({ database, viewer: requireViewer(c), txId })) as never
    })
    .openapi(createRequestRoute, async (c) => {
      const { txId } = c.req.valid('param')
      try {
        const json = await createUpdateRequest({
          database,
          viewer: requireViewer(c),
          txId,
          note: c.req.valid('json').note,
          publicUrl: config.publicUrl,
          deliverMail: mail.deliver,
        })
        mail.kick()
        return jsonText(c, json, 201) as never
      } catch (err) {
        if (err instanceof UpdateRequestTooSoon) {
          c.header('Retry-After', String(Math.max(1, Math.ceil((err.nextAllowedAt.getTime() - Date.now()) / 1000))))
        }
        throw err
      }
    })
}
