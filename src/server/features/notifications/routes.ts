/**
 * HTTP edge of notifications: the bell's list, marking read, email settings, the viewer's
 * live notification stream (contracts/notifications.ts), and buyers' and sellers' update requests on
 * a transaction (contracts/update-requests.ts).
 */
import { notificationEndpoints } from '#shared/contracts/notifications.ts'
import { updateRequestEndpoints } from '#shared/contracts/update-requests.ts'
import { createRouter, jsonText, requireViewer, type AppDeps } from '#server/http/router.ts'
import { notificationStream } from '#server/core/live/event-stream.ts'
import {
  listNotifications,
  markNotificationsRead,
  readNotificationSettings,
  saveNotificationSettings,
} from './notifications'
import { createUpdateRequest, listUpdateRequests, UpdateRequestTooSoon } from './update-requests'

export function notificationsRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  return createRouter()
    .openapi(notificationEndpoints.list, async (c) =>
      jsonText(c, await listNotifications({ database, viewer: requireViewer(c) })),
    )
    .openapi(notificationEndpoints.markRead, async (c) => {
      const { ids, all } = c.req.valid('json')
      await markNotificationsRead({ database, viewer: requireViewer(c), ids, all })
      return c.body(null, 204)
    })
    .openapi(notificationEndpoints.settings, async (c) =>
      c.json(await readNotificationSettings({ database, viewer: requireViewer(c) }), 200),
    )
    .openapi(notificationEndpoints.saveSettings, async (c) =>
      c.json(
        await saveNotificationSettings({ database, viewer: requireViewer(c), settings: c.req.valid('json') }),
        200,
      ),
    )
    .openapi(notificationEndpoints.stream, async (c) => notificationStream(c, deps, requireViewer(c)))
    .openapi(updateRequestEndpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listUpdateRequests({ database, viewer: requireViewer(c), txId }))
    })
    .openapi(updateRequestEndpoints.create, async (c) => {
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
        return jsonText(c, json, 201)
      } catch (err) {
        if (err instanceof UpdateRequestTooSoon) {
          c.header('Retry-After', String(Math.max(1, Math.ceil((err.nextAllowedAt.getTime() - Date.now()) / 1000))))
        }
        throw err
      }
    })
}
