/**
 * A job run in the server's process every `everyMs` (and once `firstAfterMs` after start when
 * given), one run at a time: a tick while the previous run is still going is skipped. A failed run
 * is logged as a warning (`failure` says what could not be done) and the next tick tries again.
 * Timers are unref'd, so they never keep the process alive; stop() clears them and waits for a run
 * in progress. Used by the daily digests, the SLA clock checks and the nightly accreditation run.
 */
import type { Logger } from '#server/logger.ts'

export interface PeriodicJob {
  stop(): Promise<void>
}

/**
 * What a failed run logs: the error's message, and the database's own message when the error wraps
 * one (the query builder's "Failed query: <SQL>" says which statement, its cause says why).
 */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err)
  const cause = err.cause instanceof Error ? err.cause.message : undefined
  if (!cause) return err.message
  const statement = err.message.replace(/\s+/g, ' ').slice(0, 160)
  return `${cause} (${statement}${err.message.length > 160 ? '…' : ''})`
}

export function startPeriodicJob(options: {
  run: () => Promise<void>
  everyMs: number
  firstAfterMs?: number
  log: Logger
  failure: string
}): PeriodicJob {
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= options
      .run()
      .catch((err) => options.log.warn(options.failure, describeFailure(err)))
      .finally(() => (running = undefined))
  }
  const timer = setInterval(tick, options.everyMs)
  timer.unref()
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs)
  first?.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
