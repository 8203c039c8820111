/**
 * PDTF schema checks away from the event loop, within a time budget. One worker thread
 * (schema-check-worker.ts) checks one pack at a time, so that however many imports arrive, schema
 * checks take at most one core and the event loop none: the server keeps answering everyone else.
 * Each pack gets `checkMs` for the quick check (early exit) and `describeMs` more for the full list
 * of its problems (DEFAULT_BUDGET); a pack that runs out of time, or makes the validator crash (a
 * stack overflow, running out of memory), has its worker ended (a new one starts for the next pack)
 * and is answered with what is known. At most `maxWaiting` packs wait; more are refused with 429.
 * Why a worker and these numbers: docs/decisions/048-import-budget.md.
 */
import type { Worker } from 'node:worker_threads'
import { RateLimitedError } from '#server/core/errors.ts'
import { startModuleWorker } from '#server/platform/module-worker.ts'
import type { SchemaCheckMessage } from './schema-check-worker'

/** What the check found. `complete` is false when only the first problems are known. */
export type SchemaCheck =
  | { kind: 'valid' }
  | { kind: 'invalid'; errors: string[]; complete: boolean }
  | { kind: 'unchecked'; reason: 'timeout' | 'crashed' }

export type SchemaCheckBudget = {
  /** Milliseconds for the quick check, from the moment the worker takes the pack. */
  checkMs: number
  /** Milliseconds more for the full list of problems, once the quick check has found one. */
  describeMs: number
  /** Packs that may wait for the worker; one more is refused (RateLimitedError, 429). */
  maxWaiting: number
  /** An idle worker ends after this long (its memory, about 40 MB, is given back). */
  idleMs: number
}

/**
 * Measured here (docs/decisions/048-import-budget.md): a pack at the shape limits checks in at most
 * about 0.5 s of CPU, the published example in 10 to 20 ms; the full error list of a hostile pack
 * within the limits takes up to 0.5 s, of which its first errors are enough. The budgets are wall
 * time, so they leave room (10 to 20 times) for a machine busy with other work.
 */
export const DEFAULT_BUDGET: SchemaCheckBudget = { checkMs: 5_000, describeMs: 500, maxWaiting: 8, idleMs: 60_000 }

/**
 * The worker's heap and stack. The heap holds the schema (1.4 MB of JSON) and its two validators,
 * about 30 MB, and a pack's errors. The stack is the size of the main thread's (about 1 MB), on which
 * the validator ran before: a pack whose errors overflow it (pack-shape.ts keeps real packs far from
 * that) fails fast, where a larger stack would let it first fill the heap with errors for seconds.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 192, stackSizeMb: 1 }

type Job = {
  id: number
  json: string
  first?: string[]
  timer?: NodeJS.Timeout
  resolve: (result: SchemaCheck) => void
  reject: (err: unknown) => void
}

/** One worker and its queue; `checkPdtfSchema` uses the server's, tests make their own. */
export class SchemaChecker {
  private worker: Worker | null = null
  private starting: Promise<Worker> | null = null
  private readonly waiting: Job[] = []
  private current: Job | null = null
  private nextId = 1
  private idleTimer: NodeJS.Timeout | undefined

  constructor(private readonly budget: SchemaCheckBudget = DEFAULT_BUDGET) {}

  /**
   * Checks `pack` (parsed JSON, within pack-shape.ts's limits) against the PDTF v3 schema.
   * Throws RateLimitedError when `maxWaiting` packs already wait, and the worker's own error when
   * it cannot start (a broken build: a 500, not the pack's fault).
   */
  check(pack: unknown): Promise<SchemaCheck> {
    if (this.waiting.length >= this.budget.maxWaiting) {
      throw new RateLimitedError('Many property packs are being checked just now. Try again in a few seconds.', 5)
    }
    let json: string
    try {
      json = JSON.stringify(pack)
    } catch {
      // Deeper than JSON.stringify's stack (pack-shape.ts refuses such a pack first).
      return Promise.resolve({ kind: 'unchecked', reason: 'crashed' })
    }
    return new Promise<SchemaCheck>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, json, resolve, reject })
      this.pump()
    })
  }

  /** Ends the worker (tests, and a server that stops); packs still waiting get an error. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer)
    const jobs = [...(this.current ? [this.current] : []), ...this.waiting.splice(0)]
    this.current = null
    for (const job of jobs) {
      clearTimeout(job.timer)
      job.reject(new Error('The PDTF schema checker was closed'))
    }
    const worker = this.worker
    this.worker = null
    this.starting = null
    if (worker) await worker.terminate()
  }

  private pump(): void {
    if (this.current || !this.waiting.length) return
    clearTimeout(this.idleTimer)
    const job = this.waiting.shift()!
    this.current = job
    this.start().then(
      (worker) => {
        if (this.current !== job) return
        job.timer = setTimeout(() => this.outOfTime(job), this.budget.checkMs)
        worker.postMessage({ id: job.id, json: job.json })
      },
      (err: unknown) => {
        // The worker could not start: every pack waiting gets the same error.
        for (const waiting of [job, ...this.waiting.splice(0)]) waiting.reject(err)
        this.current = null
      },
    )
  }

  /** The running worker, or a new one once it says it is ready. */
  private start(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker)
    this.starting ??= new Promise<Worker>((resolve, reject) => {
      const worker = startModuleWorker(new URL('./schema-check-worker.ts', import.meta.url), 'pdtf-schema-worker', {
        resourceLimits: WORKER_LIMITS,
      })
      // A worker never keeps the process alive: a server that stops does not wait for it.
      worker.unref()
      let ready = false
      worker.on('message', (message: SchemaCheckMessage) => {
        if (message.kind === 'ready') {
          ready = true
          this.worker = worker
          this.starting = null
          resolve(worker)
        } else if (this.worker === worker) this.onMessage(message)
      })
      worker.on('error', (err) => {
        if (!ready) {
          this.starting = null
          reject(err)
        } else this.onCrash(worker)
      })
      worker.on('exit', () => {
        if (!ready) {
          this.starting = null
          reject(new Error('The PDTF schema worker stopped before it was ready'))
        } else this.onCrash(worker)
      })
    })
    return this.starting
  }

  private onMessage(message: Exclude<SchemaCheckMessage, { kind: 'ready' }>): void {
    const job = this.current
    if (!job || message.id !== job.id) return
    switch (message.kind) {
      case 'valid':
        return this.finish(job, { kind: 'valid' })
      case 'first':
        job.first = message.errors
        clearTimeout(job.timer)
        job.timer = setTimeout(() => this.outOfTime(job), this.budget.describeMs)
        return
      case 'all':
        return this.finish(job, { kind: 'invalid', errors: message.errors, complete: true })
      case 'crashed':
        return this.finish(job, this.whatIsKnown(job, 'crashed'))
    }
  }

  /** The worker died (out of memory, say) while it held `job`: answer it; the next pack gets a new worker. */
  private onCrash(worker: Worker): void {
    if (this.worker !== worker) return
    this.worker = null
    const job = this.current
    if (job) this.finish(job, this.whatIsKnown(job, 'crashed'))
  }

  /** The pack ran out of time: end the worker (stopping its check) and answer with what is known. */
  private outOfTime(job: Job): void {
    if (this.current !== job) return
    const worker = this.worker
    this.worker = null
    void worker?.terminate()
    this.finish(job, this.whatIsKnown(job, 'timeout'))
  }

  private whatIsKnown(job: Job, reason: 'timeout' | 'crashed'): SchemaCheck {
    return job.first ? { kind: 'invalid', errors: job.first, complete: false } : { kind: 'unchecked', reason }
  }

  private finish(job: Job, result: SchemaCheck): void {
    clearTimeout(job.timer)
    if (this.current === job) this.current = null
    job.resolve(result)
    this.pump()
    if (!this.current && this.worker) {
      clearTimeout(this.idleTimer)
      const worker = this.worker
      this.idleTimer = setTimeout(() => {
        if (this.worker !== worker || this.current) return
        this.worker = null
        void worker.terminate()
      }, this.budget.idleMs)
      this.idleTimer.unref()
    }
  }
}

let shared: SchemaChecker | null = null

/**
 * Checks a pack from outside against the PDTF v3 schema in the server's one schema worker, within
 * DEFAULT_BUDGET. The pack must already be within pack-shape.ts's limits. Errors as `SchemaChecker.check`.
 */
export function checkPdtfSchema(pack: unknown): Promise<SchemaCheck> {
  shared ??= new SchemaChecker()
  return shared.check(pack)
}
