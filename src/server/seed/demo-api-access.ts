/**
 * The demo firm's open API: Priya (its admin) made a firm API key for the firm's case-management
 * system, used two hours ago, and registered a webhook endpoint (paused, as its demo URL answers
 * nobody) whose delivery log shows recent events of the demo move delivered, one after a retry. The
 * key's secret is thrown away, as after any creation: the demo shows the list, not a usable key.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { API_SCOPES, WEBHOOK_EVENT_TYPES } from '#shared/domain/api-access.ts'
import type { Tx } from '#server/db/client.ts'
import { newApiTokenSecret } from '#server/features/api-access/api-token-secret.ts'
import { eventBody } from '#server/core/audit/queue-webhook-events.ts'
import { secretContext } from '#server/features/api-access/webhook-endpoints.ts'
import { encryptionKeyRing, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import { generateWebhookSecret } from '#server/config/secrets.ts'

export const DEMO_WEBHOOK_URL = 'https://cms.shahmercer.example/homeward/webhooks'

export async function insertDemoApiAccess(
  tx: Tx,
  ids: { priya: string; organizationId: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()
  const key = newApiTokenSecret('firm')
  const scopes = API_SCOPES.filter((s) => s !== 'webhooks:write')
  await tx.execute(sql`
    insert into api_tokens (kind, name, prefix, token_hash, scopes, profile_id, organization_id, created_at, last_used_at, expires_at)
    values ('firm', 'Case management system', ${key.prefix}, ${key.hash}, ${`{${scopes.join(',')}}`}::text[],
      ${ids.priya}, ${ids.organizationId}, ${ago(60 * 24 * 12)}, ${ago(120)}, ${new Date(now.getTime() + 78 * 86_400_000).toISOString()})`)

  const endpointId = randomUUID()
  await tx.execute(sql`
    insert into webhook_endpoints (id, url, description, event_types, secret_sealed, profile_id, organization_id, enabled, created_at)
    values (${endpointId}, ${DEMO_WEBHOOK_URL}, 'Case management system (demo: paused)',
      ${`{${WEBHOOK_EVENT_TYPES.join(',')}}`}::text[],
      ${sealEnvelope(encryptionKeyRing(), generateWebhookSecret(), secretContext(endpointId))},
      ${ids.priya}, ${ids.organizationId}, false, ${ago(60 * 24 * 12)})`)

  const events: { type: string; minutes: number; attempts: number; code: number; ms: number }[] = [
    { type: 'task.completed', minutes: 180, attempts: 1, code: 200, ms: 142 },
    { type: 'document.uploaded', minutes: 95, attempts: 2, code: 200, ms: 211 },
    { type: 'enquiry.answered', minutes: 30, attempts: 1, code: 204, ms: 96 },
  ]
  for (const e of events) {
    await tx.execute(sql`
      insert into webhook_deliveries (endpoint_id, event_id, event_type, transaction_id, body, status, attempts,
        next_attempt_at, last_status_code, last_duration_ms, created_at, delivered_at)
      values (${endpointId}, ${`msg_${randomUUID()}`}, ${e.type}, ${ids.demoTransactionId},
        ${eventBody(e.type, ago(e.minutes), { transaction_id: ids.demoTransactionId })}, 'succeeded', ${e.attempts},
        null, ${e.code}, ${e.ms}, ${ago(e.minutes)}, ${ago(e.minutes - (e.attempts - 1))})`)
  }
}
