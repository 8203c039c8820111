/**
 * Chat: threads on a transaction ('General' plus topic threads), their messages (the product spec's
 * Message entity), messages' mentions and attachments, and each reader's position in each thread (for
 * unread counts). Threads and messages are one file so that the schema's imports run one
 * way: chat.ts reads transactions.ts, never the reverse.
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { THREAD_TOPICS, type ThreadTopic } from '#shared/domain/chat.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, transactions } from './transactions'

export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'general' (one per transaction), 'stage', 'document', 'enquiry' or 'other'. */
    topic: text('topic').$type<ThreadTopic>().notNull(),
    /** The stage or document the thread is about, when topic is 'stage' or 'document'. */
    topicRef: uuid('topic_ref'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    index('message_threads_tx_idx').on(t.transactionId, t.lastMessageAt.desc()),
    uniqueIndex('message_threads_one_general_key')
      .on(t.transactionId)
      .where(sql`topic = 'general'`),
    check('message_threads_topic_check', checkSql`topic in ${inList(THREAD_TOPICS)}`),
    check('message_threads_title_length', sql`char_length(${t.title}) between 1 and 120`),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The chat thread; every transaction has a 'General' thread. */
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Markdown; emptied when the author deletes the message. */
    bodyMd: text('body_md').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_tx_created_idx').on(t.transactionId, t.createdAt.desc()),
    index('messages_thread_created_idx').on(t.threadId, t.createdAt.desc(), t.id.desc()),
    check(
      'messages_body_length',
      sql`char_length(${t.bodyMd}) <= 10000 and (${t.deletedAt} is not null or char_length(${t.bodyMd}) >= 1)`,
    ),
  ],
)

export const messageMentions = pgTable(
  'message_mentions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.profileId] }), index('message_mentions_profile_idx').on(t.profileId)],
)

export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.documentId] }),
    index('message_attachments_document_idx').on(t.documentId),
  ],
)

/** Where each reader is in each thread: messages after `lastReadAt` by others are unread. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.profileId] })],
)
