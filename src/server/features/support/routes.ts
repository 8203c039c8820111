/**
 * HTTP edge of the support conversation: the signed-in person's thread and
 * sending a message; and the inbound-mail webhook through which the support team's replies arrive,
 * authenticated by `Authorization: Bearer <SUPPORT_INBOUND_TOKEN>` (404 when no token is configured,
 * so the route does not exist until an inbox is wired to it).
 */
import { timingSafeEqual } from 'node:crypto'
import { supportEndpoints as endpoints } from '#shared/contracts/support.ts'
import { AppError } from '#server/core/errors.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { addSupportReply, getSupportThread, postSupportMessage, SupportRateLimited } from './support-thread'

/** True when `header` is exactly `Bearer <token>` (constant-time comparison). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function supportRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  return createRouter()
    .openapi(endpoints.thread, async (c) =>
      c.json(await getSupportThread({ database, viewer: requireViewer(c), supportEmail: config.SUPPORT_EMAIL }), 200),
    )
    .openapi(endpoints.post, async (c) => {
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
    .openapi(endpoints.inbound, async (c) => {
      const token = config.SUPPORT_INBOUND_TOKEN
      if (!token) throw new AppError('not_found', 'Not found.')
      if (!bearerMatches(c.req.header('authorization'), token)) {
        throw new AppError('unauthenticated', 'The inbound token is missing or wrong.')
      }
      const { to, body } = c.req.valid('json')
      return c.json(await addSupportReply({ database, to, body }), 201)
    })
}
