/**
 * Posting in chat: a message in a thread, or a new topic thread with its first message.
 * One database transaction writes the message, its mentions and attachments, the thread's latest
 * time, the author's read position, an audit entry (announced live to everyone on the transaction),
 * a notification (and email) for each person mentioned, and, when a conveyancer replies, marks their
 * clients' open update requests answered.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { GENERAL_THREAD_TITLE } from '#shared/domain/chat.ts'
import { plainText } from '#shared/domain/plain-text.ts'
import { isConveyancer, sideOf } from '#shared/domain/permissions.ts'
import { documentAudienceFor, readViewerRole, transactionPeopleIds } from '#server/access/transactions.ts'
import type { ChatMessage, ChatThread, CreatedThread } from '#shared/contracts/chat.ts'
import type { JsonText, Tx } from '#server/db/client.ts'
import { messageAttachments, messageMentions, messages, messageThreads, threadReads } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { threadLink, type ChatContext } from './chat-context'
import { messageJsonSql } from './message-json'

const MESSAGE_JSON_SQL_FOR_VIEWER = messageJsonSql('mv.vid')

export interface MessageInput {
  bodyMd: string
  mentions: string[]
  attachmentIds: string[]
}

/** Refuses mentions of people who are not on the transaction (400 naming the field). */
export async function assertMentionable(tx: Tx, txId: string, mentions: string[]): Promise<void> {
  if (mentions.length === 0) return
  const people = new Set(await transactionPeopleIds(tx, txId))
  if (mentions.some((id) => !people.has(id))) {
    throw new AppError(
      'validation_failed',
      'mentions: you can only mention people on this move. Invite them first from the People tab.',
      { mentions: ['Only people on this move can be mentioned'] },
    )
  }
}

/** Writes a message's mentions (profile ids, already checked with assertMentionable), in one statement. */
export async function insertMentions(tx: Tx, messageId: string, mentions: string[]): Promise<void> {
  if (mentions.length === 0) return
  await tx.insert(messageMentions).values(mentions.map((profileId) => ({ messageId, profileId })))
}

/**
 * Moves a reader's position in a thread forward to `at` (a timestamptz as PostgreSQL writes it, or
 * clock_timestamp()); never back, so a late write cannot mark newer messages unread again.
 */
export async function markReadUpTo(tx: Tx, threadId: string, profileId: string, at: SQL): Promise<void> {
  await tx
    .insert(threadReads)
    .values({ threadId, profileId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.profileId],
      set: { lastReadAt: sql`greatest(thread_reads.last_read_at, excluded.last_read_at)` },
    })
}

/** Refuses attachments that are not documents of this transaction (400 naming the field). */
async function assertAttachable(tx: Tx, txId: string, viewerId: string, attachmentIds: string[]): Promise<void> {
  if (attachmentIds.length === 0) return
  const res = await tx.execute(sql`select count(*)::int as n from documents d where transaction_id = ${txId}
    and ${documentAudienceFor('d', viewerId)}
    and id in (${sql.join(
      attachmentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)
  if ((res.rows[0] as { n: number }).n !== attachmentIds.length) {
    throw new AppError('validation_failed', 'attachment_ids: attach documents of this move only.', {
      attachment_ids: ['Not a document of this move'],
    })
  }
}

/** Writes the message and everything that follows from it; returns its id. Caller holds the transaction. */
async function writeMessage(
  tx: Tx,
  ctx: ChatContext,
  args: { txId: string; role: string; thread: { id: string; title: string }; input: MessageInput },
): Promise<string> {
  const { txId, role, thread, input } = args
  const viewer = ctx.viewer
  await assertMentionable(tx, txId, input.mentions)
  await assertAttachable(tx, txId, viewer.profileId, input.attachmentIds)

  // created_at comes back as PostgreSQL's text, not a Date: the thread's time and the author's read
  // position must equal it to the microsecond, or the author's own message would count as unread.
  const [message] = await tx
    .insert(messages)
    .values({
      transactionId: txId,
      threadId: thread.id,
      authorId: viewer.profileId,
      bodyMd: input.bodyMd,
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: messages.id, createdAt: sql<string>`${messages.createdAt}` })
  const createdAt = sql`${message.createdAt}::timestamptz`
  await insertMentions(tx, message.id, input.mentions)
  if (input.attachmentIds.length > 0) {
    await tx
      .insert(messageAttachments)
      .values(input.attachmentIds.map((documentId) => ({ messageId: message.id, documentId })))
  }
  await tx.update(messageThreads).set({ lastMessageAt: createdAt }).where(eq(messageThreads.id, thread.id))
  await markReadUpTo(tx, thread.id, viewer.profileId, createdAt)

  await recordActivity(tx, {
    transactionId: txId,
    actorId: viewer.profileId,
    kind: 'message.posted',
    summary: `posted in “${thread.title}”`,
    payload: { messageId: message.id, threadId: thread.id },
  })

  if (input.mentions.length > 0) {
    await notifyPeople(tx, {
      recipients: input.mentions,
      kind: 'mention',
      transactionId: txId,
      actorId: viewer.profileId,
      title: `${viewer.fullName} mentioned you in ${thread.title}`,
      body: plainText(input.bodyMd),
      link: threadLink(txId, thread.id),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
  }

  // 'Request update': a conveyancer's reply in chat answers their clients' open requests.
  const side = sideOf(role)
  if (isConveyancer(role) && side) {
    await tx.execute(sql`
      update update_requests set answered_at = now(), answered_by = ${viewer.profileId}
      where transaction_id = ${txId} and answered_at is null
        and requested_by in (select ${side === 'buyer' ? sql`buyer_user_id` : sql`seller_user_id`} from transactions where id = ${txId}
                             union select user_id from transaction_participants where transaction_id = ${txId} and role = ${side})`)
  }
  return message.id
}

/** Reads one message as JSON text (ChatMessage), as the profile `viewerId` sees it. */
export async function messageJson(tx: Tx, messageId: string, viewerId: string): Promise<JsonText<ChatMessage>> {
  const res = await tx.execute(
    sql`select ${sql.raw(MESSAGE_JSON_SQL_FOR_VIEWER)}::text as json
          from messages m cross join (select ${viewerId}::uuid as vid) mv where m.id = ${messageId}`,
  )
  return (res.rows[0] as { json: JsonText<ChatMessage> }).json
}

/**
 * POST .../threads/{threadId}/messages: posts in an existing thread of the transaction. Returns the
 * message as JSON text. 404 when the viewer is not on the transaction or the thread is not on it;
 * 400 for mentions of people not on it or documents of another transaction.
 */
export async function postMessage(
  ctx: ChatContext,
  { txId, threadId, input }: { txId: string; threadId: string; input: MessageInput },
): Promise<JsonText<ChatMessage>> {
  return ctx.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, ctx.viewer, txId)
    const res = await tx.execute(
      sql`select id, title from message_threads where id = ${threadId} and transaction_id = ${txId} for update`,
    )
    const thread = res.rows[0] as { id: string; title: string } | undefined
    if (!thread) throw notFound('thread')
    const messageId = await writeMessage(tx, ctx, { txId, role, thread, input })
    return messageJson(tx, messageId, ctx.viewer.profileId)
  })
}

/**
 * POST .../threads: starts a topic thread with its first message. `topicRef` must name a stage (for
 * 'stage') or a document (for 'document') of the transaction. Returns `{ thread, message }` as JSON text.
 */
export async function createThread(
  ctx: ChatContext,
  {
    txId,
    title,
    topic,
    topicRef,
    input,
  }: {
    txId: string
    title: string
    topic: 'stage' | 'document' | 'enquiry' | 'other'
    topicRef?: string
    input: MessageInput
  },
): Promise<JsonText<CreatedThread>> {
  if (title.toLowerCase() === GENERAL_THREAD_TITLE.toLowerCase()) {
    throw new AppError('validation_failed', 'title: every move already has a General thread; choose another title.', {
      title: ['Choose a title other than General'],
    })
  }
  return ctx.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, ctx.viewer, txId)
    if (topic === 'stage' || topic === 'document') {
      if (!topicRef) {
        throw new AppError('validation_failed', `topic_ref: choose the ${topic} this thread is about.`, {
          topic_ref: [`Choose the ${topic}`],
        })
      }
      const table = topic === 'stage' ? sql`timeline_stages` : sql`documents`
      const found = await tx.execute(sql`select 1 from ${table} where id = ${topicRef} and transaction_id = ${txId}`)
      if (found.rows.length === 0) {
        throw new AppError('validation_failed', `topic_ref: that ${topic} is not on this move.`, {
          topic_ref: [`Not a ${topic} of this move`],
        })
      }
    }
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        transactionId: txId,
        title,
        topic,
        topicRef: topic === 'stage' || topic === 'document' ? topicRef! : null,
        createdBy: ctx.viewer.profileId,
      })
      .returning({ id: messageThreads.id, title: messageThreads.title })
    await recordActivity(tx, {
      transactionId: txId,
      actorId: ctx.viewer.profileId,
      kind: 'thread.created',
      summary: `started the thread “${thread.title}”`,
      payload: { threadId: thread.id },
    })
    const messageId = await writeMessage(tx, ctx, { txId, role, thread, input })
    const threads = await tx.execute(sql`
      select json_build_object('id', th.id, 'title', th.title, 'topic', th.topic, 'topic_ref', th.topic_ref,
        'created_at', th.created_at, 'last_message_at', th.last_message_at,
        'created_by', json_build_object('id', p.id, 'full_name', p.full_name),
        'message_count', 1, 'unread_count', 0, 'last_message_preview', left(${input.bodyMd}, 140))::text as json
      from message_threads th join profiles p on p.id = th.created_by where th.id = ${thread.id}`)
    const threadJson = (threads.rows[0] as { json: JsonText<ChatThread> }).json
    return `{"thread":${threadJson},"message":${await messageJson(tx, messageId, ctx.viewer.profileId)}}` as JsonText<CreatedThread>
  })
}
