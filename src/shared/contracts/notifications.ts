/**
 * Notifications: the bell's list, marking read, email settings per kind with the daily
 * digest, and the viewer's live notification stream.
 */
import { z } from 'zod'
import { NOTIFICATION_KINDS, type NotificationKind } from '../domain/chat'
import { Person, Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

export const Notification = z.object({
  id: Uuid,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  /** Same-origin path to open. */
  link: z.string(),
  transaction_id: z.string().nullable(),
  actor: Person.nullable(),
  created_at: Timestamp,
  read_at: Timestamp.nullable(),
})
export type Notification = z.infer<typeof Notification>

/** GET /api/notifications: newest 50, and the count of unread. */
export const NotificationListResponse = z.object({
  notifications: z.array(Notification),
  unread_count: z.number().int(),
})
export type NotificationListResponse = z.infer<typeof NotificationListResponse>

/** POST /api/notifications/read: mark the given ids read, or all when `all` is true. */
export const MarkNotificationsReadInput = z
  .object({ ids: z.array(Uuid).max(200).optional(), all: z.boolean().optional() })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, 'Give the ids to mark as read, or all: true')
export type MarkNotificationsReadInput = z.input<typeof MarkNotificationsReadInput>

/** GET/PUT /api/notifications/settings: email on or off per kind (default on), and the daily digest. */
export const NotificationSettings = z.object({
  email: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
  ),
  /** True: no instant emails; one email a day at 08:00 UK time with what happened. */
  digest: z.boolean(),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

/** The notification endpoints. */
export const notificationEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/notifications',
    summary: "The viewer's newest 50 notifications and unread count",
    responses: { 200: json('Notifications', NotificationListResponse), ...ERRORS },
  }),
  markRead: endpoint({
    method: 'post',
    path: '/notifications/read',
    summary: 'Mark notifications read (given ids, or all)',
    request: { body: jsonBody(MarkNotificationsReadInput) },
    responses: { 204: { description: 'Marked read' }, ...ERRORS },
  }),
  settings: endpoint({
    method: 'get',
    path: '/notifications/settings',
    summary: 'Email on or off per notification kind, and the daily digest',
    responses: { 200: json('Settings', NotificationSettings), ...ERRORS },
  }),
  saveSettings: endpoint({
    method: 'put',
    path: '/notifications/settings',
    summary: 'Save email settings',
    request: { body: jsonBody(NotificationSettings) },
    responses: { 200: json('Saved', NotificationSettings), ...ERRORS },
  }),
  stream: endpoint({
    method: 'get',
    path: '/notifications/stream',
    summary: 'Server-Sent Events: the viewer\'s new notifications (event "notification")',
    responses: {
      200: { description: 'Event stream', content: { 'text/event-stream': { schema: Notification } } },
      ...ERRORS,
    },
  }),
}
