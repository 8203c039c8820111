/**
 * HTTP edge of the open API: personal access tokens and firm API keys (session only), webhook
 * endpoints, their delivery logs, test events and redelivery (also API tokens with the webhooks
 * scopes). Use cases beside this file; the outbox worker in webhook-worker.ts. Token creation, test
 * events and redeliveries are limited per person (core/limits.ts: 429 with Retry-After).
 */
import { apiAccessEndpoints as endpoints } from '#shared/contracts/api-access.ts'
import { enforceLimit, TOKEN_CREATE, WEBHOOK_REDELIVER, WEBHOOK_TEST } from '#server/core/limits.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from './webhook-endpoints'
import { outboundAllowsLoopback, outboundClientFor } from '#server/platform/outbound/outbound-client.ts'

export function apiAccessRoutes({ database, config }: AppDeps) {
  const production = config.NODE_ENV === 'production'
  const outbound = outboundClientFor(config)
  const allowLoopback = outboundAllowsLoopback(config)
  return createRouter()
    .openapi(endpoints.listTokens, async (c) =>
      c.json(await listApiTokens({ database, viewer: requireViewer(c), firmId: c.req.valid('query').firm_id }), 200),
    )
    .openapi(endpoints.createToken, async (c) => {
      const viewer = requireViewer(c)
      await enforceLimit(database.db, TOKEN_CREATE, viewer.profileId)
      return c.json(await createApiToken({ database, viewer, input: c.req.valid('json'), origin: c.var.client }), 201)
    })
    .openapi(endpoints.revokeToken, async (c) => {
      await revokeApiToken({
        database,
        viewer: requireViewer(c),
        tokenId: c.req.valid('param').tokenId,
        origin: c.var.client,
      })
      return c.body(null, 204)
    })
    .openapi(endpoints.listWebhooks, async (c) =>
      c.json(
        await listWebhookEndpoints({ database, viewer: requireViewer(c), firmId: c.req.valid('query').firm_id }),
        200,
      ),
    )
    .openapi(endpoints.createWebhook, async (c) =>
      c.json(
        await createWebhookEndpoint({
          database,
          viewer: requireViewer(c),
          input: c.req.valid('json'),
          production,
          outbound,
          allowLoopback,
          origin: c.var.client,
        }),
        201,
      ),
    )
    .openapi(endpoints.updateWebhook, async (c) =>
      c.json(
        await updateWebhookEndpoint({
          database,
          viewer: requireViewer(c),
          endpointId: c.req.valid('param').endpointId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.deleteWebhook, async (c) => {
      await deleteWebhookEndpoint({
        database,
        viewer: requireViewer(c),
        endpointId: c.req.valid('param').endpointId,
        origin: c.var.client,
      })
      return c.body(null, 204)
    })
    .openapi(endpoints.rotateWebhookSecret, async (c) =>
      c.json(
        await rotateWebhookSecret({
          database,
          viewer: requireViewer(c),
          endpointId: c.req.valid('param').endpointId,
          origin: c.var.client,
        }),
        200,
      ),
    )
    .openapi(endpoints.testWebhook, async (c) => {
      const viewer = requireViewer(c)
      await enforceLimit(database.db, WEBHOOK_TEST, viewer.profileId)
      return c.json(await sendTestEvent({ database, viewer, endpointId: c.req.valid('param').endpointId }), 202)
    })
    .openapi(endpoints.listDeliveries, async (c) =>
      c.json(
        await listDeliveries({ database, viewer: requireViewer(c), endpointId: c.req.valid('param').endpointId }),
        200,
      ),
    )
    .openapi(endpoints.redeliver, async (c) => {
      const { endpointId, deliveryId } = c.req.valid('param')
      const viewer = requireViewer(c)
      await enforceLimit(database.db, WEBHOOK_REDELIVER, viewer.profileId)
      return c.json(await redeliver({ database, viewer, endpointId, deliveryId }), 202)
    })
}
