/**
 * How an email leaves: SMTP through nodemailer when SMTP_URL is set (smtp:// or smtps://), otherwise
 * nothing leaves and the outbox row stays readable locally.
 */
import nodemailer from 'nodemailer'

export interface MailMessage {
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
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined })
    },
    close: () => transporter.close(),
  }
}
