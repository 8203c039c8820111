/**
 * Entry point: read config -> open database -> migrate -> seed demo data -> listen. A first start on
 * the embedded database does the middle steps in a child process first (prepareInChild).
 * Exits 1 with a message naming what failed (a config variable, the database URL).
 * SIGTERM and SIGINT shut down within SHUTDOWN_DEADLINE_MS (server.ts close(): readiness fails, live
 * streams end, jobs stop claiming, in-flight requests finish or are cut at the deadline), close the
 * database and exit 0.
 */
// First: with OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before any other module is evaluated.
import { shutdownTelemetry } from './telemetry'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ConfigError, loadConfig, type Config } from './config'
import { createLogger, defaultLogFormat, type Logger } from './logger'
import { embeddedDatabaseIsNew, openDatabase, prepareDatabase, redactUrl, startServer, StartupError } from './server'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }
  const format = config.LOG_FORMAT ?? defaultLogFormat(config.NODE_ENV, process.stdout.isTTY)
  const log = createLogger(config.LOG_LEVEL, { format })
  const started = performance.now()
  if (process.env[PREPARE_ONLY] === 'true') {
    // The child's info lines would repeat the parent's (which runs the same steps again, finding
    // them done): it reports warnings and errors only, or everything at debug.
    await prepareOnly(config, config.LOG_LEVEL === 'info' ? createLogger('warn', { format }) : log)
    process.exit(0)
  }
  let running
  try {
    if (embeddedDatabaseIsNew(config)) await prepareInChild()
    running = await startServer({ config, log })
  } catch (err) {
    if (err instanceof StartupError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  // The start log at info: this line, the database, the demo accounts; nothing else.
  const database = config.DATABASE_URL
    ? `PostgreSQL at ${redactUrl(config.DATABASE_URL)}`
    : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
  log.info(`Homeward is running at ${running.url} (ready in ${seconds} s)`)
  log.info(`Database: ${database}`)
  if (running.demoSeeded) {
    const { DEMO_ACCOUNTS } = await import('./seed')
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(12)} ${a.email.padEnd(40)} ${a.password}`)
    const outbox = config.DEV_MAIL
      ? `Emails are kept in a local development outbox at ${running.url}/dev/mail (DEV_MAIL=true, this computer only).\n`
      : ''
    // For a person, a block to read; in a JSON log, one line like every other.
    if (format === 'pretty')
      process.stdout.write(`\nDemo accounts (sign in at ${running.url}/auth):\n${lines.join('\n')}\n${outbox}\n`)
    else {
      const accounts = DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }))
      log.info(`Demo accounts (sign in at ${running.url}/auth)`, { accounts })
      if (config.DEV_MAIL)
        log.info(`Local development outbox: ${running.url}/dev/mail (DEV_MAIL=true, this computer only)`)
    }
  } else if (config.DEV_MAIL) {
    log.info(`Local development outbox: ${running.url}/dev/mail (DEV_MAIL=true, this computer only)`)
  }

  const shutdown = (signal: string) => {
    const deadline = config.SHUTDOWN_DEADLINE_MS
    log.info(
      `${signal} received: draining (not ready, live streams ended, jobs stopped); finishing in-flight requests within ${deadline / 1000} s, then closing the database`,
    )
    // The last resort: whatever hangs after the deadline (a database that does not close), exit anyway.
    setTimeout(() => {
      log.error(`shutdown did not finish ${deadline / 1000 + 5} s after ${signal}: exiting`)
      process.exit(1)
    }, deadline + 5_000).unref()
    running
      // Ctrl-C at a terminal has no proxy to drain for: it stops at once.
      .close({ drain: signal !== 'SIGINT' })
      .then(() => shutdownTelemetry())
      .then(() => process.exit(0))
      .catch((err) => {
        log.error('shutdown failed', err)
        process.exit(1)
      })
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

/**
 * Set (to 'true') on the child process of a first start: it builds the database and exits. Internal,
 * not a setting.
 */
const PREPARE_ONLY = 'HOMEWARD_PREPARE_DATABASE_ONLY'

/**
 * A first start on the embedded database builds it (created from the template, migrated, the demo
 * data loaded) in a short-lived child process running this same entry point, then opens the finished
 * database as any later start does. What building it leaves behind (PGlite's WebAssembly memory
 * touched by the writes, the seed's garbage: about 35 MB, docs/benchmarks.md "Memory after start")
 * then goes with the child instead of staying in the server for its whole life. The child's log
 * lines are the start's. Throws StartupError when the child fails (it has printed why).
 */
async function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY]: 'true' },
    stdio: 'inherit',
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new StartupError(`Building the embedded database failed (exit ${code})`)
}

/** The child's part of prepareInChild: open, migrate and seed the database, then close it. */
async function prepareOnly(config: Config, log: Logger): Promise<void> {
  try {
    const database = await openDatabase(config, log)
    const { mail } = await prepareDatabase({ config, log, database, seed: config.SEED_DEMO })
    await mail.close()
    await database.close()
  } catch (err) {
    if (err instanceof StartupError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }
}

main().catch((err) => {
  process.stderr.write(`Homeward failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
