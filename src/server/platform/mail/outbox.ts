/**
 * Writes emails to the durable outbox (table mail_outbox) inside the caller's database transaction,
 * so that an email exists exactly when the change that causes it commits. With no SMTP configured the
 * row is kept as the local outbox (status 'local'), readable at /dev/mail outside production.
 */
import { singleLine } from '#shared/domain/plain-text.ts'
import type { Tx } from '#server/db/client.ts'
import { mailOutbox, type MailAttachment } from '#server/db/schema/index.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** What the email is about, e.g. 'invitation'. */
  kind: string
  transactionId?: string
  /** Attachments: a survey booking's .ics (text), a memorandum of sale (PDF as base64). */
  attachments?: MailAttachment[]
}

/**
 * Inserts the email into the outbox; `deliver` false keeps it local (no SMTP). Returns its id. The
 * subject and address are header values: kept to one line here whatever the caller built.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail, options: { deliver: boolean }): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: singleLine(mail.to),
      subject: singleLine(mail.subject),
      textBody: mail.text,
      htmlBody: mail.html,
      kind: mail.kind,
      transactionId: mail.transactionId,
      attachments: mail.attachments,
      status: options.deliver ? 'pending' : 'local',
    })
    .returning({ id: mailOutbox.id })
  return row.id
}
