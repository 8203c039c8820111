/**
 * Editing and deleting one's own chat message: the author only, within 15 minutes of
 * posting (MESSAGE_EDIT_WINDOW_MS); an edit keeps the message's place and marks it edited, a delete
 * empties it and marks it deleted. Both are recorded and announced live. Marking a thread read moves
 * the viewer's read position to now.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { canStillEditMessage } from '#shared/domain/chat.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { ChatMessage } from '#shared/contracts/chat.ts'
import type { JsonText, Tx } from '#server/db/client.ts'
import { messageAttachments, messageMentions, messages, notifications } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { threadLink, type ChatContext } from './chat-context'
import { assertMentionable, insertMentions, markReadUpTo, messageJson } from './post-message'
import { requirePermission } from '#server/access/permissions.ts'

const TOO_LATE =
  'Messages can only be edited or deleted within 15 minutes of posting. Post a new message to correct this one.'

/** Locks the message and checks that the viewer may change it now. */
async function lockOwnMessage(tx: Tx, ctx: ChatContext, txId: string, messageId: string) {
  await readViewerRole(tx, ctx.viewer, txId)
  const res = await tx.execute(sql`
    select m.id, m.author_id, m.created_at, m.deleted_at, m.thread_id, th.title
    from messages m join message_threads th on th.id = m.thread_id
    where m.id = ${messageId} and m.transaction_id = ${txId} for update of m`)
  const message = res.rows[0] as
    | {
        id: string
        author_id: string | null
        created_at: string
        deleted_at: string | null
        thread_id: string
        title: string
      }
    | undefined
  if (!message) throw notFound('message')
  requirePermission(
    'update:message:own',
    message.author_id === ctx.viewer.profileId,
    'You can only edit or delete your own messages.',
  )
  if (message.deleted_at) throw new AppError('conflict', 'This message has already been deleted.')
  if (!canStillEditMessage(message.created_at)) throw new AppError('conflict', TOO_LATE)
  return message
}

/** PATCH .../messages/{messageId}: new text and mentions. Returns the message as JSON text. */
export async function editMessage(
  ctx: ChatContext,
  { txId, messageId, bodyMd, mentions }: { txId: string; messageId: string; bodyMd: string; mentions: string[] },
): Promise<JsonText<ChatMessage>> {
  return ctx.database.db.transaction(async (tx) => {
    const message = await lockOwnMessage(tx, ctx, txId, messageId)
    await assertMentionable(tx, txId, mentions)
    await tx
      .update(messages)
      .set({ bodyMd, editedAt: sql`clock_timestamp()` })
      .where(eq(messages.id, messageId))
    await tx.delete(messageMentions).where(eq(messageMentions.messageId, messageId))
    await insertMentions(tx, messageId, mentions)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: ctx.viewer.profileId,
      kind: 'message.edited',
      summary: `edited a message in “${message.title}”`,
      payload: { messageId, threadId: message.thread_id },
    })
    return messageJson(tx, messageId, ctx.viewer.profileId)
  })
}

/** DELETE .../messages/{messageId}: empties the message and marks it deleted. Returns it as JSON text. */
export async function deleteMessage(
  ctx: ChatContext,
  { txId, messageId }: { txId: string; messageId: string },
): Promise<JsonText<ChatMessage>> {
  return ctx.database.db.transaction(async (tx) => {
    const message = await lockOwnMessage(tx, ctx, txId, messageId)
    await tx
      .update(messages)
      .set({ bodyMd: '', deletedAt: sql`clock_timestamp()` })
      .where(eq(messages.id, messageId))
    await tx.delete(messageMentions).where(eq(messageMentions.messageId, messageId))
    await tx.delete(messageAttachments).where(eq(messageAttachments.messageId, messageId))
    await recordActivity(tx, {
      transactionId: txId,
      actorId: ctx.viewer.profileId,
      kind: 'message.deleted',
      summary: `deleted a message in “${message.title}”`,
      payload: { messageId, threadId: message.thread_id },
    })
    return messageJson(tx, messageId, ctx.viewer.profileId)
  })
}

/** POST .../threads/{threadId}/read: the viewer has read the thread up to now. */
export async function markThreadRead(
  ctx: ChatContext,
  { txId, threadId }: { txId: string; threadId: string },
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await readViewerRole(tx, ctx.viewer, txId)
    const res = await tx.execute(sql`select 1 from message_threads where id = ${threadId} and transaction_id = ${txId}`)
    if (res.rows.length === 0) throw notFound('thread')
    await markReadUpTo(tx, threadId, ctx.viewer.profileId, sql`clock_timestamp()`)
    // Having read the thread, its mentions of the viewer are read too: the bell should not still ask.
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.profileId, ctx.viewer.profileId),
          isNull(notifications.readAt),
          eq(notifications.kind, 'mention'),
          eq(notifications.link, threadLink(txId, threadId)),
        ),
      )
  })
}
