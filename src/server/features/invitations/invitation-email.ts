/**
 * The invitation email: who invited you, to which move, in what role, the link and when it expires.
 * Names and addresses are put on one line (control characters stripped) so that a
 * name cannot add lines to the body or headers to the subject, even one stored before the contracts did so.
 */
import { singleLine } from '#shared/domain/plain-text.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import type { OutgoingMail } from '#server/platform/mail/outbox.ts'

export function invitationEmail(options: {
  to: string
  inviterName: string
  role: string
  address: string
  link: string
  expiresAt: Date
  transactionId: string
}): OutgoingMail {
  const role = participantRoleLabel(options.role)
  const inviter = singleLine(options.inviterName)
  const address = singleLine(options.address)
  const expires = ukDate(options.expiresAt)
  const text = [
    `${inviter} has invited you to join their move at ${address} on Homeward, as ${role}.`,
    '',
    'Homeward gives everyone on a move one shared, verified timeline from offer to completion.',
    '',
    `Accept the invitation: ${options.link}`,
    '',
    `This link works once, only for ${options.to}, until ${expires}. If you were not expecting it, you can ignore this email.`,
  ].join('\n')
  return {
    to: options.to,
    subject: `${inviter} invited you to their move at ${address}`,
    text,
    kind: 'invitation',
    transactionId: options.transactionId,
  }
}
