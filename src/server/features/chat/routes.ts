/**
 * HTTP edge of chat (issue 6): threads, messages (post, edit, delete, history pages), read positions,
 * and the transaction's live event stream. Mail is nudged out after commits that notify people.
 */
import { createRoute } from '@hono/zod-openapi'
import {
  ChatMessage,
  ChatThread,
  CreateThreadInput,
  EditMessageInput,
  MessagePage,
  MessageParams,
  MessagesQuery,
  PostMessageInput,
  ThreadListResponse,
  ThreadParams,
} from '../../../shared/contracts/chat'
import { TransactionParams } from '../../../shared/contracts/transactions'
import { assertCanSeeTransaction } from '../../access/transactions'
import {
  createRouter,
  ERROR_RESPONSES,
  jsonContent,
  jsonText,
  requireViewer,
  type AppDeps,
  type AppEnv,
} from '../../http/router'
import { transactionEventStream } from '../live/event-stream'
import { deleteMessage, editMessage, markThreadRead } from './change-message'
import type { ChatContext } from './chat-context'
import { listMessages } from './list-messages'
import { listThreads } from './list-threads'
import { createThread, postMessage } from './post-message'
import type { Context } from 'hono'
import { z } from 'zod'

const FORBIDDEN_OR_LATE = {
  403: { description: 'Not your message' },
  409: { description: 'Past the 15-minute edit window, or already deleted' },
}

const threadsRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/threads',
  summary: "The transaction's chat threads with the viewer's unread counts ('General' first)",
  request: { params: TransactionParams },
  responses: { 200: { description: 'Threads', ...jsonContent(ThreadListResponse) }, ...ERROR_RESPONSES },
})
const createThreadRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/threads',
  summary: 'Start a thread on a topic (a stage, a document, an enquiry, anything) with its first message',
  request: { params: TransactionParams, body: { required: true, ...jsonContent(CreateThreadInput) } },
  responses: {
    201: { description: 'Created', ...jsonContent(z.object({ thread: ChatThread, message: ChatMessage })) },
    ...ERROR_RESPONSES,
  },
})
const messagesRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/threads/{threadId}/messages',
  summary: 'One page of a thread, oldest first, older than `before` when given',
  request: { params: ThreadParams, query: MessagesQuery },
  responses: { 200: { description: 'Messages', ...jsonContent(MessagePage) }, ...ERROR_RESPONSES },
})
const postRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/threads/{threadId}/messages',
  summary: 'Post a Markdown message with @mentions and attachments',
  request: { params: ThreadParams, body: { required: true, ...jsonContent(PostMessageInput) } },
  responses: { 201: { description: 'Posted', ...jsonContent(ChatMessage) }, ...ERROR_RESPONSES },
})
const editRoute = createRoute({
  method: 'patch',
  path: '/transactions/{txId}/messages/{messageId}',
  summary: 'Edit your own message within 15 minutes',
  request: { params: MessageParams, body: { required: true, ...jsonContent(EditMessageInput) } },
  responses: { 200: { description: 'Edited', ...jsonContent(ChatMessage) }, ...FORBIDDEN_OR_LATE, ...ERROR_RESPONSES },
})
const deleteRoute = createRoute({
  method: 'delete',
  path: '/transactions/{txId}/messages/{messageId}',
  summary: 'Delete your own message within 15 minutes (it stays as "deleted")',
  request: { params: MessageParams },
  responses: {
    200: { description: 'Deleted', ...jsonContent(ChatMessage) },
    ...FORBIDDEN_OR_LATE,
    ...ERROR_RESPONSES,
  },
})
const readRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/threads/{threadId}/read',
  summary: 'Mark the thread read up to now',
  request: { params: ThreadParams },
  responses: { 204: { description: 'Marked read' }, ...ERROR_RESPONSES },
})
const eventsRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/events',
  summary:
    'Server-Sent Events: each change on the transaction as it commits (event "activity", id = seq); resumes after Last-Event-ID',
  request: { params: TransactionParams },
  responses: { 200: { description: 'text/event-stream' }, ...ERROR_RESPONSES },
})

export function chatRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  const ctx = (c: Context<AppEnv>): ChatContext => ({
    database,
    viewer: requireViewer(c),
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  return createRouter()
    .openapi(threadsRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listThreads({ database, viewer: requireViewer(c), txId })) as never
    })
    .openapi(createThreadRoute, async (c) => {
      const { txId } = c.req.valid('param')
      const body = c.req.valid('json')
      const json = await createThread(ctx(c), {
        txId,
        title: body.title,
        topic: body.topic,
        topicRef: body.topic_ref,
        input: { bodyMd: body.body_md, mentions: body.mentions, attachmentIds: [] },
      })
      if (body.mentions.length) mail.kick()
      return jsonText(c, json, 201) as never
    })
    .openapi(messagesRoute, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      const { before, limit } = c.req.valid('query')
      return jsonText(
        c,
        await listMessages({ database, viewer: requireViewer(c), txId, threadId, before, limit }),
      ) as never
    })
    .openapi(postRoute, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      const body = c.req.valid('json')
      const json = await postMessage(ctx(c), {
        txId,
        threadId,
        input: { bodyMd: body.body_md, mentions: body.mentions, attachmentIds: body.attachment_ids },
      })
      if (body.mentions.length) mail.kick()
      return jsonText(c, json, 201) as never
    })
    .openapi(editRoute, async (c) => {
      const { txId, messageId } = c.req.valid('param')
      const body = c.req.valid('json')
      return jsonText(
        c,
        await editMessage(ctx(c), { txId, messageId, bodyMd: body.body_md, mentions: body.mentions }),
      ) as never
    })
    .openapi(deleteRoute, async (c) => {
      const { txId, messageId } = c.req.valid('param')
      return jsonText(c, await deleteMessage(ctx(c), { txId, messageId })) as never
    })
    .openapi(readRoute, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      await markThreadRead(ctx(c), { txId, threadId })
      return c.body(null, 204) as never
    })
    .openapi(eventsRoute, async (c) => {
      const { txId } = c.req.valid('param')
      const viewer = requireViewer(c)
      await assertCanSeeTransaction(database, viewer, txId)
      return transactionEventStream(c, deps, viewer, txId) as never
    })
}
