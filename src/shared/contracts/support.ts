/**
 * Contracts of the support conversation: Help's 'Live Chat' for signed-in
 * people, answered by Homeward's support team Monday to Friday 9am-5pm (spec: What the product does; Business constants and limits).
 */
import { z } from 'zod'
import { displayText } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'

/** Longest support message, in characters. */
export const SUPPORT_MESSAGE_MAX_CHARS = 4000
/** At most this many messages per person per hour (429 beyond it). */
export const SUPPORT_MESSAGES_PER_HOUR = 20

/** A message: trimmed, not empty, at most 4,000 characters, control and bidi characters removed (displayText). */
export const SupportMessageBody = displayText({ message: 'Write a message' })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, 'Write a message')
  .refine(
    (v) => v.length <= SUPPORT_MESSAGE_MAX_CHARS,
    `A message can be at most ${SUPPORT_MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters`,
  )

export const PostSupportMessageInput = z.object({ body: SupportMessageBody })
export type PostSupportMessageInput = z.input<typeof PostSupportMessageInput>

/** Who wrote a support message: the signed-in person or the support team (support_messages.author). */
export const SUPPORT_AUTHORS = ['member', 'support'] as const

export const SupportMessage = z.object({
  id: z.string(),
  author: z.enum(SUPPORT_AUTHORS),
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

/** The support endpoints. */
export const supportEndpoints = {
  thread: endpoint({
    method: 'get',
    path: '/support/messages',
    summary: "The viewer's support conversation, oldest first",
    responses: { 200: json('Thread', SupportThread), ...ERRORS },
  }),
  post: endpoint({
    method: 'post',
    path: '/support/messages',
    summary: 'Write to the support team (also emailed to the support address)',
    request: { body: jsonBody(PostSupportMessageInput) },
    responses: {
      201: json('Sent', SupportMessage),
      429: { description: 'More than 20 messages in an hour; Retry-After in seconds' },
      ...ERRORS,
    },
  }),
  inbound: endpoint({
    method: 'post',
    path: '/support/inbound',
    summary: "The support team's reply, from the inbound-mail webhook (Bearer SUPPORT_INBOUND_TOKEN)",
    // No session: the webhook authenticates with its bearer token, checked in the handler.
    security: PUBLIC,
    request: { body: jsonBody(SupportInboundReply) },
    responses: { 201: json('Added to the thread', SupportMessage), ...ERRORS },
  }),
}
