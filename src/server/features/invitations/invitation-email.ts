/** The invitation email: who invited you, to which move, in what role, the link and when it expires. */
import { participantRoleLabel } from '../../../shared/domain/roles'
import type { OutgoingMail } from '../../platform/mail/outbox'

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
})

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
  const expires = UK_DATE.format(options.expiresAt)
  const text = [
    `${options.inviterName} has invited you to join their move at ${options.address} on Homeward, as ${role}.`,
    '',
    'Homeward gives everyone on a move one shared, verified timeline from offer to completion.',
    '',
    `Accept the invitation: ${options.link}`,
    '',
    `This link works once, only for ${options.to}, until ${expires}. If you were not expecting it, you can ignore this email.`,
  ].join('\n')
  return {
    to: options.to,
    subject: `${options.inviterName} invited you to their move at ${options.address}`,
    text,
    kind: 'invitation',
    transactionId: options.transactionId,
  }
}
