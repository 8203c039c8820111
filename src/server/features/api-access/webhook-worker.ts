/**
 * Sends the webhook outbox (webhook_deliveries): claims due deliveries with FOR UPDATE SKIP LOCKED
 * (a claim pushes next_attempt_at 5 minutes on, so several processes share one PostgreSQL outbox and
 * a crashed one's claims come back), signs each body with its endpoint's secret in the Standard
 * Webhooks format (the `standardwebhooks` library, providers/webhooks/provider-webhooks.ts), POSTs it
 * through the outbound client (platform/outbound: public addresses only, pinned to the checked
 * address, no redirects, a capped answer, WEBHOOK_TIMEOUT_MS in all) and records the attempt: a 2xx
 * answer is delivered; anything else, a network error or a timeout is retried after
 * webhookRetryDelayMs (30 s, x4 each time, at most 24 h) until WEBHOOK_MAX_ATTEMPTS, then marked
 * failed. The log the owner reads keeps only the status code and a generic class ("HTTP 500",
 * "Connection refused", "Timed out", "Address not allowed"...), never the answer's text or a raw error.
 * At least once: a receiver deduplicates on `webhook-id`, which every attempt and a redelivery share.
 *
 * Fair across endpoints (the December battery's L2): each claim takes at most one due delivery per
 * endpoint, oldest endpoint first, and skips endpoints this process already has a delivery in flight
 * to (PER_ENDPOINT); deliveries run side by side up to CONCURRENCY, and a finished one frees its slot
 * at once for the next claim, so one endpoint answering slowly holds one slot, never the others'
 * events. With several processes each keeps its own limit (so at most PER_ENDPOINT per process).
 * docs/decisions/047-outbound-requests.md; the schedule is the job list's (src/server/jobs.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from '#shared/domain/api-access.ts'
import type { Database } from '#server/db/client.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import type { Logger } from '#server/logger.ts'
import { encryptionKeyRing, openEnvelopeText } from '#server/platform/encryption/envelope.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { outboxDepth, type OutboxDrain } from '#server/platform/jobs/outbox.ts'
import type { OutboxDepth } from '#server/platform/jobs/job-runner.ts'
import { OUTBOUND_FAILURE_LABELS, type OutboundClient } from '#server/platform/outbound/outbound-client.ts'
import { secretContext } from './webhook-endpoints'

/** Deliveries in flight at once in one process. */
export const WEBHOOK_CONCURRENCY = 20
/** Deliveries in flight at once to one endpoint from one process. */
export const WEBHOOK_PER_ENDPOINT = 1

interface DueDelivery {
  id: string
  endpoint_id: string
  event_id: string
  body: string
  attempts: number
  url: string
  secret_sealed: string
}

/**
 * drain() sends everything due now and resolves, once nothing more can be claimed and nothing is in
 * flight, with the number of deliveries it started (tests; a run on demand); dispatch() claims what
 * fits and resolves without waiting for the answers (the job runner's tick); stop() stops claiming
 * and resolves when the deliveries in flight have finished.
 */
export interface WebhookWorker extends OutboxDrain {
  dispatch(): Promise<number>
}

/** The webhook outbox's backlog: pending deliveries and the age of the oldest. */
export const webhookOutboxDepth = (database: Database): Promise<OutboxDepth> => outboxDepth(database, 'webhooks')

/** The outcome of one attempt, as the log keeps it. */
interface Attempt {
  ok: boolean
  statusCode: number | null
  durationMs: number
  /** Shown to the endpoint's owner: a status or a generic class only. */
  error: string | null
  /** For the server's log only. */
  detail: string | null
}

/**
 * What the delivery log says about a failed attempt: `HTTP <status>` (a 3xx: "Redirect not followed
 * (HTTP 302)"), or the outbound client's failure class. Never the answer's text.
 */
export function deliveryErrorText(result: {
  statusCode: number | null
  failure?: keyof typeof OUTBOUND_FAILURE_LABELS
}) {
  if (result.failure) return OUTBOUND_FAILURE_LABELS[result.failure]
  if (result.statusCode !== null && result.statusCode >= 300 && result.statusCode < 400)
    return `Redirect not followed (HTTP ${result.statusCode})`
  return `HTTP ${result.statusCode}`
}

async function post(row: DueDelivery, client: OutboundClient, timeoutMs: number): Promise<Attempt> {
  const secret = openEnvelopeText(encryptionKeyRing(), row.secret_sealed, secretContext(row.endpoint_id))
  const result = await client.request({
    url: row.url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Homeward-Webhooks/1',
      ...signWebhook(secret, row.body, { id: row.event_id }),
    },
    body: row.body,
    timeoutMs,
  })
  if (result.outcome === 'failed') {
    return {
      ok: false,
      statusCode: null,
      durationMs: result.durationMs,
      error: deliveryErrorText({ statusCode: null, failure: result.failure }),
      detail: result.detail,
    }
  }
  const ok = result.statusCode >= 200 && result.statusCode < 300
  return {
    ok,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: ok ? null : deliveryErrorText({ statusCode: result.statusCode }),
    detail: null,
  }
}

/**
 * The worker of one process. `outbound` is the client every delivery goes through (jobs.ts builds it
 * from config; tests allow loopback); `timeoutMs` bounds one attempt (WEBHOOK_TIMEOUT_MS).
 */
export function createWebhookWorker({
  database,
  log,
  outbound,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  concurrency = WEBHOOK_CONCURRENCY,
}: {
  database: Database
  log: Logger
  outbound: OutboundClient
  timeoutMs?: number
  concurrency?: number
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
    if (!attempt.ok) {
      log.warn(
        `webhook ${row.event_id} to endpoint ${row.endpoint_id} failed (attempt ${attempts})`,
        attempt.detail ?? attempt.error,
      )
    }
  }

  /**
   * Claims up to `limit` due deliveries, at most one per endpoint, none for the endpoints in `busy`,
   * the endpoints whose oldest due delivery waited longest first.
   */
  function claim(limit: number, busy: string[]): Promise<DueDelivery[]> {
    return database.query<DueDelivery>(
      `with due_endpoints as (
         select endpoint_id, min(next_attempt_at) as first_due from webhook_deliveries
         where status = 'pending' and next_attempt_at <= now() and endpoint_id <> all($1::uuid[])
         group by endpoint_id order by first_due limit $2),
       picked as (
         select d.id from due_endpoints de cross join lateral (
           select id from webhook_deliveries d
           where d.endpoint_id = de.endpoint_id and d.status = 'pending' and d.next_attempt_at <= now()
           order by d.next_attempt_at, d.created_at limit 1 for update skip locked) d),
       due as (
         update webhook_deliveries w set next_attempt_at = now() + interval '5 minutes'
         from picked where w.id = picked.id
         returning w.id, w.endpoint_id, w.event_id, w.body, w.attempts)
       select due.*, e.url, e.secret_sealed from due join webhook_endpoints e on e.id = due.endpoint_id`,
      [busy, limit],
    )
  }

  let stopped = false
  /** Deliveries in flight, per endpoint. */
  const inFlight = new Map<string, number>()
  let running = 0
  let claimsPending = 0
  let started = 0
  /** Claims run one at a time in this process, so that two never pick the same idle endpoint. */
  let claimChain: Promise<unknown> = Promise.resolve()
  let idleWaiters: Array<() => void> = []

  function settleIfIdle() {
    if (running > 0 || claimsPending > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }
  const idle = () =>
    running === 0 && claimsPending === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))

  function start(row: DueDelivery) {
    running++
    started++
    inFlight.set(row.endpoint_id, (inFlight.get(row.endpoint_id) ?? 0) + 1)
    void (async () => {
      try {
        let attempt: Attempt
        try {
          attempt = await post(row, outbound, timeoutMs)
        } catch (err) {
          // The secret would not open, or the signing failed: ours, not the receiver's.
          attempt = { ok: false, statusCode: null, durationMs: 0, error: 'Could not send', detail: String(err) }
        }
        await record(row, attempt)
      } catch (err) {
        // Not recorded: the claim's 5-minute lease brings the delivery back.
        log.warn(`webhook ${row.event_id}: could not record the attempt`, err)
      } finally {
        running--
        const left = (inFlight.get(row.endpoint_id) ?? 1) - 1
        if (left > 0) inFlight.set(row.endpoint_id, left)
        else inFlight.delete(row.endpoint_id)
        // The slot is free: claim the next due delivery now rather than at the next tick.
        if (!stopped) pump().catch((err: unknown) => log.warn('webhook worker could not claim', err))
        settleIfIdle()
      }
    })()
  }

  /** Claims what the free slots allow and starts each; resolves with how many it started. */
  function pump(): Promise<number> {
    claimsPending++
    const run = claimChain.then(async () => {
      if (stopped) return 0
      const free = concurrency - running
      if (free <= 0) return 0
      const busy = [...inFlight].filter(([, n]) => n >= WEBHOOK_PER_ENDPOINT).map(([id]) => id)
      const rows = await claim(free, busy)
      for (const row of rows) start(row)
      return rows.length
    })
    claimChain = run.catch(() => {})
    return run.finally(() => {
      claimsPending--
      settleIfIdle()
    })
  }

  return {
    dispatch: pump,
    async drain() {
      if (stopped) return 0
      const before = started
      await pump()
      await idle()
      return started - before
    },
    async stop() {
      stopped = true
      await idle()
    },
  }
}
