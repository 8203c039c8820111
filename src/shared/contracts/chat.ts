/**
 * Contracts of chat, live updates, notifications and update requests (issue 6). Messages are
 * Markdown (`body_md`, spec section 3), rendered safely by the web app; mentions and attachments are
 * sent as ids next to the text, so the server can check that each is on the transaction.
 */
import { z } from 'zod'
import {
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
  MESSAGE_PAGE_SIZE,
  NOTIFICATION_KINDS,
  THREAD_TITLE_MAX_CHARS,
  UPDATE_REQUEST_NOTE_MAX_CHARS,
} from '../domain/chat'
import { Timestamp, Uuid } from './common'

const Person = z.object({ id: z.string(), full_name: z.string() })

export const ThreadParams = z.object({ txId: Uuid, threadId: Uuid })
export const MessageParams = z.object({ txId: Uuid, messageId: Uuid })

/** A message body: Markdown, not empty or only spaces, at most 10,000 characters (issue 6). */
export const MessageBody = z
  .string({ message: 'Write a message' })
  .refine((v) => v.trim().length > 0, 'Write a message: it cannot be empty')
  .refine(
    (v) => v.length <= MESSAGE_MAX_CHARS,
    `A message can be at most ${MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters`,
  )

const Mentions = z
  .array(Uuid)
  .max(50, 'At most 50 mentions in one message')
  .default([])
  .transform((ids) => [...new Set(ids)])

/** One thread in the Chat tab's list, with the viewer's unread count. */
export const ChatThread = z.object({
  id: Uuid,
  title: z.string(),
  topic: z.string(),
  topic_ref: z.string().nullable(),
  created_at: Timestamp,
  last_message_at: Timestamp.nullable(),
  created_by: Person.nullable(),
  message_count: z.number().int(),
  unread_count: z.number().int(),
  /** First 140 characters of the newest message that is not deleted, or null. */
  last_message_preview: z.string().nullable(),
})
export type ChatThread = z.infer<typeof ChatThread>

/** GET /api/transactions/{txId}/threads: 'General' first, then by latest message. */
export const ThreadListResponse = z.object({ threads: z.array(ChatThread), unread_total: z.number().int() })
export type ThreadListResponse = z.infer<typeof ThreadListResponse>

/** POST /api/transactions/{txId}/threads: start a thread on a topic, with its first message. */
export const CreateThreadInput = z.object({
  title: z
    .string({ message: 'Give the thread a title' })
    .trim()
    .min(1, 'Give the thread a title')
    .max(THREAD_TITLE_MAX_CHARS, `A thread title can be at most ${THREAD_TITLE_MAX_CHARS} characters`),
  topic: z.enum(['stage', 'document', 'enquiry', 'other'], { message: 'Choose what the thread is about' }),
  /** The stage or document the thread is about (required for 'stage' and 'document'). */
  topic_ref: Uuid.optional(),
  body_md: MessageBody,
  mentions: Mentions,
})
export type CreateThreadInput = z.input<typeof CreateThreadInput>

export const ChatAttachment = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.string(),
  version: z.number().int(),
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
})
export type ChatAttachment = z.infer<typeof ChatAttachment>

/** One chat message. A deleted message keeps its place with `body_md` '' and `deleted_at` set. */
export const ChatMessage = z.object({
  id: Uuid,
  thread_id: Uuid,
  body_md: z.string(),
  created_at: Timestamp,
  edited_at: Timestamp.nullable(),
  deleted_at: Timestamp.nullable(),
  author: Person.nullable(),
  mentions: z.array(Person),
  attachments: z.array(ChatAttachment),
})
export type ChatMessage = z.infer<typeof ChatMessage>

/** GET .../threads/{threadId}/messages?before={messageId}&limit=: one page, oldest first. */
export const MessagesQuery = z.object({
  before: Uuid.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
})

export const MessagePage = z.object({
  messages: z.array(ChatMessage),
  /** True when older messages exist before the first one of this page. */
  has_more: z.boolean(),
})
export type MessagePage = z.infer<typeof MessagePage>

/** POST .../threads/{threadId}/messages. */
export const PostMessageInput = z.object({
  body_md: MessageBody,
  /** Profile ids of the participants mentioned with @; each must be on the transaction. */
  mentions: Mentions,
  /** Documents of this transaction to attach (upload first through the documents endpoint). */
  attachment_ids: z
    .array(Uuid)
    .max(MESSAGE_MAX_ATTACHMENTS, `At most ${MESSAGE_MAX_ATTACHMENTS} attachments on one message`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
})
export type PostMessageInput = z.input<typeof PostMessageInput>

/** PATCH .../messages/{messageId}: the author, within 15 minutes. */
export const EditMessageInput = z.object({ body_md: MessageBody, mentions: Mentions })
export type EditMessageInput = z.input<typeof EditMessageInput>

/** A change on a transaction, as sent on its live event stream; `seq` is the SSE event id. */
export const LiveEvent = z.object({
  seq: z.number().int(),
  kind: z.string(),
  actor_id: z.string().nullable(),
  created_at: Timestamp,
  payload: z.record(z.string(), z.unknown()),
})
export type LiveEvent = z.infer<typeof LiveEvent>

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

/** GET/PUT /api/notifications/settings: email on or off per kind (default on), and the daily digest. */
export const NotificationSettings = z.object({
  email: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodBoolean
    >,
  ),
  /** True: no instant emails; one email a day at 08:00 UK time with what happened. */
  digest: z.boolean(),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

/** POST /api/transactions/{txId}/update-requests: a buyer or seller asks their conveyancer for an update. */
export const CreateUpdateRequestInput = z.object({
  note: z
    .string()
    .trim()
    .max(UPDATE_REQUEST_NOTE_MAX_CHARS, `A note can be at most ${UPDATE_REQUEST_NOTE_MAX_CHARS} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
})

export const UpdateRequest = z.object({
  id: Uuid,
  requested_by: Person.nullable(),
  note: z.string().nullable(),
  created_at: Timestamp,
  answered_at: Timestamp.nullable(),
  answered_by: Person.nullable(),
})
export type UpdateRequest = z.infer<typeof UpdateRequest>

/**
 * GET /api/transactions/{txId}/update-requests: the latest 20; `next_allowed_at` is when the viewer may
 * ask again (null: now, or the viewer is not a buyer or seller).
 */
export const UpdateRequestListResponse = z.object({
  requests: z.array(UpdateRequest),
  can_request: z.boolean(),
  next_allowed_at: Timestamp.nullable(),
})
export type UpdateRequestListResponse = z.infer<typeof UpdateRequestListResponse>
