/**
 * The invitation email: who invited you, to which move, in what role, the link and when it expires.
 * Names and addresses are put on one line (control characters stripped) so that a
 * name cannot add lines to the body or headers to the subject, even one stored before the contracts did so.
 */
import { singleLine } from '#shared/domain/plain-text.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { formatPence } from '#shared/domain/surveys.ts'
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

/**
 * The giftor's invitation (decision 037): the buyer recorded a gift from them; they verify their
 * identity, check their bank and sign the gifted-deposit declaration. They see their gift only, not
 * the move. The email carries the gift page's own address too (decision 069): the invitation link is
 * used once, but for its giftor it keeps opening the gift, and so does the gift page's address.
 */
export function giftorInvitationEmail(options: {
  to: string
  inviterName: string
  address: string
  link: string
  expiresAt: Date
  transactionId: string
  amountPence: number
  /** The gift page's address (publicUrl + giftorGiftPath): the giftor's way back, signed in. */
  giftLink: string
}): OutgoingMail {
  const inviter = singleLine(options.inviterName)
  const address = singleLine(options.address)
  const amount = formatPence(options.amountPence)
  const text = [
    `${inviter} has recorded a gift of ${amount} from you towards the deposit on ${address}, on Homeward.`,
    '',
    'Their conveyancer and mortgage lender need three things from you: a check of your identity, a read-only look at the bank account the gift comes from, and your signature on a gifted-deposit declaration (that the money is a gift, not a loan). It takes about fifteen minutes, on your phone or a computer.',
    '',
    `Start here: ${options.link}`,
    '',
    `You will see only your gift, not the rest of the move. Accept by ${ukDate(options.expiresAt)}, signed in as ${options.to}. After that, this link and your gift page bring you back to your gift whenever you sign in, so you can stop and carry on later:`,
    options.giftLink,
    '',
    'If you were not expecting this email, you can ignore it.',
  ].join('\n')
  return {
    to: options.to,
    subject: `${inviter} asked you to confirm your gift of ${amount} towards their deposit`,
    text,
    kind: 'invitation',
    transactionId: options.transactionId,
  }
}
