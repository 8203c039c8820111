/**
 * The emails Better Auth asks us to send (verify your email, reset your password, your sign-in code).
 * Better Auth calls these after its own transaction has committed, so each is written to the outbox
 * in a transaction of its own, then the mail service is nudged (docs/decisions/009-account-recovery.md).
 */
import type { Database } from '../db/client'
import { enqueueMail } from '../platform/mail/outbox'

/** What createAuth needs of the mail service (src/server/platform/mail/mail-service.ts). */
export interface AuthMailer {
  deliver: boolean
  kick(): void
}

export interface AuthMail {
  to: string
  subject: string
  text: string
  kind: 'verify-email' | 'reset-password' | 'sign-in-code'
}

export async function sendAuthMail(database: Database, mailer: AuthMailer | undefined, mail: AuthMail): Promise<void> {
  await database.db.transaction((tx) => enqueueMail(tx, mail, { deliver: mailer?.deliver ?? false }))
  mailer?.kick()
}

export function verifyEmailMail(to: string, name: string, link: string): AuthMail {
  return {
    to,
    kind: 'verify-email',
    subject: 'Confirm your email address for Homeward',
    text: [
      `Hello ${name},`,
      '',
      'Please confirm that this is your email address by opening this link:',
      link,
      '',
      'The link works for 1 hour. Until you confirm, you can use Homeward but cannot invite people or sign documents.',
      'If you did not create a Homeward account, you can ignore this email.',
    ].join('\n'),
  }
}

export function resetPasswordMail(to: string, name: string, link: string): AuthMail {
  return {
    to,
    kind: 'reset-password',
    subject: 'Reset your Homeward password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (we hope you) asked to reset the password of your Homeward account. To choose a new one, open:',
      link,
      '',
      'The link works once, for 1 hour. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  }
}

export function signInCodeMail(to: string, code: string): AuthMail {
  return {
    to,
    kind: 'sign-in-code',
    subject: `${code} is your Homeward sign-in code`,
    text: [
      `Your Homeward sign-in code is: ${code}`,
      '',
      'It works once, for 10 minutes. If you did not ask to sign in, you can ignore this email.',
    ].join('\n'),
  }
}
