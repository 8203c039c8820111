/**
 * Writes emails to the durable outbox (table mail_outbox) inside the caller's database transaction,
 * so that an email exists exactly when the change that causes it commits. With no SMTP configured the
 * row is kept as the local outbox (status 'local'), readable at /dev/mail outside production.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ACCOUNT_LANGUAGES, emailGreeting, type AccountLanguage } from '#shared/domain/account-language.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import type { Tx } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
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
  /**
   * The name to greet, when the email goes to a known person: enqueueMail opens `text` with
   * emailGreeting in the language of the profile with the `to` address ('Annwyl …,' for Cymraeg,
   * 'Hello …,' otherwise or for an address with no profile). `text` is then the body after it.
   */
  greet?: string
}

/** An email's text: the greeting in `language` (shared/domain/account-language.ts), a blank line, then `body`. */
export function greetedText(name: string, language: AccountLanguage | null | undefined, body: string): string {
  return `${emailGreeting(name, language)}\n\n${body}`
}

/** The email language of the profile with address `to` (case-insensitive), or null for none. */
async function languageOfAddress(tx: Tx, to: string): Promise<AccountLanguage | null> {
  const res = await tx.execute(sql`select language from profiles where lower(email) = lower(${to}) limit 1`)
  return rows(z.object({ language: z.enum(ACCOUNT_LANGUAGES) }), res)[0]?.language ?? null
}

/**
 * Inserts the email into the outbox; `deliver` false keeps it local (no SMTP). Returns its id. The
 * subject and address are header values: kept to one line here whatever the caller built.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail, options: { deliver: boolean }): Promise<string> {
  const text =
    mail.greet === undefined ? mail.text : greetedText(mail.greet, await languageOfAddress(tx, mail.to), mail.text)
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: singleLine(mail.to),
      subject: singleLine(mail.subject),
      textBody: text,
      htmlBody: mail.html,
      kind: mail.kind,
      transactionId: mail.transactionId,
      attachments: mail.attachments,
      status: options.deliver ? 'pending' : 'local',
    })
    .returning({ id: mailOutbox.id })
  return row.id
}
