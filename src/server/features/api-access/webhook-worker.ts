/**
 * Drains the webhook outbox (webhook_deliveries): claims due deliveries with FOR UPDATE SKIP LOCKED
 * (a claim pushes next_attempt_at 5 minutes on, so several processes share one PostgreSQL outbox and
 * a crashed one's claims come back), signs each body with its endpoint's secret in the Standard
 * Webhooks format (the `standardwebhooks` library, providers/webhooks/provider-webhooks.ts), POSTs it
 * with a timeout (WEBHOOK_TIMEOUT_MS, 10 s) and no redirects, and records the attempt: a 2xx answer
 * is delivered; anything else, a network error or a timeout is retried after webhookRetryDelayMs
 * (30 s, x4 each time, at most 24 h) until WEBHOOK_MAX_ATTEMPTS, then marked failed. At least once:
 * a receiver deduplicates on `webhook-id`, which every attempt and a redelivery share. The drain loop
 * is the one every outbox shares (platform/jobs/outbox.ts); the schedule is the job list's
 * (src/server/jobs.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from '#shared/domain/api-access.ts'
import type { Database } from '#server/db/client.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import type { Logger } from '#server/logger.ts'
import { encryptionKeyRing, openEnvelopeText } from '#server/platform/encryption/envelope.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { createOutboxDrain, outboxDepth, type OutboxDrain } from '#server/platform/jobs/outbox.ts'
import type { OutboxDepth } from '#server/platform/jobs/job-runner.ts'
import { secretContext } from './webhook-endpoints'

const BATCH = 20
/** How much of a receiver's error answer is kept in the log. */
const ERROR_EXCERPT = 300

interface DueDelivery {
  id: string
  endpoint_id: string
  event_id: string
  body: string
  attempts: number
  url: string
  secret_sealed: string
}

/** drain() sends what is due now and resolves with the number of attempts made; stop() stops claiming. */
export type WebhookWorker = OutboxDrain

/** The webhook outbox's backlog: pending deliveries and the age of the oldest. */
export const webhookOutboxDepth = (database: Database): Promise<OutboxDepth> => outboxDepth(database, 'webhooks')

/** The outcome of one attempt. */
interface Attempt {
  ok: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
}

async function post(row: DueDelivery, timeoutMs: number): Promise<Attempt> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  try {
    const secret = openEnvelopeText(encryptionKeyRing(), row.secret_sealed, secretContext(row.endpoint_id))
    const res = await fetch(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Homeward-Webhooks/1',
        ...signWebhook(secret, row.body, { id: row.event_id }),
      },
      body: row.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const ok = res.status >= 200 && res.status < 300
    const text = ok ? '' : await res.text().catch(() => '')
    return {
      ok,
      statusCode: res.status,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${res.status}${text ? `: ${text.slice(0, ERROR_EXCERPT)}` : ''}`,
    }
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: timedOut
        ? `No answer within ${Math.round(timeoutMs / 1000)} s`
        : `${err instanceof Error ? err.message : String(err)}${cause}`.slice(0, ERROR_EXCERPT),
    }
  }
}

export function createWebhookWorker({
  database,
  log,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  database: Database
  log: Logger
  timeoutMs?: number
}): WebhookWorker {
  async function record(row: DueDelivery, attempt: Attempt) {
    const attempts = row.attempts + 1
    const delay = attempt.ok ? null : webhookRetryDelayMs(attempts)
    await database.db
      .update(webhookDeliveries)
      .set({
        attempts,
        status: attempt.ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
        lastStatusCode: attempt.statusCode,
        lastDurationMs: attempt.durationMs,
        lastError: attempt.error,
        deliveredAt: attempt.ok ? sql`now()` : null,
        nextAttemptAt: delay === null ? null : sql`now() + make_interval(secs => ${delay / 1000})`,
      })
      .where(eq(webhookDeliveries.id, row.id))
    if (!attempt.ok) log.warn(`webhook ${row.event_id} to ${row.url} failed (attempt ${attempts})`, attempt.error)
  }

  async function drainOnce(): Promise<number> {
    const claimed = await database.query<DueDelivery>(
      `with due as (
         update webhook_deliveries set next_attempt_at = now() + interval '5 minutes'
         where id in (select id from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
                      order by next_attempt_at, created_at limit ${BATCH} for update skip locked)
         returning id, endpoint_id, event_id, body, attempts)
       select due.*, e.url, e.secret_sealed from due join webhook_endpoints e on e.id = due.endpoint_id`,
    )
    // One endpoint's slow answers should not hold up another's: send them side by side.
    await Promise.all(claimed.map(async (row) => record(row, await post(row, timeoutMs))))
    return claimed.length
  }

  return createOutboxDrain(drainOnce)
}
