/**
 * Contracts of the support conversation (issue 11, item 4): Help's 'Live Chat' for signed-in
 * people, answered by Homeward's support team Monday to Friday 9am-5pm (spec sections 1 and 9).
 */
import { z } from 'zod'

/** Longest support message, in characters. */
export const SUPPORT_MESSAGE_MAX_CHARS = 4000
/** At most this many messages per person per hour (429 beyond it). */
export const SUPPORT_MESSAGES_PER_HOUR = 20

// Control characters other than tab and newline have no place in a message (and in email bodies).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** A message: trimmed, not empty, at most 4,000 characters, control characters removed. */
export const SupportMessageBody = z
  .string({ message: 'Write a message' })
  .transform((v) => v.replace(CONTROL, '').trim())
  .refine((v) => v.length > 0, 'Write a message')
  .refine(
    (v) => v.length <= SUPPORT_MESSAGE_MAX_CHARS,
    `A message can be at most ${SUPPORT_MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters`,
  )

export const PostSupportMessageInput = z.object({ body: SupportMessageBody })
export type PostSupportMessageInput = z.input<typeof PostSupportMessageInput>

export const SupportMessage = z.object({
  id: z.string(),
  author: z.enum(['member', 'support']),
  body: z.string(),
  created_at: z.string(),
})
export type SupportMessage = z.infer<typeof SupportMessage>

export const SupportThread = z.object({
  /** Where the team also answers by email. */
  support_email: z.string(),
  messages: z.array(SupportMessage),
})
export type SupportThread = z.infer<typeof SupportThread>

/**
 * A reply from the support team, posted by the mail provider's inbound webhook (or the team's
 * helpdesk) with the shared token: to whom (the person's account email) and the reply's text.
 */
export const SupportInboundReply = z.object({
  to: z.email({ message: 'to must be the email address of a Homeward account' }),
  body: SupportMessageBody,
})
export type SupportInboundReply = z.input<typeof SupportInboundReply>
