/**
 * The drain loop every outbox shares (the mail outbox, platform/mail/mail-worker.ts; the webhook
 * outbox, features/api-access/webhook-worker.ts). Each supplies `drainOnce`: claim a batch of due rows
 * (FOR UPDATE SKIP LOCKED, pushing their next attempt 5 minutes on, so several processes share one
 * PostgreSQL outbox and a crashed process's claims come back), send them, record the outcome, and
 * resolve with how many it handled. This adds one drain at a time, a nudge while one runs queued
 * for once afterwards, and a stop that refuses new claims at once.
 */
import type { Database } from '#server/db/client.ts'
import type { OutboxDepth } from './job-runner'

export interface OutboxDrain {
  /**
   * Claims and sends what is due now; resolves with the number handled (0 once stopped). A drain
   * asked for while one runs may concern rows committed after that run claimed its batch: it runs
   * once more afterwards (at most one queued) rather than answering with the older run.
   */
  drain(): Promise<number>
  /** Stops claiming at once; resolves when the drain in progress has finished. */
  stop(): Promise<void>
}

export function createOutboxDrain(drainOnce: () => Promise<number>): OutboxDrain {
  let running: Promise<number> | undefined
  let again: Promise<number> | undefined
  let stopped = false
  const outbox: OutboxDrain = {
    drain() {
      if (stopped) return Promise.resolve(0)
      if (running) {
        again ??= running
          .catch(() => 0)
          .then(() => {
            again = undefined
            return outbox.drain()
          })
        return again
      }
      running = drainOnce().finally(() => (running = undefined))
      return running
    },
    async stop() {
      stopped = true
      await running?.catch(() => {})
    },
  }
  return outbox
}

/**
 * The backlog of an outbox table with `status` and `created_at` columns: pending rows and the age of
 * the oldest in seconds. `table` is a constant of the caller, never input.
 */
export async function outboxDepth(
  database: Database,
  table: 'mail_outbox' | 'webhook_deliveries',
): Promise<OutboxDepth> {
  const [row] = await database.query<{ count: number | string; oldest: number | string | null }>(
    `select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest
     from ${table} where status = 'pending'`,
  )
  return {
    count: Number(row?.count ?? 0),
    oldestAgeSeconds: row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, Number(row.oldest)),
  }
}
