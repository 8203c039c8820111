/**
 * Starts Homeward: open the database -> listen (liveness answers, readiness says 'migrating', the
 * API 503) -> migrate -> seed demo data -> serve the app -> start the jobs (jobs.ts). Used by main.ts
 * and by tests that need a real server process. `close()` shuts down within SHUTDOWN_DEADLINE_MS
 * (the order: docs/decisions/045-one-list-of-jobs.md and the architecture review, section 9).
 */
import { existsSync, mkdirSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import path from 'node:path'
import { bankHolidayDataWarning, londonDate } from '#shared/domain/working-days.ts'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app'
import { createAuth } from './auth/auth'
import type { Config } from './config'
import { sandboxPartners, sandboxWarning } from './config/partners'
import { openPglite, openPostgres, type Database } from './db/client'
import { migrateAsOwner } from './db/migrate-as-owner'
import { PGLITE_TEMPLATE } from './db/pglite-template'
import { configureAuditSigning, signUnsignedChainHeads } from '#server/core/audit/audit-signing.ts'
import { createSandboxWebhookDispatcher } from './providers/webhooks/sandbox-webhooks'
import { configureEncryption } from './platform/encryption/envelope'
import type { Logger } from './logger'
import { createMailService } from './platform/mail/mail-service'
import { createRealtimeHub } from './platform/realtime/realtime-hub'
import { storageFor } from './platform/storage'
import { errorBody } from './http/errors'
import { serverJobs } from './jobs'
import { listJobs, startJobs, type JobRun, type JobRunner } from './platform/jobs/job-runner'
import { createLifecycle, liveness, readiness, type Lifecycle } from './platform/lifecycle'
import { observeJobRun } from './platform/observability/metrics'

export class StartupError extends Error {}

export interface RunningServer {
  url: string
  port: number
  database: Database
  /** Whether the demo accounts are there to print: never with NODE_ENV=production. */
  demoSeeded: boolean
  /** Migrated, draining, listening: what GET /api/health/ready answers from. */
  lifecycle: Lifecycle
  /** The background jobs of this process (jobs.ts), running. */
  jobs: JobRunner
  /**
   * Shuts down: readiness fails at once (draining), jobs stop claiming, live streams get `event:
   * shutdown` and end; for up to SHUTDOWN_DRAIN_MS (unless `drain: false`) requests are still served,
   * each closing its connection after it, until no connection is open; then no new connection is
   * accepted and in-flight requests finish; SHUTDOWN_DEADLINE_MS after the start the connections
   * left are closed whatever the clients do. Then the jobs' runs in progress get what is left of the
   * deadline, and the live connection, mail and the database close. Idempotent.
   */
  close(options?: { drain?: boolean }): Promise<void>
}

/**
 * The line logged at start in production instead of the demo data: no demo accounts (their password
 * is published) and no seeded directory (its firms, metrics and reviews are made up: decision 068).
 */
export const NO_DEMO_IN_PRODUCTION =
  'Demo data is not created with NODE_ENV=production: no demo accounts (their password is published) and no made-up directory firms, metrics or reviews (the directory starts empty)'

/** Hides the password of a database URL for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparseable URL)'
  }
}

/** Opens the configured database and checks it answers; throws StartupError naming the URL that failed. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openPostgres(config.DATABASE_URL, {
      max: config.DB_POOL_MAX,
      onError: (err) => log.warn('database connection lost', err.message),
    })
    try {
      await database.ping()
    } catch (err) {
      await database.close().catch(() => {})
      throw new StartupError(
        `Could not connect to the database at ${redactUrl(config.DATABASE_URL)}: ${err instanceof Error ? err.message : String(err)}`,
      )
    }
    return database
  }
  const dir = path.join(config.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  try {
    return await openPglite({ dataDir: dir, template: PGLITE_TEMPLATE })
  } catch (err) {
    throw new StartupError(
      `Could not open the embedded database in ${dir}: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
}

/**
 * What every start does to the database before it serves: migrations, the audit-signing and
 * encryption keys, signing old audit chain heads, and the demo data when `seed` (idempotent; never in
 * production: decision 068). Returns the mail service (its worker not started) and auth.
 */
export async function prepareDatabase(options: { config: Config; log: Logger; database: Database; seed: boolean }) {
  const { config, log, database, seed } = options
  await migrateAsOwner({ config, database, log })
  configureAuditSigning(config.auditSigningKey)
  configureEncryption(config.dataEncryptionKeys)
  const signedHeads = await signUnsignedChainHeads(database)
  if (signedHeads) log.info(`Signed the audit chain heads of ${signedHeads} moves written before checkpoints existed`)
  const mail = createMailService({ config, database, log })
  const auth = createAuth({ database, config, log, mail })
  const production = config.NODE_ENV === 'production'
  if (production) log.info(NO_DEMO_IN_PRODUCTION)
  // Production shows nothing fictional: neither the demo accounts nor the made-up directory (decision 068).
  if (seed && !production) {
    const { seedDemoData } = await import('./seed')
    await seedDemoData({
      database,
      auth,
      log,
      storage: storageFor(config),
      publicUrl: config.publicUrl,
    })
  }
  return { mail, auth }
}

/** Whether the embedded database of `config` has yet to be created (always false on PostgreSQL). */
export function embeddedDatabaseIsNew(config: Config): boolean {
  return !config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))
}

/**
 * Starts the server. `seed` loads the demo data (idempotent); defaults to config.SEED_DEMO. Never in
 * production: the demo accounts' password is in the README, so there they would be anyone's, and the
 * directory's firms, metrics and reviews are made up (decision 068). `observeJob` is told of every job run (name, outcome, seconds); by default the
 * Prometheus counters of /metrics (platform/observability/metrics.ts).
 */
export async function startServer(options: {
  config: Config
  log: Logger
  database?: Database
  seed?: boolean
  observeJob?: (run: JobRun) => void
}): Promise<RunningServer> {
  const { config, log } = options
  const database = options.database ?? (await openDatabase(config, log))
  const lifecycle = createLifecycle()
  // Listening before the migrations: an orchestrator sees the process live (and not ready) while
  // they run, however long they take. Until the app is built every other request gets 503.
  const serving: { app?: ReturnType<typeof createApp> } = {}
  let built: (app: ReturnType<typeof createApp>) => void = () => {}
  const appBuilt = new Promise<ReturnType<typeof createApp>>((resolve) => (built = resolve))
  let server: ServerType
  try {
    server = await new Promise((resolve, reject) => {
      const s = serve(
        {
          fetch: (request, env) =>
            serving.app ? serving.app.fetch(request, env) : whileStarting(request, lifecycle, appBuilt, env),
          port: config.PORT,
          hostname: config.HOST,
        },
        () => resolve(s),
      )
      s.once('error', reject)
    })
  } catch (err) {
    await database.close().catch(() => {})
    throw err
  }
  // While draining, every answer closes its connection after it (SHUTDOWN_DRAIN_MS): a proxy then
  // ends its kept-alive connection itself, between requests.
  server.prependListener('request', (_req, res) => {
    if (lifecycle.draining) res.setHeader('Connection', 'close')
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  const url = config.PORT === 0 ? `http://localhost:${port}` : config.publicUrl

  const seed = options.seed ?? config.SEED_DEMO
  const demoSeeded = seed && config.NODE_ENV !== 'production'
  let mail, auth, realtime
  try {
    ;({ mail, auth } = await prepareDatabase({ config, log, database, seed }))
    realtime = createRealtimeHub({ database, databaseUrl: config.DATABASE_URL, log })
    await realtime.ready
  } catch (err) {
    await closeHttp(server as HttpServer, 0, log)
    await database.close().catch(() => {})
    throw err
  }
  // Production runs a sandbox partner only by the opt-in (config.ts): the start log says which, every start.
  const sandbox = sandboxPartners(config)
  if (config.NODE_ENV === 'production' && config.SANDBOX_PARTNERS && sandbox.length) log.warn(sandboxWarning(sandbox))
  // A year before the bank holiday list ends, every start says so (the clocks never run past it silently).
  const holidays = bankHolidayDataWarning(londonDate(new Date()))
  if (holidays) log.warn(holidays)
  const hub = realtime
  lifecycle.watchListening(() => hub.isListening())
  const sandboxWebhooks = createSandboxWebhookDispatcher({ secret: config.providerWebhookSecret, log })
  serving.app = createApp({ database, auth, config, log, mail, realtime, sandboxWebhooks, lifecycle })
  built(serving.app)
  lifecycle.markMigrated()

  const jobs = startJobs(serverJobs({ config, database, log, mail, storage: storageFor(config) }), {
    log,
    observe: options.observeJob ?? observeJobRun,
  })
  log.debug(`jobs:\n  ${listJobs(jobs.jobs).join('\n  ')}`)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    database,
    demoSeeded,
    lifecycle,
    jobs,
    close(options = {}) {
      closing ??= (async () => {
        const deadline = performance.now() + config.SHUTDOWN_DEADLINE_MS
        const left = () => Math.max(0, deadline - performance.now())
        lifecycle.startDraining()
        // Jobs stop claiming now; their runs in progress are awaited below.
        const jobsStopped = jobs.stop()
        // Live streams never finish by themselves: ended first, so that they do not hold the close.
        hub.endStreams()
        const drainMs = options.drain === false ? 0 : Math.min(config.SHUTDOWN_DRAIN_MS, config.SHUTDOWN_DEADLINE_MS)
        await drainConnections(server as HttpServer, drainMs)
        await closeHttp(server as HttpServer, left(), log)
        if (!(await within(jobsStopped, left()))) {
          log.warn('shutdown deadline passed with a job still running: it is cut off')
        }
        await within(auth.mailIdle(), left())
        await hub.close()
        await mail.close()
        await database.close()
      })()
      return closing
    },
  }
}

/**
 * Stops accepting connections, closes idle keep-alive ones as they become idle, and after
 * `deadlineMs` closes every connection left (a slow upload, a client that never reads); resolves when
 * the server has closed.
 */
function closeHttp(server: HttpServer, deadlineMs: number, log: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    // A connection becomes idle when its response ends (a live stream just ended, a request done).
    const sweep = setInterval(() => server.closeIdleConnections(), 50)
    const force = setTimeout(() => {
      log.warn('shutdown: SHUTDOWN_DEADLINE_MS has passed; closing the connections still open')
      server.closeAllConnections()
    }, deadlineMs)
    server.close(() => {
      clearInterval(sweep)
      clearTimeout(force)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/**
 * The drain before the listener closes: keeps serving (each answer with `Connection: close`, see the
 * request listener above) until no connection is open or `ms` have passed. Closing the listener at
 * once would also close the idle kept-alive connections (Node's server.close()), racing a proxy that
 * is writing its next request to one of them: it answers its client 502 for a POST it cannot safely
 * resend. Polls the connection count every 50 ms.
 */
async function drainConnections(server: HttpServer, ms: number): Promise<void> {
  const until = performance.now() + ms
  while (performance.now() < until) {
    const open = await new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)))
    if (open === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Waits for `work` at most `ms`; true when it finished (or failed) in time. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  const done = work.then(
    () => true as const,
    () => true as const,
  )
  try {
    return await Promise.race([done, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** How long a request that arrives while the database is being prepared waits for the app (ms). */
const START_WAIT_MS = 15_000

/**
 * The answer while the database is being prepared: alive, not ready; any other request waits for the
 * app (up to START_WAIT_MS) and is then served, so that a proxy that sends traffic to a process as
 * soon as it accepts connections (nginx has no readiness checks) loses nothing during a restart;
 * after the wait, 503 with Retry-After.
 */
async function whileStarting(
  request: Request,
  lifecycle: Lifecycle,
  appBuilt: Promise<ReturnType<typeof createApp>>,
  env: unknown,
): Promise<Response> {
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' }
  const path = new URL(request.url).pathname
  if (path === '/api/health/live') return new Response(JSON.stringify(liveness()), { headers })
  if (path === '/api/health/ready') {
    // Not built yet: the lifecycle says 'migrating' until the database is ready.
    const answer = readiness(lifecycle)
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers })
  }
  let timer: NodeJS.Timeout | undefined
  const app = await Promise.race([
    appBuilt,
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), START_WAIT_MS))),
  ])
  clearTimeout(timer)
  if (app) return app.fetch(request, env)
  return new Response(
    JSON.stringify(
      errorBody('database_unavailable', 'Homeward is starting: its database is being prepared. Try again in a moment.'),
    ),
    { status: 503, headers: { ...headers, 'retry-after': '5' } },
  )
}
