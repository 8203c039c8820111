/**
 * The open API's own endpoints: personal access tokens and firm API keys (session only: a token can
 * never make or revoke tokens), and webhook endpoints with their delivery logs (also open to tokens
 * with the webhooks scopes). A list is the viewer's own unless `firm_id` names a firm they administer.
 * docs/decisions/032-open-api-and-webhooks.md.
 */
import { z } from 'zod'
import { API_SCOPES, API_TOKEN_KINDS, WEBHOOK_EVENT_TYPES } from '../domain/api-access'
import { Timestamp, Uuid } from './common'
import { displayLine } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

const FORBIDDEN = { 403: { description: 'Not an admin of that firm, or a token without the scope' } } as const

/** Whose tokens or webhooks: the viewer's own (no firm_id) or a firm's they administer. */
export const OwnerQuery = z.object({ firm_id: Uuid.optional() })

export const ApiToken = z.object({
  id: Uuid,
  kind: z.enum(API_TOKEN_KINDS),
  name: z.string(),
  /** The token's first characters (`hw_pat_Ab12cd`), to recognise it; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: Timestamp,
  created_by: z.string(),
  last_used_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
})
export type ApiToken = z.infer<typeof ApiToken>

export const ApiTokenList = z.object({ tokens: z.array(ApiToken), firm_name: z.string().nullable() })
export type ApiTokenList = z.infer<typeof ApiTokenList>

export const CreateApiTokenInput = z.object({
  name: displayLine({ message: 'Name the token' }).trim().min(1, 'Name the token').max(80, 'At most 80 characters'),
  scopes: z
    .array(z.enum(API_SCOPES, { message: 'Unknown scope' }))
    .min(1, 'Choose at least one scope')
    .transform((s) => [...new Set(s)]),
  /** Days until it stops working; null for never. */
  expires_in_days: z.number().int().min(1, 'At least 1 day').max(366, 'At most 366 days').nullable(),
  firm_id: Uuid.optional(),
})
export type CreateApiTokenInput = z.input<typeof CreateApiTokenInput>

export const CreatedApiToken = z.object({
  token: ApiToken,
  /** The whole token: shown this once, stored only as its SHA-256. */
  secret: z.string(),
})
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

export const TokenParams = z.object({ tokenId: Uuid })
export const EndpointParams = z.object({ endpointId: Uuid })
export const DeliveryParams = z.object({ endpointId: Uuid, deliveryId: Uuid })

export const WebhookEndpoint = z.object({
  id: Uuid,
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  firm_id: Uuid.nullable(),
  enabled: z.boolean(),
  created_at: Timestamp,
  created_by: z.string(),
  /** The newest delivery's outcome, for the list. */
  last_delivery: z
    .object({
      status: z.enum(['pending', 'succeeded', 'failed']),
      status_code: z.number().int().nullable(),
      at: Timestamp,
    })
    .nullable(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint), firm_name: z.string().nullable() })
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>

const EventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type' }))
  .min(1, 'Choose at least one event')
  .transform((s) => [...new Set(s)])

export const CreateWebhookEndpointInput = z.object({
  url: displayLine({ message: 'Enter the URL' }).trim().min(1, 'Enter the URL').max(2000, 'At most 2,000 characters'),
  description: displayLine().trim().max(200, 'At most 200 characters').default(''),
  event_types: EventTypes,
  firm_id: Uuid.optional(),
})
export type CreateWebhookEndpointInput = z.input<typeof CreateWebhookEndpointInput>

export const UpdateWebhookEndpointInput = z.object({
  event_types: EventTypes.optional(),
  enabled: z.boolean().optional(),
})
export type UpdateWebhookEndpointInput = z.input<typeof UpdateWebhookEndpointInput>

export const WebhookSecret = z.object({
  endpoint: WebhookEndpoint,
  /** The signing secret (`whsec_...`): shown this once. */
  secret: z.string(),
})
export type WebhookSecret = z.infer<typeof WebhookSecret>

export const WebhookDelivery = z.object({
  id: Uuid,
  event_id: z.string(),
  event_type: z.string(),
  transaction_id: Uuid.nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: Timestamp.nullable(),
  created_at: Timestamp,
  delivered_at: Timestamp.nullable(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) })
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>

export const apiAccessEndpoints = {
  listTokens: endpoint({
    method: 'get',
    path: '/api-tokens',
    summary: "The viewer's personal access tokens, or a firm's API keys (its admins), newest first",
    request: { query: OwnerQuery },
    responses: { 200: json('Tokens', ApiTokenList), ...FORBIDDEN, ...ERRORS },
  }),
  createToken: endpoint({
    method: 'post',
    path: '/api-tokens',
    summary: 'Create a personal access token, or a firm API key (its admins); the secret is in this answer only',
    request: { body: jsonBody(CreateApiTokenInput) },
    responses: { 201: json('Created', CreatedApiToken), ...FORBIDDEN, ...ERRORS },
  }),
  revokeToken: endpoint({
    method: 'delete',
    path: '/api-tokens/{tokenId}',
    summary: 'Revoke a token: it stops working at once',
    request: { params: TokenParams },
    responses: { 204: { description: 'Revoked' }, ...FORBIDDEN, ...ERRORS },
  }),
  listWebhooks: endpoint({
    method: 'get',
    path: '/webhook-endpoints',
    summary: "The viewer's webhook endpoints, or a firm's (its admins)",
    scopes: ['webhooks:read'],
    request: { query: OwnerQuery },
    responses: { 200: json('Endpoints', WebhookEndpointList), ...FORBIDDEN, ...ERRORS },
  }),
  createWebhook: endpoint({
    method: 'post',
    path: '/webhook-endpoints',
    summary: 'Register a webhook endpoint; its signing secret is in this answer only',
    scopes: ['webhooks:write'],
    request: { body: jsonBody(CreateWebhookEndpointInput) },
    responses: { 201: json('Registered', WebhookSecret), ...FORBIDDEN, ...ERRORS },
  }),
  updateWebhook: endpoint({
    method: 'patch',
    path: '/webhook-endpoints/{endpointId}',
    summary: "Change an endpoint's event types, or pause and resume it",
    scopes: ['webhooks:write'],
    request: { params: EndpointParams, body: jsonBody(UpdateWebhookEndpointInput) },
    responses: { 200: json('Changed', WebhookEndpoint), ...FORBIDDEN, ...ERRORS },
  }),
  deleteWebhook: endpoint({
    method: 'delete',
    path: '/webhook-endpoints/{endpointId}',
    summary: 'Remove an endpoint and its delivery log',
    scopes: ['webhooks:write'],
    request: { params: EndpointParams },
    responses: { 204: { description: 'Removed' }, ...FORBIDDEN, ...ERRORS },
  }),
  rotateWebhookSecret: endpoint({
    method: 'post',
    path: '/webhook-endpoints/{endpointId}/secret',
    summary: 'Replace the signing secret; the new one is in this answer only and signs every delivery from now on',
    scopes: ['webhooks:write'],
    request: { params: EndpointParams },
    responses: { 200: json('New secret', WebhookSecret), ...FORBIDDEN, ...ERRORS },
  }),
  testWebhook: endpoint({
    method: 'post',
    path: '/webhook-endpoints/{endpointId}/test',
    summary: 'Queue a webhook.test event to this endpoint',
    scopes: ['webhooks:write'],
    request: { params: EndpointParams },
    responses: { 202: json('Queued', WebhookDelivery), ...FORBIDDEN, ...ERRORS },
  }),
  listDeliveries: endpoint({
    method: 'get',
    path: '/webhook-endpoints/{endpointId}/deliveries',
    summary: "The endpoint's delivery log, newest first (at most 100)",
    scopes: ['webhooks:read'],
    request: { params: EndpointParams },
    responses: { 200: json('Deliveries', WebhookDeliveryList), ...FORBIDDEN, ...ERRORS },
  }),
  redeliver: endpoint({
    method: 'post',
    path: '/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
    summary: 'Send a delivery again, as a new delivery with the same event id and body',
    scopes: ['webhooks:write'],
    request: { params: DeliveryParams },
    responses: { 202: json('Queued', WebhookDelivery), ...FORBIDDEN, ...ERRORS },
  }),
}
