/**
 * The whole API in-process over a fresh test database, with helpers to act as a person: sign up,
 * sign in and send requests carrying their session cookie. Requests go through app.request(), the
 * same Hono app that serves HTTP.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { z } from 'zod'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { testPasswordHasher } from './test-password-hasher'
import type { Config } from '../config'
import { configureAuditSigning } from '#server/core/audit/audit-signing.ts'
import { createSandboxWebhookDispatcher } from '../providers/webhooks/sandbox-webhooks'
import { parseKeyRing } from '../config/key-ring'
import { configureEncryption } from '../platform/encryption/envelope'
import { createLogger, type Logger } from '../logger'
import { createMailService } from '../platform/mail/mail-service'
import { createRealtimeHub } from '../platform/realtime/realtime-hub'
import type { SignupRole } from '#shared/domain/roles.ts'
import { createTestDatabase, type TestDatabase } from './test-database'

export const TEST_PUBLIC_URL = 'http://localhost:3000'

/** A complete Config for tests, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    NODE_ENV: 'test',
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: '.tmp/test-data',
    DB_POOL_MAX: 5,
    SHUTDOWN_DEADLINE_MS: 10_000,
    SHUTDOWN_DRAIN_MS: 0,
    MAIL_FROM: 'Homeward <no-reply@homeward.local>',
    SUPPORT_EMAIL: 'support@homeward.co.uk',
    STORAGE_DRIVER: 'disk',
    S3_REGION: 'eu-west-2',
    S3_FORCE_PATH_STYLE: false,
    TRUSTED_PROXIES: '',
    // Tests sign many people up from one address; the rate-limit tests turn this back on.
    AUTH_RATE_LIMIT: false,
    SEED_DEMO: false,
    // The local outbox at /api/dev/mail, as the e2e servers have it (the dev-mail tests turn it off).
    DEV_MAIL: true,
    // Webhook receivers in tests listen on 127.0.0.1 (the SSRF tests turn this off).
    OUTBOUND_ALLOW_LOOPBACK: true,
    TRUSTED_ORIGINS: '',
    PAYMENTS_PROVIDER: 'sandbox',
    OPEN_BANKING_PROVIDER: 'sandbox',
    IDENTITY_PROVIDER: 'sandbox',
    SANCTIONS_PROVIDER: 'sandbox',
    CLIENT_MONEY_PROVIDER: 'sandbox',
    LAND_REGISTRY_PROVIDER: 'sandbox',
    REGULATOR_REGISTER: 'sandbox',
    ADDRESS_LOOKUP: 'sandbox',
    OS_PLACES_API_URL: 'https://api.os.uk/search/places/v1',
    SANDBOX_PARTNERS: false,
    SESSION_IDLE_DAYS: 30,
    SESSION_MAX_DAYS: 90,
    LOG_LEVEL: 'silent',
    dataDir: '.tmp/test-data',
    publicUrl: TEST_PUBLIC_URL,
    publicUrlSet: true,
    trustedOrigins: [],
    authSecret: 'test-secret-of-at-least-thirty-two-characters',
    auditSigningKey: 'test-audit-signing-key-of-at-least-thirty-two-characters',
    // A fixed test key (32 bytes of 0x2a): sealed values in tests open in every run.
    providerWebhookSecret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    dataEncryptionKeys: parseKeyRing(`test:${Buffer.alloc(32, 42).toString('base64')}`),
    trustedProxies: [],
    secure: false,
    ...overrides,
  }
}

export interface TestUser {
  email: string
  password: string
  name: string
  cookie: string
  profileId: string
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * Builds the app on a fresh database. Call `close()` in afterAll. The app runs on
 * `testDatabase.appDatabase` (on PostgreSQL a role that does not own the audit tables); `database` is
 * the owner's connection, for set-up and for tampering as someone with database access would.
 */
export async function createTestApp(
  options: { config?: Partial<Config>; testDatabase?: TestDatabase; /** Default: silent. */ log?: Logger } = {},
) {
  const testDatabase = options.testDatabase ?? (await createTestDatabase())
  const { database, appDatabase } = testDatabase
  const config = testConfig(options.config)
  configureAuditSigning(config.auditSigningKey)
  configureEncryption(config.dataEncryptionKeys)
  const log = options.log ?? createLogger('silent')
  const mail = createMailService({ config, database: appDatabase, log })
  const auth = createAuth({ database: appDatabase, config, log, mail, passwordHasher: testPasswordHasher })
  const realtime = createRealtimeHub({ database: appDatabase, databaseUrl: testDatabase.appUrl, log })
  await realtime.ready
  const sandboxWebhooks = createSandboxWebhookDispatcher({ secret: config.providerWebhookSecret, log })
  const app = createApp({ database: appDatabase, auth, config, log, mail, realtime, sandboxWebhooks })

  /** Sends a request; `as` adds that user's session cookie; objects in `json` are sent as JSON. */
  async function request(
    path: string,
    init: {
      method?: string
      json?: unknown
      /** Only its session cookie is sent. */
      as?: Pick<TestUser, 'cookie'> | null
      headers?: Record<string, string>
      body?: string
      /**
       * The socket peer address, as @hono/node-server reports it. Default: none (as in-process
       * requests have), except 127.0.0.1 for the local outbox (/dev/mail, /api/dev/mail).
       */
      peer?: string | null
    } = {},
  ) {
    const method = init.method ?? (init.body || init.json !== undefined ? 'POST' : 'GET')
    // As a browser does: fetch() sends Origin on every request but GET and HEAD; a test may override it.
    const headers: Record<string, string> = {
      ...(method === 'GET' || method === 'HEAD' ? {} : { origin: new URL(config.publicUrl).origin }),
      ...init.headers,
    }
    if (init.as) headers.cookie = init.as.cookie
    let body = init.body
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const peer = init.peer !== undefined ? init.peer : /^\/(api\/)?dev\//.test(path) ? '127.0.0.1' : null
    const env = peer
      ? { incoming: { socket: { remoteAddress: peer, remotePort: 50000, remoteFamily: 'IPv4' } } }
      : undefined
    const res = await app.request(path, { method, headers, body }, env)
    // Emails queued after the answer (a password reset: auth/auth.ts) are in the outbox before a test looks.
    await auth.mailIdle()
    return res
  }

  /**
   * Signs a new person up through the real endpoint, then in with the password, and returns their session. Unique email unless
   * given. Their email counts as verified (as if they had opened the link) unless `verified: false`.
   */
  async function signUp(
    opts: { role?: SignupRole; name?: string; email?: string; password?: string; verified?: boolean } = {},
  ): Promise<TestUser> {
    const email = opts.email ?? `user-${randomUUID()}@homeward.test`
    const password = opts.password ?? 'correct horse battery'
    const name = opts.name ?? 'Test Person'
    const res = await request('/api/auth/sign-up/email', {
      json: { name, email, password, role: opts.role ?? 'buyer' },
    })
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
    if (opts.verified !== false) {
      await database.query(`update "user" set email_verified = true where email = $1`, [email.toLowerCase()])
    }
    // Sign-up signs nobody in: the new person signs in with their password.
    const signIn = await request('/api/auth/sign-in/email', { json: { email, password } })
    if (signIn.status !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.status} ${await signIn.text()}`)
    const cookie = sessionCookieFrom(signIn)
    const me = z
      .object({ profile: z.object({ id: z.string() }) })
      .parse(await (await request('/api/me', { as: { cookie } })).json())
    return { email, password, name, cookie, profileId: me.profile.id }
  }

  return {
    app,
    auth,
    config,
    database,
    appDatabase,
    testDatabase,
    request,
    /** The sandbox partners' webhook deliveries: `await t.sandboxWebhooks.flush()` delivers them now. */
    sandboxWebhooks,
    signUp,
    mail,
    realtime,
    close: async () => {
      await auth.mailIdle()
      await realtime.close()
      await mail.close()
      await testDatabase.drop()
    },
  }
}

/** The `name=value` pair of the session cookie set by a response. */
export function sessionCookieFrom(res: Response): string {
  const setCookies = res.headers.getSetCookie()
  const session = setCookies.find((c) => c.includes('session_token='))
  if (!session) throw new Error(`no session cookie in response (${setCookies.join('; ')})`)
  return session.split(';')[0]
}

/**
 * The test app of one test file (item 6: one copy of the set-up every integration test
 * repeated): created in a `beforeAll` registered here, closed (database dropped) in an `afterAll`.
 * Returns a stand-in that forwards to the app once it exists, so `const t = useTestApp()` sits at
 * the top of the file; touching it outside a hook or test throws. `options` may be a function when
 * it depends on something made in an earlier `beforeAll`.
 */
export function useTestApp(
  options?: Parameters<typeof createTestApp>[0] | (() => Parameters<typeof createTestApp>[0]),
): TestApp {
  let app: TestApp | undefined
  beforeAll(async () => {
    app = await createTestApp(typeof options === 'function' ? options() : options)
  })
  afterAll(async () => {
    await app?.close()
  })
  // The target is never read: every property comes from the app (get below).
  return new Proxy({} as TestApp, {
    get(_target, prop) {
      if (!app) throw new Error('useTestApp: the app exists only inside beforeAll/it/afterAll')
      return Reflect.get(app, prop)
    },
  })
}
