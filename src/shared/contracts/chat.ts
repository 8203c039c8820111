/**
 * Contracts of chat: threads on a transaction, messages (post, edit, delete, history
 * pages) and read positions. Messages are Markdown (`body_md`, spec: Entities), rendered safely by
 * the web app; mentions and attachments are sent as ids next to the text, so the server can check
 * that each is on the transaction.
 */
import { z } from 'zod'
import {
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
  MESSAGE_PAGE_SIZE,
  THREAD_TITLE_MAX_CHARS,
  THREAD_TOPICS,
} from '../domain/chat'
import { DOCUMENT_FOLDERS } from '../domain/statuses'
import { Person, Timestamp, TransactionParams, Uuid } from './common'
import { displayLine, displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

export const ThreadParams = z.object({ txId: Uuid, threadId: Uuid })
export const MessageParams = z.object({ txId: Uuid, messageId: Uuid })

/** A message body: Markdown, not empty or only spaces, at most 10,000 characters. */
export const MessageBody = displayText({ message: 'Write a message' })
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
  topic: z.enum(THREAD_TOPICS),
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
  title: displayLine({ message: 'Give the thread a title' })
    .trim()
    .min(1, 'Give the thread a title')
    .max(THREAD_TITLE_MAX_CHARS, `A thread title can be at most ${THREAD_TITLE_MAX_CHARS} characters`),
  /** Anything but 'general': the one general thread comes with every transaction. */
  topic: z.enum(THREAD_TOPICS).exclude(['general'], { message: 'Choose what the thread is about' }),
  /** The stage or document the thread is about (required for 'stage' and 'document'). */
  topic_ref: Uuid.optional(),
  body_md: MessageBody,
  mentions: Mentions,
})
export type CreateThreadInput = z.input<typeof CreateThreadInput>

export const ChatAttachment = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.enum(DOCUMENT_FOLDERS),
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

/** POST /api/transactions/{txId}/threads answers the new thread and its first message. */
export const CreatedThread = z.object({ thread: ChatThread, message: ChatMessage })
export type CreatedThread = z.infer<typeof CreatedThread>

const FORBIDDEN_OR_LATE = {
  403: { description: 'Not your message' },
  409: { description: 'Past the 15-minute edit window, or already deleted' },
} as const

/** The chat endpoints. */
export const chatEndpoints = {
  threads: endpoint({
    method: 'get',
    path: '/transactions/{txId}/threads',
    summary: "The transaction's chat threads with the viewer's unread counts ('General' first)",
    request: { params: TransactionParams },
    responses: { 200: json('Threads', ThreadListResponse), ...ERRORS },
  }),
  createThread: endpoint({
    method: 'post',
    path: '/transactions/{txId}/threads',
    summary: 'Start a thread on a topic (a stage, a document, an enquiry, anything) with its first message',
    request: { params: TransactionParams, body: jsonBody(CreateThreadInput) },
    responses: { 201: json('Created', CreatedThread), ...ERRORS },
  }),
  messages: endpoint({
    method: 'get',
    path: '/transactions/{txId}/threads/{threadId}/messages',
    summary: 'One page of a thread, oldest first, older than `before` when given',
    request: { params: ThreadParams, query: MessagesQuery },
    responses: { 200: json('Messages', MessagePage), ...ERRORS },
  }),
  postMessage: endpoint({
    method: 'post',
    path: '/transactions/{txId}/threads/{threadId}/messages',
    summary: 'Post a Markdown message with @mentions and attachments',
    request: { params: ThreadParams, body: jsonBody(PostMessageInput) },
    responses: { 201: json('Posted', ChatMessage), ...ERRORS },
  }),
  editMessage: endpoint({
    method: 'patch',
    path: '/transactions/{txId}/messages/{messageId}',
    summary: 'Edit your own message within 15 minutes',
    request: { params: MessageParams, body: jsonBody(EditMessageInput) },
    responses: { 200: json('Edited', ChatMessage), ...FORBIDDEN_OR_LATE, ...ERRORS },
  }),
  deleteMessage: endpoint({
    method: 'delete',
    path: '/transactions/{txId}/messages/{messageId}',
    summary: 'Delete your own message within 15 minutes (it stays as "deleted")',
    request: { params: MessageParams },
    responses: { 200: json('Deleted', ChatMessage), ...FORBIDDEN_OR_LATE, ...ERRORS },
  }),
  markThreadRead: endpoint({
    method: 'post',
    path: '/transactions/{txId}/threads/{threadId}/read',
    summary: 'Mark the thread read up to now',
    request: { params: ThreadParams },
    responses: { 204: { description: 'Marked read' }, ...ERRORS },
  }),
}
