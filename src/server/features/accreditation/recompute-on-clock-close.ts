/**
 * Recomputes a firm's accreditation when one of its SLA clocks stops (met or missed) or reopens, so
 * that "SLA met on more than 70% of deadlines" follows the clocks without waiting for the nightly
 * run (decision 020). The trigger of migration 0019 NOTIFYs the firm when the clock's transaction
 * commits (never for a rolled-back write); this collects the firms and, `delayMs` after the first
 * of a burst, recomputes all of them in one engine run (source 'change'). Firms arriving while a
 * run is going wait for the next one, so a burst of closings costs one or two runs, never one each.
 */
import { onSlaClockClosed, type Database } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'

export interface ClockCloseRecompute {
  /** Runs what is pending now and waits for it (and for a run in progress). */
  flush(): Promise<void>
  /** Stops listening; waits for a run in progress (pending firms are left to the nightly run). */
  stop(): Promise<void>
}

/**
 * Starts listening for closed clocks; `delayMs` (default 2 s) is how long a burst may gather.
 * `report` is told of every run's outcome and wall time in seconds (the job list's metrics hook).
 */
export function startClockCloseRecompute(options: {
  database: Database
  log: Logger
  delayMs?: number
  report?: (outcome: 'ok' | 'failed', seconds: number) => void
}): ClockCloseRecompute {
  const delayMs = options.delayMs ?? 2_000
  const pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(() => void drain(), delayMs).unref()
  }

  /** One run at a time: what gathers during a run goes in the next one. */
  const drain = async (): Promise<void> => {
    timer = undefined
    while (running) await running
    if (pending.size === 0 || stopped) return
    const organizationIds = [...pending]
    pending.clear()
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    running = options.database.db
      .transaction((tx) => recomputeAccreditation(tx, { organizationIds, source: 'change' }))
      .then((r) => {
        options.report?.('ok', seconds())
        options.log.debug(`accreditation recomputed after SLA clocks closed: ${r.organizations} firms`)
      })
      .catch((err) => {
        options.report?.('failed', seconds())
        options.log.warn(
          'could not recompute accreditation after SLA clocks closed',
          err instanceof Error ? err.message : err,
        )
      })
      .finally(() => {
        running = undefined
      })
    await running
  }

  const unsubscribe = onSlaClockClosed((organizationId) => {
    if (stopped) return
    pending.add(organizationId)
    schedule()
  })

  return {
    async flush() {
      if (timer) clearTimeout(timer)
      await drain()
    },
    async stop() {
      stopped = true
      unsubscribe()
      if (timer) clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
