/**
 * The in-process job runner: every periodic and outbox job of the server is declared once, as a
 * `Job` (src/server/jobs.ts lists them all), and started here. A periodic job runs every `everyMs`
 * (and once `firstAfterMs` after start when given), one run at a time: a tick while the previous run
 * is still going is skipped. A failed run is logged as a warning (`failure` says what could not be
 * done) and the next tick tries again. A listener job runs when its event arrives (`start`). Timers
 * are unref'd, so they never keep the process alive.
 *
 * Every process runs every job: what makes a scheduled unit of work happen once across processes is
 * each job's claim in the database (`claim` names it: skip locked, an advisory lock, a unique key),
 * never this runner (docs/decisions/045-one-list-of-jobs.md).
 *
 * stop() stops claiming at once (timers cleared, the runs' AbortSignal aborted, which makes a batched
 * job return after the batch in hand, each job's own `stop` called, which makes an outbox refuse new
 * claims) and then resolves when the runs in progress have finished.
 */
import type { Logger } from '#server/logger.ts'

/** One finished run, for metrics (the `observe` hook of startJobs). `seconds` is wall time. */
export interface JobRun {
  job: string
  outcome: 'ok' | 'failed'
  seconds: number
}

/**
 * An outbox's backlog: rows waiting to be sent (`pending`), of those the ones due now (`due`), and
 * how long the oldest due row has waited past its due time, in seconds (0 when none is due).
 */
export interface OutboxDepth {
  pending: number
  due: number
  oldestDueAgeSeconds: number
}

interface JobBase {
  /** Unique, kebab-case: the log's and the metrics' name for the job. */
  name: string
  /**
   * How several processes share the job so that each unit of work is done once, in a few words
   * ('skip locked', 'advisory lock', 'unique key', ...): documentation, shown by listJobs().
   */
  claim: string
  /** What a failed run logs as its warning ("could not send daily digests"). */
  failure: string
  /** Stops claiming at once (synchronously, before its first await) and waits for work in hand. */
  stop?: () => Promise<void>
}

/** A job run on a timer. */
export interface PeriodicJob extends JobBase {
  kind: 'periodic' | 'outbox'
  /** Milliseconds between runs. */
  everyMs: number
  /** A first run this long after start; unset: the first run is `everyMs` after start. */
  firstAfterMs?: number
  /**
   * One run. `signal` is aborted when the runner stops (shutdown): a run that works in batches looks
   * at it between batches and returns, leaving the rest (unclaimed) to the next run of any process.
   */
  run: (signal: AbortSignal) => Promise<unknown>
  /** Outbox jobs: the backlog now (for metrics; not called by the runner itself). */
  depth?: () => Promise<OutboxDepth>
}

/** A job run when something happens (a NOTIFY), not on a timer. */
export interface ListenerJob extends JobBase {
  kind: 'listener'
  /** What starts a run, in a few words (documentation). */
  on: string
  /** Starts listening; `report` is called after every run. Returns what stops it. */
  start: (report: (outcome: JobRun['outcome'], seconds: number) => void) => { stop(): Promise<void> }
}

export type Job = PeriodicJob | ListenerJob

export interface JobRunner {
  readonly jobs: readonly Job[]
  /** Runs a periodic job now, outside its schedule (one run at a time, like a tick); resolves when it ends. */
  runNow(name: string): Promise<void>
  /** Stops claiming at once, then resolves when runs in progress have finished. Idempotent. */
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

/**
 * Starts every job of `jobs` in this process. `observe` is told of every finished run (name,
 * outcome, seconds): the metrics hook. Throws when two jobs share a name.
 */
export function startJobs(jobs: readonly Job[], options: { log: Logger; observe?: (run: JobRun) => void }): JobRunner {
  const { log, observe } = options
  const names = new Set<string>()
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`startJobs: two jobs are named ${job.name}`)
    names.add(job.name)
  }
  const report = (job: string, outcome: JobRun['outcome'], seconds: number) => {
    try {
      observe?.({ job, outcome, seconds })
    } catch (err) {
      log.warn(`could not record the run of job ${job}`, describeFailure(err))
    }
  }

  let stopped = false
  const stopping$ = new AbortController()
  const timers: NodeJS.Timeout[] = []
  const running = new Map<string, Promise<void>>()
  const listeners: { stop(): Promise<void> }[] = []

  const tick = (job: PeriodicJob): Promise<void> => {
    const current = running.get(job.name)
    if (current) return current
    if (stopped) return Promise.resolve()
    const started = performance.now()
    const run = job
      .run(stopping$.signal)
      .then(
        () => report(job.name, 'ok', (performance.now() - started) / 1000),
        (err) => {
          report(job.name, 'failed', (performance.now() - started) / 1000)
          log.warn(job.failure, describeFailure(err))
        },
      )
      .finally(() => running.delete(job.name))
    running.set(job.name, run)
    return run
  }

  for (const job of jobs) {
    if (job.kind === 'listener') {
      listeners.push(job.start((outcome, seconds) => report(job.name, outcome, seconds)))
      continue
    }
    const every = setInterval(() => void tick(job), job.everyMs)
    every.unref()
    timers.push(every)
    if (job.firstAfterMs !== undefined) {
      const first = setTimeout(() => void tick(job), job.firstAfterMs)
      first.unref()
      timers.push(first)
    }
  }

  let stopping: Promise<void> | undefined
  return {
    jobs,
    runNow(name) {
      const job = jobs.find((j) => j.name === name)
      if (!job || job.kind === 'listener') throw new Error(`runNow: no periodic job named ${name}`)
      return tick(job)
    },
    stop() {
      stopping ??= (async () => {
        stopped = true
        stopping$.abort()
        for (const timer of timers) clearTimeout(timer)
        // Every job's stop is called before any is awaited: all stop claiming at once.
        const stops = [
          ...jobs.map((job) => (job.kind !== 'listener' ? job.stop?.() : undefined)),
          ...listeners.map((listener) => listener.stop()),
        ]
        await Promise.all([...stops, ...running.values()].map((p) => Promise.resolve(p).catch(() => {})))
      })()
      return stopping
    },
  }
}

/** One line per job (name, schedule, claim), for the start log at debug and the docs. */
export function listJobs(jobs: readonly Job[]): string[] {
  return jobs.map((job) =>
    job.kind === 'listener'
      ? `${job.name}: on ${job.on}; ${job.claim}`
      : `${job.name}: every ${formatMs(job.everyMs)}${job.firstAfterMs !== undefined ? `, first after ${formatMs(job.firstAfterMs)}` : ''}; ${job.claim}`,
  )
}

function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`
  if (ms % 60_000 === 0) return `${ms / 60_000} min`
  return `${ms / 1000} s`
}
