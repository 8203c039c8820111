/**
 * Signed webhooks from external partners to our own endpoints, in the Standard Webhooks format
 * (https://www.standardwebhooks.com: headers webhook-id, webhook-timestamp and webhook-signature,
 * HMAC-SHA256 over `id.timestamp.body`, a 5-minute timestamp tolerance), signed and checked by the
 * `standardwebhooks` library. Sandbox adapters sign what they deliver with the same code, so our
 * endpoints check a sandbox's delivery exactly as they would a real provider's.
 *
 * A delivery is accepted once: its id is recorded in provider_webhook_receipts inside the caller's
 * database transaction, so the record and the work it triggers commit together, and a replay (the
 * same id again) is refused with 409.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import type { Tx } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'

/** The headers of one signed delivery. */
export type SignedWebhookHeaders = Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>

/**
 * Signs a delivery: `body` is the exact JSON text sent. `id` defaults to a new `msg_<uuid>` and
 * `at` to now. Returns the three headers to send with it.
 */
export function signWebhook(
  secret: string,
  body: string,
  options: { id?: string; at?: Date } = {},
): SignedWebhookHeaders {
  const id = options.id ?? `msg_${randomUUID()}`
  const at = options.at ?? new Date()
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  }
}

/**
 * Checks a delivery's signature and timestamp, without touching the database (a handler that must call
 * a partner before its database transaction verifies first, then records the receipt in that
 * transaction with recordWebhookReceipt). `headers` are the request's headers (any case); `body` the raw
 * request text, unparsed. Returns the parsed JSON body and the delivery's id. Throws AppError
 * 'unauthenticated' (401) for a missing or bad signature or a timestamp more than 5 minutes off.
 */
export function verifyWebhook(options: {
  secret: string
  headers: Headers | Record<string, string | undefined>
  body: string
}): { payload: unknown; webhookId: string } {
  const get = (name: string) =>
    options.headers instanceof Headers ? options.headers.get(name) : (options.headers[name] ?? undefined)
  const headers = {
    'webhook-id': get('webhook-id') ?? '',
    'webhook-timestamp': get('webhook-timestamp') ?? '',
    'webhook-signature': get('webhook-signature') ?? '',
  }
  try {
    return { payload: new Webhook(options.secret).verify(options.body, headers), webhookId: headers['webhook-id'] }
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err
    throw new AppError(
      'unauthenticated',
      `The webhook was refused: ${err.message}. Send it signed as Standard Webhooks describes.`,
    )
  }
}

/**
 * Records a verified delivery's id in the caller's transaction. Throws AppError 'conflict' (409) for a
 * replayed id; when the transaction rolls back, so does the receipt, and the partner's retry is processed.
 */
export async function recordWebhookReceipt(
  tx: Tx,
  receipt: { provider: string; webhookId: string; eventType: string },
): Promise<void> {
  const inserted = await tx.execute(sql`
    insert into provider_webhook_receipts (provider, webhook_id, event_type)
    values (${receipt.provider}, ${receipt.webhookId}, ${receipt.eventType})
    on conflict do nothing returning webhook_id`)
  if (!inserted.rows.length) {
    throw new AppError(
      'conflict',
      `Webhook ${receipt.webhookId} was already received; a replay is not processed again.`,
    )
  }
}

/**
 * verifyWebhook, then recordWebhookReceipt in the caller's transaction. Returns the parsed JSON body.
 * Throws 401 for a bad signature or timestamp and 409 for a replayed id.
 */
export async function acceptWebhook(options: {
  tx: Tx
  provider: string
  secret: string
  headers: Headers | Record<string, string | undefined>
  body: string
  eventType: (payload: unknown) => string
}): Promise<unknown> {
  const { payload, webhookId } = verifyWebhook(options)
  await recordWebhookReceipt(options.tx, {
    provider: options.provider,
    webhookId,
    eventType: options.eventType(payload),
  })
  return payload
}

/** Deletes receipts older than `days` (default 30): far past the 5-minute tolerance, so no replay can pass. */
export async function pruneWebhookReceipts(tx: Tx, days = 30): Promise<number> {
  const r = await tx.execute(
    sql`delete from provider_webhook_receipts where received_at < now() - make_interval(days => ${days}) returning 1`,
  )
  return r.rows.length
}
