/**
 * The mail outbox: every email is written here in the same database transaction as the change that
 * causes it, then sent by the mail worker (SMTP when SMTP_URL is set) or kept as the local outbox
 * (readable at /dev/mail outside production). A crash never loses an email.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { transactions } from './transactions'

/** An attachment of an outgoing email: UTF-8 text (an .ics), or binary as base64 (a PDF) with `encoding`. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
  /** 'base64' when `content` is base64 of binary bytes; absent for text. Nodemailer's own field. */
  encoding?: 'base64'
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the email: [{ filename, contentType, content, encoding? }], e.g. a booking's .ics (text) or a memorandum PDF (base64). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** e.g. 'invitation'. */
    kind: text('kind').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** 'pending' until sent; 'local' when kept in the local outbox (no SMTP configured); 'failed' after too many tries. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    check('mail_outbox_status_check', sql.raw(`status in ('pending', 'sent', 'local', 'failed')`)),
  ],
)
