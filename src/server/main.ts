/**
 * Entry point: read config -> open database -> migrate -> seed demo data -> listen.
 * Exits 1 with a message naming what failed (a config variable, the database URL).
 * SIGTERM and SIGINT finish in-flight requests, close the database and exit 0.
 */
import { ConfigError, loadConfig } from './config'
import { createLogger } from './logger'
import { startServer, StartupError } from './server'

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
  log.info(`Homeward is running at ${running.url} (database: ${running.database.kind}, ready in ${seconds} s)`)
  if (config.SEED_DEMO) {
    const { DEMO_ACCOUNTS } = await import('./db/seed')
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(12)} ${a.email.padEnd(40)} ${a.password}`)
    process.stdout.write(`\nDemo accounts (sign in at ${running.url}/auth):\n${lines.join('\n')}\n\n`)
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
