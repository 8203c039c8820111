/**
 * Webhook endpoints: a person's own or a firm's (its admins), each with the event types it wants and
 * its own Standard Webhooks signing secret (`whsec_...`, sealed at rest, shown once when made or
 * replaced). Also the delivery log, a test event and redelivery. Deliveries are written to the
 * webhook outbox (webhook_deliveries) and sent by webhook-worker.ts.
 * docs/decisions/032-open-api-and-webhooks.md.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryList,
  WebhookEndpointList,
  WebhookSecret,
} from '#shared/contracts/api-access.ts'
import {
  CreateWebhookEndpointInput as CreateInput,
  UpdateWebhookEndpointInput as UpdateInput,
  WebhookDelivery,
  WebhookEndpoint,
} from '#shared/contracts/api-access.ts'
import { WEBHOOK_TEST_EVENT, webhookUrlRefusal } from '#shared/domain/api-access.ts'
import { canManageApiRow, firmNameOf, resolveApiOwner, type ApiOwner } from '#server/access/api-access.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { encryptionKeyRing, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import { generateWebhookSecret } from '#server/config/secrets.ts'
import type { OutboundClient } from '#server/platform/outbound/outbound-client.ts'
import { recordApiEvent } from './api-events'
import { eventBody } from '#server/core/audit/queue-webhook-events.ts'

/** The envelope context of a webhook endpoint's secret: a sealed value opens only for its own row. */
export const secretContext = (endpointId: string) => `webhook_endpoint:${endpointId}`

const ENDPOINT_JSON = sql.raw(`json_build_object('id', e.id, 'url', e.url, 'description', e.description,
  'event_types', to_json(e.event_types), 'firm_id', e.organization_id, 'enabled', e.enabled, 'created_at', e.created_at,
  'created_by', coalesce(p.full_name, 'Former member'),
  'last_delivery', (select json_build_object('status', d.status, 'status_code', d.last_status_code,
      'at', coalesce(d.delivered_at, d.created_at))
    from webhook_deliveries d where d.endpoint_id = e.id order by d.created_at desc, d.id limit 1))`)

export const DELIVERY_JSON = sql.raw(`json_build_object('id', d.id, 'event_id', d.event_id, 'event_type', d.event_type,
  'transaction_id', d.transaction_id, 'status', d.status, 'attempts', d.attempts, 'last_status_code', d.last_status_code,
  'last_duration_ms', d.last_duration_ms, 'last_error', d.last_error,
  'next_attempt_at', case when d.status = 'pending' then d.next_attempt_at end,
  'created_at', d.created_at, 'delivered_at', d.delivered_at)`)

/** Rows of `select ${ENDPOINT_JSON} as e` and `${DELIVERY_JSON} as d`: as the API answers them, built in SQL. */
const EndpointRow = z.object({ e: WebhookEndpoint })
const DeliveryRow = z.object({ d: WebhookDelivery })

async function endpointById(db: Tx | Database['db'], id: string): Promise<WebhookEndpoint> {
  const res = await db.execute(
    sql`select ${ENDPOINT_JSON} as e from webhook_endpoints e left join profiles p on p.id = e.profile_id where e.id = ${id}`,
  )
  return oneRow(EndpointRow, res).e
}

/** Locks the endpoint the viewer may manage, or throws the standard 404. */
async function lockManagedEndpoint(tx: Tx, viewer: Viewer, endpointId: string) {
  const res = await tx.execute(sql`
    select e.id, e.url, e.organization_id from webhook_endpoints e
    where e.id = ${endpointId} and ${canManageApiRow('e', viewer)} for update`)
  const row = firstRow(z.object({ id: z.string(), url: z.string(), organization_id: z.string().nullable() }), res)
  if (!row) throw notFound('webhook endpoint')
  const owner: ApiOwner = { profileId: viewer.profileId, organizationId: row.organization_id }
  return { ...row, owner }
}

/** The owner's endpoints, newest first, each with its latest delivery's outcome. */
export async function listWebhookEndpoints(options: {
  database: Database
  viewer: Viewer
  firmId?: string
}): Promise<WebhookEndpointList> {
  const { database, viewer } = options
  const owner = await resolveApiOwner(database.db, viewer, options.firmId)
  const whose = owner.organizationId
    ? sql`e.organization_id = ${owner.organizationId}`
    : sql`e.organization_id is null and e.profile_id = ${owner.profileId}`
  const res = await database.db.execute(sql`
    select ${ENDPOINT_JSON} as e from webhook_endpoints e left join profiles p on p.id = e.profile_id
    where ${whose} order by e.created_at desc, e.id limit 100`)
  return {
    endpoints: rows(EndpointRow, res).map((r) => r.e),
    firm_name: await firmNameOf(database.db, owner.organizationId),
  }
}

/**
 * Why the server will not send webhooks to `url`, as a 400 (not an https URL: webhookUrlRefusal's
 * `form`) or a 422 (an address webhooks may not reach, written in the URL or what its host name
 * resolves to now, through the same outbound client that delivers: docs/decisions/047). The 422 for
 * a resolved name says neither the address nor its kind, so that registration does not map internal
 * DNS names; a name that does not resolve gets the same message.
 */
export async function checkWebhookUrl(options: {
  url: string
  production: boolean
  outbound: OutboundClient
  allowLoopback: boolean
}): Promise<void> {
  const refusal = webhookUrlRefusal(options.url, options)
  if (refusal) {
    throw new AppError(refusal.kind === 'form' ? 'validation_failed' : 'unprocessable', `url: ${refusal.message}`, {
      url: [refusal.message],
    })
  }
  const checked = await options.outbound.check(options.url)
  if (checked.ok) return
  // Literal addresses and refused names were answered above with what they are; what is left is
  // a name that resolves inside (or not at all).
  const message = `${checked.host} does not resolve to a public internet address, which webhooks need. Check the host name, or enter the public https:// address of your endpoint.`
  throw new AppError('unprocessable', `url: ${message}`, { url: [message] })
}

/**
 * Registers an endpoint with a new signing secret, answered once. The URL must pass checkWebhookUrl
 * (https to a public address; loopback only with OUTBOUND_ALLOW_LOOPBACK); at most 20 endpoints per owner.
 */
export async function createWebhookEndpoint(options: {
  database: Database
  viewer: Viewer
  input: CreateWebhookEndpointInput
  production: boolean
  outbound: OutboundClient
  allowLoopback: boolean
  origin?: ClientInfo
}): Promise<WebhookSecret> {
  const { database, viewer, origin } = options
  const input = CreateInput.parse(options.input)
  await checkWebhookUrl({ url: input.url, ...options })
  return database.db.transaction(async (tx) => {
    const owner = await resolveApiOwner(tx, viewer, input.firm_id)
    const count = await tx.execute(
      sql`select count(*)::int as n from webhook_endpoints e where ${
        owner.organizationId
          ? sql`e.organization_id = ${owner.organizationId}`
          : sql`e.organization_id is null and e.profile_id = ${owner.profileId}`
      }`,
    )
    if (oneRow(z.object({ n: z.number() }), count).n >= 20) {
      throw new AppError('unprocessable', 'At most 20 webhook endpoints: remove one you no longer use first.')
    }
    const id = randomUUID()
    const secret = generateWebhookSecret()
    await tx.execute(sql`
      insert into webhook_endpoints (id, url, description, event_types, secret_sealed, profile_id, organization_id)
      values (${id}, ${input.url}, ${input.description}, ${`{${input.event_types.join(',')}}`}::text[],
        ${sealEnvelope(encryptionKeyRing(), secret, secretContext(id))}, ${owner.profileId}, ${owner.organizationId})`)
    await recordApiEvent(tx, {
      viewer,
      owner,
      kind: 'webhook.created',
      detail: { endpoint_id: id, url: input.url },
      origin,
    })
    return { endpoint: await endpointById(tx, id), secret }
  })
}

/** Changes an endpoint's event types, or pauses (no new deliveries are queued) or resumes it. */
export async function updateWebhookEndpoint(options: {
  database: Database
  viewer: Viewer
  endpointId: string
  input: UpdateWebhookEndpointInput
}): Promise<WebhookEndpoint> {
  const input = UpdateInput.parse(options.input)
  return options.database.db.transaction(async (tx) => {
    await lockManagedEndpoint(tx, options.viewer, options.endpointId)
    if (input.event_types) {
      await tx.execute(
        sql`update webhook_endpoints set event_types = ${`{${input.event_types.join(',')}}`}::text[] where id = ${options.endpointId}`,
      )
    }
    if (input.enabled !== undefined) {
      await tx.execute(sql`update webhook_endpoints set enabled = ${input.enabled} where id = ${options.endpointId}`)
    }
    return endpointById(tx, options.endpointId)
  })
}

/** Removes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(options: {
  database: Database
  viewer: Viewer
  endpointId: string
  origin?: ClientInfo
}): Promise<void> {
  await options.database.db.transaction(async (tx) => {
    const row = await lockManagedEndpoint(tx, options.viewer, options.endpointId)
    await tx.execute(sql`delete from webhook_endpoints where id = ${row.id}`)
    await recordApiEvent(tx, {
      viewer: options.viewer,
      owner: row.owner,
      kind: 'webhook.removed',
      detail: { endpoint_id: row.id, url: row.url },
      origin: options.origin,
    })
  })
}

/** Replaces the signing secret: every attempt from now on is signed with the new one, answered once. */
export async function rotateWebhookSecret(options: {
  database: Database
  viewer: Viewer
  endpointId: string
  origin?: ClientInfo
}): Promise<WebhookSecret> {
  return options.database.db.transaction(async (tx) => {
    const row = await lockManagedEndpoint(tx, options.viewer, options.endpointId)
    const secret = generateWebhookSecret()
    await tx.execute(sql`update webhook_endpoints
      set secret_sealed = ${sealEnvelope(encryptionKeyRing(), secret, secretContext(row.id))} where id = ${row.id}`)
    await recordApiEvent(tx, {
      viewer: options.viewer,
      owner: row.owner,
      kind: 'webhook.secret_rotated',
      detail: { endpoint_id: row.id, url: row.url },
      origin: options.origin,
    })
    return { endpoint: await endpointById(tx, row.id), secret }
  })
}

async function deliveryById(tx: Tx, id: string): Promise<WebhookDelivery> {
  const res = await tx.execute(sql`select ${DELIVERY_JSON} as d from webhook_deliveries d where d.id = ${id}`)
  return oneRow(DeliveryRow, res).d
}

/** Queues a `webhook.test` event to this endpoint (whatever it subscribes to, paused or not). */
export async function sendTestEvent(options: {
  database: Database
  viewer: Viewer
  endpointId: string
}): Promise<WebhookDelivery> {
  return options.database.db.transaction(async (tx) => {
    const row = await lockManagedEndpoint(tx, options.viewer, options.endpointId)
    const eventId = `msg_${randomUUID()}`
    const body = eventBody(WEBHOOK_TEST_EVENT, new Date().toISOString(), { endpoint_id: row.id })
    const res = await tx.execute(sql`
      insert into webhook_deliveries (endpoint_id, event_id, event_type, body)
      values (${row.id}, ${eventId}, ${WEBHOOK_TEST_EVENT}, ${body}) returning id`)
    return deliveryById(tx, oneRow(IdRow, res).id)
  })
}

/** The endpoint's delivery log, newest first, at most 100. */
export async function listDeliveries(options: {
  database: Database
  viewer: Viewer
  endpointId: string
}): Promise<WebhookDeliveryList> {
  const res = await options.database.db.execute(sql`
    select ${DELIVERY_JSON} as d from webhook_deliveries d
    join webhook_endpoints e on e.id = d.endpoint_id
    where e.id = ${options.endpointId} and ${canManageApiRow('e', options.viewer)}
    order by d.created_at desc, d.id desc limit 100`)
  if (!res.rows.length) {
    const exists = await options.database.db.execute(
      sql`select 1 from webhook_endpoints e where e.id = ${options.endpointId} and ${canManageApiRow('e', options.viewer)}`,
    )
    if (!exists.rows.length) throw notFound('webhook endpoint')
  }
  return { deliveries: rows(DeliveryRow, res).map((r) => r.d) }
}

/**
 * Sends a delivery again: a new delivery with the same event id and body (a receiver that already
 * handled it recognises the `webhook-id`), tried now with a fresh set of attempts.
 */
export async function redeliver(options: {
  database: Database
  viewer: Viewer
  endpointId: string
  deliveryId: string
}): Promise<WebhookDelivery> {
  return options.database.db.transaction(async (tx) => {
    const row = await lockManagedEndpoint(tx, options.viewer, options.endpointId)
    const res = await tx.execute(sql`
      insert into webhook_deliveries (endpoint_id, event_id, event_type, transaction_id, body)
      select endpoint_id, event_id, event_type, transaction_id, body from webhook_deliveries
      where id = ${options.deliveryId} and endpoint_id = ${row.id}
      returning id`)
    const created = firstRow(IdRow, res)
    if (!created) throw notFound('delivery')
    return deliveryById(tx, created.id)
  })
}
