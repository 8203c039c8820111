/**
 * The drain loop of an outbox sent batch by batch (the mail outbox, platform/mail/mail-worker.ts;
 * the webhook outbox keeps the `OutboxDrain` shape but claims per endpoint and sends side by side
 * without waiting for a batch: features/api-access/webhook-worker.ts). Each supplies `drainOnce`: claim a batch of due rows
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

/** The outbox tables (db/schema/mail.ts, db/schema/api-access.ts), by the name metrics give them. */
export const OUTBOX_TABLES = { mail: 'mail_outbox', webhooks: 'webhook_deliveries' } as const
export type OutboxName = keyof typeof OUTBOX_TABLES

/**
 * The backlog of every outbox in one statement (the metrics read it at each scrape; each outbox job
 * declares its own through `depth`). Reads only pending rows, which the partial indexes on
 * next_attempt_at where status = 'pending' cover, never the sent history.
 */
export async function outboxDepths(
  database: Database,
  names: readonly OutboxName[] = ['mail', 'webhooks'],
): Promise<Record<OutboxName, OutboxDepth>> {
  const sql = names
    .map(
      (name) =>
        `select '${name}' as outbox, count(*)::int as pending,
           count(*) filter (where next_attempt_at <= now())::int as due,
           coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8 as age
         from ${OUTBOX_TABLES[name]} where status = 'pending'`,
    )
    .join(' union all ')
  const rows = await database.query<{
    outbox: OutboxName
    pending: number | string
    due: number | string
    age: number | string
  }>(sql)
  const depths = {
    mail: { pending: 0, due: 0, oldestDueAgeSeconds: 0 },
    webhooks: { pending: 0, due: 0, oldestDueAgeSeconds: 0 },
  }
  for (const row of rows) {
    depths[row.outbox] = {
      pending: Number(row.pending),
      due: Number(row.due),
      oldestDueAgeSeconds: Math.max(0, Number(row.age)),
    }
  }
  return depths
}

/** The backlog of one outbox (see outboxDepths). */
export async function outboxDepth(database: Database, name: OutboxName): Promise<OutboxDepth> {
  return (await outboxDepths(database, [name]))[name]
}
