/**
 * The emails Better Auth asks us to send (verify your email, reset your password, your sign-in code).
 * Better Auth calls these after its own transaction has committed, so each is written to the outbox
 * in a transaction of its own, then the mail service is nudged (docs/decisions/009-account-recovery.md).
 */
import { signInPath } from '#shared/paths.ts'
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
  /** The name greeted in the account's language (enqueueMail, platform/mail/outbox.ts). */
  greet?: string
  kind:
    'verify-email' | 'reset-password' | 'sign-in-code' | 'change-email' | 'email-change-requested' | 'sign-up-attempt'
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
    greet: name,
    text: [
      'Please confirm that this is your email address by opening this link (the first time, it also signs you in):',
      link,
      '',
      'The link works for 1 hour. Until you confirm, you can use Homeward but cannot invite people or sign documents.',
      'If you did not create a Homeward account, you can ignore this email.',
    ].join('\n'),
  }
}

/**
 * To an address that already has an account, instead of a second account: the sign-up
 * answers exactly as for a new address, so only the inbox's owner learns that the account exists (OWASP
 * Authentication Cheat Sheet, 'Account creation').
 */
export function signUpAttemptMail(to: string, name: string, appUrl: string): AuthMail {
  return {
    to,
    kind: 'sign-up-attempt',
    subject: 'Someone tried to create a Homeward account with this address',
    greet: name,
    text: [
      'Someone tried to create a Homeward account with this email address, but it already has one, so nothing was created.',
      '',
      `If it was you, sign in: ${appUrl}${signInPath({ email: to })}`,
      `Forgotten your password? Choose a new one from the same page with "Forgot password?".`,
      '',
      'If it was not you, you can ignore this email: your account has not changed.',
    ].join('\n'),
  }
}

export function resetPasswordMail(to: string, name: string, link: string): AuthMail {
  return {
    to,
    kind: 'reset-password',
    subject: 'Reset your Homeward password',
    greet: name,
    text: [
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

/** To the NEW address: the link that finishes an email change. */
export function changeEmailMail(to: string, name: string, link: string): AuthMail {
  return {
    to,
    kind: 'change-email',
    subject: 'Confirm your new email address for Homeward',
    greet: name,
    text: [
      'You asked to use this address for your Homeward account. To confirm, open this link:',
      link,
      '',
      'The link works for 1 hour. Until you open it, your account keeps its old email address.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  }
}

/**
 * After a change-email request: to the OLD address always (ASVS 6.3.7), and, when the new address
 * already has an account, to that address instead of a link. Only the inbox's owner learns that.
 */
export function emailChangeRequestedMail(to: string, name: string, newEmail: string): AuthMail {
  return {
    to,
    kind: 'email-change-requested',
    subject: 'A change to the email address of your Homeward account was requested',
    greet: name,
    text: [
      `Someone signed in to your Homeward account asked to change its email address to ${newEmail}. The change happens only if the link we sent to that address is opened.`,
      '',
      'If this was not you, sign in, change your password and sign out of all other sessions in Settings.',
    ].join('\n'),
  }
}

export function emailInUseMail(to: string): AuthMail {
  return {
    to,
    kind: 'email-change-requested',
    subject: 'Your email address was offered for another Homeward account',
    text: [
      'Hello,',
      '',
      'Someone asked to move another Homeward account to this email address. This address already has a Homeward account, so nothing was changed.',
      '',
      'If this was you, sign in with this address instead. If not, you can ignore this email.',
    ].join('\n'),
  }
}
