/**
 * Entry point: read config -> open database -> migrate -> seed demo data -> listen.
 * Exits 1 with a message naming what failed (a config variable, the database URL).
 * SIGTERM and SIGINT finish in-flight requests, close the database and exit 0.
 */
import path from 'node:path'
import { ConfigError, loadConfig } from './config'
import { createLogger } from './logger'
import { redactUrl, startServer, StartupError } from './server'

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
  const log = createLogger(config.LOG_LEVEL)
  const started = performance.now()
  let running
  try {
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
    process.stdout.write(`\nDemo accounts (sign in at ${running.url}/auth):\n${lines.join('\n')}\n${outbox}\n`)
  } else if (config.DEV_MAIL) {
    log.info(`Local development outbox: ${running.url}/dev/mail (DEV_MAIL=true, this computer only)`)
  }

  const shutdown = (signal: string) => {
    log.info(`${signal} received: finishing in-flight requests, then closing the database`)
    running
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        log.error('shutdown failed', err)
        process.exit(1)
      })
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

main().catch((err) => {
  process.stderr.write(`Homeward failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
