/**
 * Starts Homeward: open the database -> migrate -> seed demo data -> listen. Used by main.ts and by
 * tests that need a real server process. `close()` stops accepting connections, lets in-flight
 * requests finish, then closes the database.
 */
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
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
import { startAccreditationScheduler } from './features/accreditation/nightly'
import { startClockCloseRecompute } from './features/accreditation/recompute-on-clock-close'
import { startDigestScheduler } from './features/notifications/digest'
import { createWebhookWorker } from './features/api-access/webhook-worker'
import { startPortfolioScheduler } from './features/portfolio/scheduler'
import { startSlaScheduler } from '#server/core/clocks/check-clocks.ts'
import { startMortgageExpiryReminders } from './features/mortgages/expiry-reminders'
import { startCddRetention } from './features/verification/retention'
import { startCompletionFeeRetries } from './features/billing/completion-fee-retries'
import { paymentsOf } from './features/billing/routes'
import { supplierFrom } from './features/billing/supplier'
import { storageFor } from './platform/storage'

export class StartupError extends Error {}

export interface RunningServer {
  url: string
  port: number
  database: Database
  /** Whether the demo accounts are there to print: never with NODE_ENV=production. */
  demoSeeded: boolean
  close(): Promise<void>
}

/** The line logged at start in production instead of the demo accounts. */
export const NO_DEMO_IN_PRODUCTION =
  'Demo accounts are not created with NODE_ENV=production: their password is published'

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
 * encryption keys, signing old audit chain heads, and the demo data when `seed` (idempotent; in
 * production only the directory). Returns the mail service (its worker not started) and auth.
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
  if (seed) {
    const { seedDemoData } = await import('./seed')
    await seedDemoData({ database, auth, log, accounts: !production })
  }
  return { mail, auth }
}

/** Whether the embedded database of `config` has yet to be created (always false on PostgreSQL). */
export function embeddedDatabaseIsNew(config: Config): boolean {
  return !config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))
}

/**
 * Starts the server. `seed` loads the demo data (idempotent); defaults to config.SEED_DEMO. In
 * production only the directory: the demo accounts' password is in the README, so there they would
 * be anyone's.
 */
export async function startServer(options: {
  config: Config
  log: Logger
  database?: Database
  seed?: boolean
}): Promise<RunningServer> {
  const { config, log } = options
  const database = options.database ?? (await openDatabase(config, log))
  const seed = options.seed ?? config.SEED_DEMO
  const { mail, auth } = await prepareDatabase({ config, log, database, seed })
  const demoSeeded = seed && config.NODE_ENV !== 'production'
  // Production runs a sandbox partner only by the opt-in (config.ts): the start log says which, every start.
  const sandbox = sandboxPartners(config)
  if (config.NODE_ENV === 'production' && config.SANDBOX_PARTNERS && sandbox.length) log.warn(sandboxWarning(sandbox))
  mail.worker?.start()
  // The webhook outbox (features/api-access/webhook-worker.ts): due deliveries every 2 seconds.
  const webhooks = createWebhookWorker({ database, log })
  webhooks.start()
  const digests = startDigestScheduler({
    database,
    delivery: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
    log,
    onQueued: () => mail.kick(),
  })
  const slaClocks = startSlaScheduler({
    database,
    delivery: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
    log,
    onQueued: () => mail.kick(),
  })
  const accreditation = startAccreditationScheduler({ database, log })
  const portfolio = startPortfolioScheduler({
    database,
    delivery: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
    log,
    onQueued: () => mail.kick(),
  })
  const mortgageReminders = startMortgageExpiryReminders({
    database,
    delivery: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
    log,
    onQueued: () => mail.kick(),
  })
  const tierOnClockClose = startClockCloseRecompute({ database, log })
  const cddRetention = startCddRetention({ database, storage: storageFor(config), log })
  // The completion fee's outbox: a charge that could not be made after commit is retried.
  const feeRetries = startCompletionFeeRetries({
    database,
    provider: paymentsOf({ config }),
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
    supplier: supplierFrom(config),
    log,
  })
  const realtime = createRealtimeHub({ database, databaseUrl: config.DATABASE_URL, log })
  await realtime.ready
  const sandboxWebhooks = createSandboxWebhookDispatcher({ secret: config.providerWebhookSecret, log })
  const app = createApp({ database, auth, config, log, mail, realtime, sandboxWebhooks })

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s))
    s.once('error', reject)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  const url = config.PORT === 0 ? `http://localhost:${port}` : config.publicUrl

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    database,
    demoSeeded,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
          if ('closeIdleConnections' in server) server.closeIdleConnections()
        })
        await auth.mailIdle()
        await realtime.close()
        await digests.stop()
        await slaClocks.stop()
        await accreditation.stop()
        await portfolio.stop()
        await mortgageReminders.stop()
        await cddRetention.stop()
        await feeRetries.stop()
        await tierOnClockClose.stop()
        await webhooks.stop()
        await mail.close()
        await database.close()
      })()
      return closing
    },
  }
}
