/**
 * How an email leaves: SMTP through nodemailer when SMTP_URL is set (smtp:// or smtps://), otherwise
 * nothing leaves and the outbox row stays readable locally.
 */
import nodemailer from 'nodemailer'

export interface MailMessage {
  /**
   * Stable id of the email (its outbox row id). Sent as the Message-ID header, so that a retry after a
   * crash between sending and marking sent carries the same Message-ID and receiving systems treat
   * the two deliveries as one email (docs/decisions/008-realtime-and-outbox.md).
   */
  id?: string
  to: string
  subject: string
  text: string
  html?: string | null
}

export interface MailTransport {
  readonly kind: 'smtp' | 'local'
  send(message: MailMessage): Promise<void>
  close(): void
}

/** SMTP transport for the given URL; `from` is the sender of every message. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'homeward.local'
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        messageId: m.id ? `<outbox.${m.id}@${domain}>` : undefined,
      })
    },
    close: () => transporter.close(),
  }
}
