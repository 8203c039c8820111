/**
 * HTTP edge of chat: threads, messages (post, edit, delete, history pages), read positions,
 * and the transaction's live event stream (contracts/live.ts). Mail is nudged out after commits that notify people.
 */
import type { Context } from 'hono'
import { chatEndpoints as endpoints } from '#shared/contracts/chat.ts'
import { liveEndpoints } from '#shared/contracts/live.ts'
import { assertCanSeeTransaction } from '#server/access/transactions.ts'
import { createRouter, jsonText, requireViewer, type AppDeps, type AppEnv } from '#server/http/router.ts'
import { transactionEventStream } from '#server/core/live/event-stream.ts'
import { deleteMessage, editMessage, markThreadRead } from './change-message'
import type { ChatContext } from './chat-context'
import { listMessages } from './list-messages'
import { listThreads } from './list-threads'
import { createThread, postMessage } from './post-message'

export function chatRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  const ctx = (c: Context<AppEnv>): ChatContext => ({
    database,
    viewer: requireViewer(c),
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  return createRouter()
    .openapi(endpoints.threads, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listThreads({ database, viewer: requireViewer(c), txId }))
    })
    .openapi(endpoints.createThread, async (c) => {
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
      return jsonText(c, json, 201)
    })
    .openapi(endpoints.messages, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      const { before, limit } = c.req.valid('query')
      return jsonText(c, await listMessages({ database, viewer: requireViewer(c), txId, threadId, before, limit }))
    })
    .openapi(endpoints.postMessage, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      const body = c.req.valid('json')
      const json = await postMessage(ctx(c), {
        txId,
        threadId,
        input: { bodyMd: body.body_md, mentions: body.mentions, attachmentIds: body.attachment_ids },
      })
      if (body.mentions.length) mail.kick()
      return jsonText(c, json, 201)
    })
    .openapi(endpoints.editMessage, async (c) => {
      const { txId, messageId } = c.req.valid('param')
      const body = c.req.valid('json')
      return jsonText(c, await editMessage(ctx(c), { txId, messageId, bodyMd: body.body_md, mentions: body.mentions }))
    })
    .openapi(endpoints.deleteMessage, async (c) => {
      const { txId, messageId } = c.req.valid('param')
      return jsonText(c, await deleteMessage(ctx(c), { txId, messageId }))
    })
    .openapi(endpoints.markThreadRead, async (c) => {
      const { txId, threadId } = c.req.valid('param')
      await markThreadRead(ctx(c), { txId, threadId })
      return c.body(null, 204)
    })
    .openapi(liveEndpoints.events, async (c) => {
      const { txId } = c.req.valid('param')
      const viewer = requireViewer(c)
      await assertCanSeeTransaction(database, viewer, txId)
      return transactionEventStream(c, deps, viewer, txId)
    })
}
