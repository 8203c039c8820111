/**
 * How an email leaves: SMTP through nodemailer when SMTP_URL is set (smtp:// or smtps://), otherwise
 * nothing leaves and the outbox row stays readable locally.
 */
import type { Transporter } from 'nodemailer'

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
  /** Attachments: text (a calendar invitation) or base64 with `encoding` (a PDF). */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
}

export interface MailTransport {
  readonly kind: 'smtp' | 'local'
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * SMTP transport for the given URL; `from` is the sender of every message. nodemailer is loaded with
 * the first email, so a server that sends none does not hold it in memory.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | undefined
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'homeward.local'
  return {
    kind: 'smtp',
    async send(m) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
      const t = await transporter
      await t.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        attachments: m.attachments,
        messageId: m.id ? `<outbox.${m.id}@${domain}>` : undefined,
      })
    },
    close() {
      void transporter?.then((t) => t.close())
    },
  }
}
