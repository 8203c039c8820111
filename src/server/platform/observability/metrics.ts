/**
 * The server's Prometheus metrics (prom-client), served at GET /metrics (http/metrics-endpoint.ts):
 *
 *   http_server_request_duration_seconds{method,route,status}  histogram of answered requests; route
 *       is the route pattern (`/api/transactions/:txId`), never the raw path; a live stream counts
 *       until its headers are sent
 *   homeward_db_pool_connections{state="total"|"idle"|"waiting"}  node-postgres pool (PostgreSQL only)
 *   homeward_sse_clients                                         live streams open in this process
 *   homeward_outbox_pending{outbox="mail"|"webhooks"}           rows waiting to be sent
 *   homeward_outbox_due{outbox}                                  of those, due now
 *   homeward_outbox_oldest_due_age_seconds{outbox}              how long the oldest due row has waited (0: none)
 *   homeward_job_runs_total{job,outcome="ok"|"failed"}          periodic and outbox job runs
 *   homeward_job_duration_seconds{job,outcome}                  their durations
 *   process_*, nodejs_*                                          prom-client's default process metrics
 *
 * The outbox figures are read from the database at each scrape (one query on the two partial "due"
 * indexes); the pool and stream figures from memory. Job metrics are per process (each process runs
 * its share of jobs); the job runner reports each run through observeJobRun.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '#server/db/client.ts'
import { outboxDepths } from '#server/platform/jobs/outbox.ts'
import type { JobRun } from '#server/platform/jobs/job-runner.ts'

/** Seconds: from a quick JSON answer to a slow upload or PDF. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300]

/** What is per process rather than per app: default metrics and job runs. */
const processRegistry = new Registry()
collectDefaultMetrics({ register: processRegistry })

const jobRuns = new Counter({
  name: 'homeward_job_runs_total',
  help: 'Runs of periodic and outbox jobs in this process, by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
})
const jobDuration = new Histogram({
  name: 'homeward_job_duration_seconds',
  help: 'Duration of job runs in this process, by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [processRegistry],
})

/** Counts a job run and records its duration: the job runner's `observe` hook. */
export function observeJobRun({ job, outcome, seconds }: JobRun): void {
  jobRuns.inc({ job, outcome })
  jobDuration.observe({ job, outcome }, seconds)
}

export interface AppMetrics {
  /** Records one answered request (http/request-context.ts). */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void
  /** The Prometheus text exposition of every metric, and its content type. */
  render(): Promise<{ contentType: string; body: string }>
}

/**
 * The metrics of one app: its request histogram, its database pool and outboxes, its live streams
 * (`sseClients()`: the realtime hub's subscription count, one per open stream), plus the process's.
 */
export function createAppMetrics(options: { database: Database; sseClients: () => number }): AppMetrics {
  const { database, sseClients } = options
  const registry = new Registry()
  const requests = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of answered HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })
  const pool = database.pool
  if (pool) {
    new Gauge({
      name: 'homeward_db_pool_connections',
      help: 'node-postgres pool connections: total open, idle, and callers waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
  }
  new Gauge({
    name: 'homeward_sse_clients',
    help: 'Live event streams open in this process.',
    registers: [registry],
    collect() {
      this.set(sseClients())
    },
  })
  const pending = new Gauge({
    name: 'homeward_outbox_pending',
    help: 'Outbox rows waiting to be sent (pending), by outbox.',
    labelNames: ['outbox'] as const,
    registers: [registry],
  })
  const due = new Gauge({
    name: 'homeward_outbox_due',
    help: 'Outbox rows due to be sent now, by outbox.',
    labelNames: ['outbox'] as const,
    registers: [registry],
  })
  const age = new Gauge({
    name: 'homeward_outbox_oldest_due_age_seconds',
    help: 'Seconds the oldest due outbox row has been waiting (0 when none is due), by outbox.',
    labelNames: ['outbox'] as const,
    registers: [registry],
  })
  // Every outbox figure in one query, once per scrape (platform/jobs/outbox.ts: the same reading
  // the outbox jobs declare as their depth).
  async function readOutboxes() {
    const depths = await outboxDepths(database)
    for (const [outbox, depth] of Object.entries(depths)) {
      pending.set({ outbox }, depth.pending)
      due.set({ outbox }, depth.due)
      age.set({ outbox }, depth.oldestDueAgeSeconds)
    }
  }

  return {
    observeRequest({ method, route, status, seconds }) {
      requests.observe({ method, route, status: String(status) }, seconds)
    },
    async render() {
      await readOutboxes()
      const body = `${await registry.metrics()}\n${await processRegistry.metrics()}`
      return { contentType: registry.contentType, body }
    },
  }
}
