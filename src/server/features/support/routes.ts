/**
 * HTTP edge of the support conversation (issue 11, item 4): the signed-in person's thread and
 * sending a message; and the inbound-mail webhook through which the support team's replies arrive,
 * authenticated by `Authorization: Bearer <SUPPORT_INBOUND_TOKEN>` (404 when no token is configured,
 * so the route does not exist until an inbox is wired to it).
 */
import { timingSafeEqual } from 'node:crypto'
import { createRoute } from '@hono/zod-openapi'
import {
  PostSupportMessageInput,
  SupportInboundReply,
  SupportMessage,
  SupportThread,
} from '../../../shared/contracts/support'
import { AppError } from '../../http/errors'
import { createRouter, ERROR_RESPONSES, jsonContent, PUBLIC, requireViewer, type AppDeps } from '../../http/router'
import { addSupportReply, getSupportThread, postSupportMessage, SupportRateLimited } from './support-thread'

const threadRoute = createRoute({
  method: 'get',
  path: '/support/messages',
  summary: "The viewer's support conversation, oldest first",
  responses: { 200: { description: 'Thread', ...jsonContent(SupportThread) }, ...ERROR_RESPONSES },
})
const postRoute = createRoute({
  method: 'post',
  path: '/support/messages',
  summary: 'Write to the support team (also emailed to the support address)',
  request: { body: { required: true, ...jsonContent(PostSupportMessageInput) } },
  responses: {
    201: { description: 'Sent', ...jsonContent(SupportMessage) },
    429: { description: 'More than 20 messages in an hour; Retry-After in seconds' },
    ...ERROR_RESPONSES,
  },
})
const inboundRoute = createRoute({
  method: 'post',
  path: '/support/inbound',
  summary: "The support team's reply, from the inbound-mail webhook (Bearer SUPPORT_INBOUND_TOKEN)",
  // No session: the webhook authenticates with its bearer token, checked in the handler.
  security: PUBLIC,
  request: { body: { required: true, ...jsonContent(SupportInboundReply) } },
  responses: { 201: { description: 'Added to the thread', ...jsonContent(SupportMessage) }, ...ERROR_RESPONSES },
})

/** True when `header` is exactly `Bearer <token>` (constant-time comparison). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function supportRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  return createRouter()
    .openapi(threadRoute, async (c) =>
      c.json(await getSupportThread({ database, viewer: requireViewer(c), supportEmail: config.SUPPORT_EMAIL })),
    )
    .openapi(postRoute, async (c) => {
      try {
        const message = await postSupportMessage({
          database,
          viewer: requireViewer(c),
          body: c.req.valid('json').body,
          supportEmail: config.SUPPORT_EMAIL,
          publicUrl: config.publicUrl,
          deliverMail: mail.deliver,
        })
        mail.kick()
        return c.json(message, 201)
      } catch (err) {
        if (err instanceof SupportRateLimited) c.header('Retry-After', String(err.retryAfterSeconds))
        throw err
      }
    })
    .openapi(inboundRoute, async (c) => {
      const token = config.SUPPORT_INBOUND_TOKEN
      if (!token) throw new AppError('not_found', 'Not found.')
      if (!bearerMatches(c.req.header('authorization'), token)) {
        throw new AppError('unauthenticated', 'The inbound token is missing or wrong.')
      }
      const { to, body } = c.req.valid('json')
      return c.json(await addSupportReply({ database, to, body }), 201)
    })
}
