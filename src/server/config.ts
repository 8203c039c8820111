/**
 * Configuration: every environment variable the server reads, parsed once at start by one zod schema.
 * A bad value stops the process with a message naming the variable (see README, "Configuration").
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { formatUkVatNumber } from '#shared/domain/vat-number.ts'
import { readOidcProviders, type OidcProviderConfig } from '#server/config/oidc-config.ts'
import { generateWebhookSecret } from './config/secrets'
import { EnvelopeError, generateKeyRingEntry, parseKeyRing, type KeyRing } from './config/key-ring'
import { refusalMessage, SANDBOX_OPT_IN_HINT, sandboxPartners } from './config/partners'

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)))

const ConfigSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0)
      .max(65535)
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * PostgreSQL: the owner of the schema, used only to run migrations, so that the server itself can
     * run as DATABASE_URL's role, a member of homeward_app that does not own the audit tables
     * (docs/decisions/012-audit-chain.md). Unset: migrations run as DATABASE_URL.
     */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * At SIGTERM, how long in-flight requests get to finish (ms) before the remaining connections are
     * closed and the process exits (server.ts close()). Below an orchestrator's grace period.
     */
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * At SIGTERM, the longest the server keeps accepting while it drains (ms, within the deadline):
     * every answer says `Connection: close`, so a proxy's kept-alive connections end cleanly on its
     * side instead of being cut under a request it is sending; it stops early once no connection is
     * open. At least the proxy's upstream keep-alive timeout (deploy/nginx.conf: 4 s). SIGINT skips it.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://homeward.example' }).optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Signs the audit chain's checkpoints; unset: DATA_DIR/audit-signing-key, made on first start. */
    AUDIT_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Key-encryption keys for sensitive data at rest (platform/encryption/envelope.ts):
     * `id:base64key[,id:base64key...]`, the first current. Unset: DATA_DIR/data-encryption-key.
     */
    DATA_ENCRYPTION_KEYS: z.string().optional(),
    /**
     * Signs (sandbox adapters) and checks (our endpoints) the partners' webhooks in the Standard
     * Webhooks format: `whsec_` and base64. Unset: DATA_DIR/provider-webhook-secret. A real adapter
     * reads its provider's own secret.
     */
    PROVIDER_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{24,}$/, 'must be whsec_ followed by a base64 secret')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Homeward <no-reply@homeward.local>'),
    /** Where the support chat's messages are emailed (spec: What the product does: support@homeward.co.uk). */
    SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@homeward.co.uk'),
    /** Shared secret of the inbound-mail webhook POST /api/support/inbound; unset, the route answers 404. */
    SUPPORT_INBOUND_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    STORAGE_DRIVER: z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('eu-west-2'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool(false),
    /** Largest document upload in bytes; unset means 50 MB (52428800), see features/documents. */
    DOCUMENT_MAX_BYTES: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .optional(),
    TRUSTED_PROXIES: z.string().default(''),
    /** Rate limits on sign-in, sign-up, recovery, codes and resend (docs/decisions/009-account-recovery.md). */
    AUTH_RATE_LIMIT: bool(true),
    /** Session idle timeout: a session unused this many days ends (ASVS 7.3.1). */
    SESSION_IDLE_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .max(365)
      .default(30),
    /** Absolute session lifetime: a session this many days old ends however active (ASVS 7.3.2). */
    SESSION_MAX_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .max(3650)
      .default(90),
    SEED_DEMO: bool(true),
    /**
     * The local development outbox at /dev/mail and /api/dev/mail (every email kept without SMTP_URL,
     * reset links included). Off unless set; refused with NODE_ENV=production; served to loopback
     * peers only (features/dev-mail). `npm start` sets it outside production (scripts/start.mjs).
     */
    DEV_MAIL: bool(false),
    /**
     * Lets requests to addresses users supply (webhook endpoints) reach loopback: http://127.0.0.1,
     * http://localhost, [::1]. Off unless set; refused with NODE_ENV=production. Tests and a receiver
     * on the developer's own machine (docs/decisions/047-outbound-requests.md).
     */
    OUTBOUND_ALLOW_LOOPBACK: bool(false),
    /**
     * Extra origins allowed to send state-changing requests when PUBLIC_URL is set, comma-separated
     * (https://admin.homeward.example,https://homeward.example:8443). See auth/same-origin.ts.
     */
    TRUSTED_ORIGINS: z.string().default(''),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /**
     * Observability (docs/decisions/046-observability.md). LOG_FORMAT: `json` (one object per line) or
     * `pretty` (for a person); unset: pretty outside production when stdout is a terminal, else json.
     */
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    /** Bearer token of GET /metrics. Unset: /metrics answers only local requests, and nobody in production. */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    /**
     * OpenTelemetry: traces go over OTLP/HTTP to this collector (e.g. http://otel-collector:4318) when
     * set; read by the tracing preload (src/server/telemetry.ts) before the app loads, checked here.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ message: 'must be a URL such as http://otel-collector:4318' }).optional(),
    /** Who pays professionals (survey payouts): the deterministic sandbox, or Stripe Connect transfers. */
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' }).default('sandbox'),
    /** Stripe secret key (sk_live_... or sk_test_...), needed with PAYMENTS_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z.string().optional(),
    /** The signing secret (whsec_...) of the Stripe webhook endpoint /api/webhooks/payments. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** The Stripe Price ids of Pro per seat, monthly and annual (price_...). */
    STRIPE_PRICE_PRO_MONTHLY: z.string().optional(),
    STRIPE_PRICE_PRO_ANNUAL: z.string().optional(),
    /**
     * Where the Stripe API is (default https://api.stripe.com): a local stand-in such as stripe-mock
     * for development and tests. The API version is pinned in code (providers/payments/stripe-provider.ts).
     */
    STRIPE_API_URL: z.url({ message: 'must be a URL' }).optional(),
    /**
     * Homeward's own details printed on invoices and receipts as the supplier (HMRC VAT Notice 700,
     * 16.3): the registered company name, its address (lines separated by `|`), the Companies House
     * number and the UK VAT registration number (GB and 9 digits, checked at start-up and printed as
     * `GB 123 4567 89`). Required with PAYMENTS_PROVIDER=stripe; in the sandbox, without them, invoices
     * say they carry a sample VAT number (features/billing/supplier.ts).
     */
    HOMEWARD_COMPANY_NAME: z.string().trim().min(1).optional(),
    HOMEWARD_COMPANY_ADDRESS: z.string().trim().min(1).optional(),
    HOMEWARD_COMPANY_NUMBER: z
      .string()
      .trim()
      .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, 'must be a Companies House number: 8 digits, or 2 letters and 6 digits')
      .optional(),
    HOMEWARD_VAT_NUMBER: z
      .string()
      .transform((v, ctx) => {
        try {
          return formatUkVatNumber(v)
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) })
          return z.NEVER
        }
      })
      .optional(),
    /** Who reads bank accounts for source of funds: the sandbox (scenarios by bank), or an OBIE v3.1 AIS API. */
    OPEN_BANKING_PROVIDER: z.enum(['sandbox', 'obie'], { message: 'must be sandbox or obie' }).default('sandbox'),
    /** With OPEN_BANKING_PROVIDER=obie: the AIS API's base URL (https://.../open-banking/v3.1/aisp). */
    OPEN_BANKING_API_URL: z.url({ message: 'must be a URL' }).optional(),
    /** With OPEN_BANKING_PROVIDER=obie: the client-credentials access token the AIS API issued. */
    OPEN_BANKING_ACCESS_TOKEN: z.string().optional(),
    /** With OPEN_BANKING_PROVIDER=obie: the bank's (or aggregator's) authorisation page for a consent. */
    OPEN_BANKING_AUTHORISE_URL: z.url({ message: 'must be a URL' }).optional(),
    /**
     * Who verifies identities: the deterministic sandbox (scenarios in
     * providers/identity-verification/sandbox-provider.ts), or a certified identity service provider
     * over HTTPS (idsp: IDENTITY_PROVIDER_URL and IDENTITY_PROVIDER_API_KEY).
     */
    IDENTITY_PROVIDER: z.enum(['sandbox', 'idsp'], { message: 'must be sandbox or idsp' }).default('sandbox'),
    IDENTITY_PROVIDER_URL: z.url({ message: 'must be a URL' }).optional(),
    IDENTITY_PROVIDER_API_KEY: z.string().optional(),
    /** Who screens names against sanctions and PEP lists: the sandbox (sample UK list), or a screening service. */
    SANCTIONS_PROVIDER: z.enum(['sandbox', 'http'], { message: 'must be sandbox or http' }).default('sandbox'),
    SANCTIONS_PROVIDER_URL: z.url({ message: 'must be a URL' }).optional(),
    SANCTIONS_PROVIDER_API_KEY: z.string().optional(),
    /**
     * Who holds buyers' deposits (Homeward never does): the deterministic sandbox, or a regulated
     * escrow partner's API over HTTPS (http: CLIENT_MONEY_API_URL, CLIENT_MONEY_API_KEY and
     * CLIENT_MONEY_WEBHOOK_SECRET). See docs/decisions/034-deposits-and-ledger.md.
     */
    CLIENT_MONEY_PROVIDER: z.enum(['sandbox', 'http'], { message: 'must be sandbox or http' }).default('sandbox'),
    CLIENT_MONEY_API_URL: z.url({ message: 'must be a URL' }).optional(),
    CLIENT_MONEY_API_KEY: z.string().optional(),
    /** The company that holds the money, named to the buyer on the deposit page (http). */
    CLIENT_MONEY_PARTNER_NAME: z.string().trim().min(2, 'must name the partner').max(140).optional(),
    /** Its regulatory status as the buyer reads it, e.g. "Authorised by the FCA, firm reference 123456" (http). */
    CLIENT_MONEY_PARTNER_REGULATION: z.string().trim().min(10, 'must state the regulation').max(300).optional(),
    /** The partner's Standard Webhooks secret (whsec_...); the sandbox signs with PROVIDER_WEBHOOK_SECRET. */
    CLIENT_MONEY_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{24,}$/, 'must be whsec_ followed by a base64 secret')
      .optional(),
    /**
     * Where title checks get the register: the sandbox's sample registers, or off (no title checks).
     * HM Land Registry's Business Gateway adapter is not written yet (docs/decisions/029-title-checks.md).
     */
    LAND_REGISTRY_PROVIDER: z.enum(['sandbox', 'off'], { message: 'must be sandbox or off' }).default('sandbox'),
    /**
     * Who checks a firm's regulator number (SRA, CLC, RICS, FCA, Propertymark, TPO): the sandbox's
     * sample numbers, or a register service over HTTPS (http: REGULATOR_REGISTER_URL and
     * REGULATOR_REGISTER_API_KEY). docs/decisions/056-regulator-register.md.
     */
    REGULATOR_REGISTER: z.enum(['sandbox', 'http'], { message: 'must be sandbox or http' }).default('sandbox'),
    REGULATOR_REGISTER_URL: z.url({ message: 'must be a URL' }).optional(),
    REGULATOR_REGISTER_API_KEY: z.string().optional(),
    /**
     * Who finds a postcode's addresses (their UPRN and nation) for the create form and the identity
     * address step: the sandbox's sample border addresses, or Ordnance Survey's Places API (os-places:
     * OS_PLACES_API_KEY, OS_PLACES_API_URL). docs/decisions/067-wales-address-lookup-and-ltt.md.
     */
    ADDRESS_LOOKUP: z.enum(['sandbox', 'os-places'], { message: 'must be sandbox or os-places' }).default('sandbox'),
    OS_PLACES_API_KEY: z.string().optional(),
    OS_PLACES_API_URL: z.url({ message: 'must be a URL' }).default('https://api.os.uk/search/places/v1'),
    /**
     * With NODE_ENV=production, allows partners left as the sandbox (a staging or demo deployment): the
     * start log warns, /api/health lists them, every result is labelled Sandbox. Without it production
     * refuses to start while any partner is the sandbox (config/partners.ts, decision 044).
     */
    SANDBOX_PARTNERS: bool(false),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SANDBOX_PARTNERS) {
      for (const partner of sandboxPartners(c))
        ctx.addIssue({ code: 'custom', path: [partner.variable], message: refusalMessage(partner) })
    }
    if (c.DATA_ENCRYPTION_KEYS !== undefined) {
      try {
        parseKeyRing(c.DATA_ENCRYPTION_KEYS)
      } catch (err) {
        if (!(err instanceof EnvelopeError)) throw err
        ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEYS'], message: err.message })
      }
    }
    if (c.SESSION_MAX_DAYS < c.SESSION_IDLE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_MAX_DAYS'], message: 'must be at least SESSION_IDLE_DAYS' })
    }
    if (c.DATABASE_OWNER_URL && !c.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_OWNER_URL'], message: 'needs DATABASE_URL as well' })
    }
    if (c.OUTBOUND_ALLOW_LOOPBACK && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['OUTBOUND_ALLOW_LOOPBACK'],
        message: 'must not be true with NODE_ENV=production (webhooks could reach services on this server)',
      })
    }
    if (c.DEV_MAIL && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_MAIL'],
        message: 'must not be true with NODE_ENV=production (the outbox shows every email, reset links included)',
      })
    }
    for (const entry of c.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!isOrigin(entry)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUSTED_ORIGINS'],
          message: `${JSON.stringify(entry)} is not an origin such as https://homeward.example`,
        })
      }
    }
    if (c.OPEN_BANKING_PROVIDER === 'obie') {
      for (const key of ['OPEN_BANKING_API_URL', 'OPEN_BANKING_ACCESS_TOKEN', 'OPEN_BANKING_AUTHORISE_URL'] as const)
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is needed with OPEN_BANKING_PROVIDER=obie' })
    }
    if (c.PAYMENTS_PROVIDER === 'stripe' && !c.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required when PAYMENTS_PROVIDER=stripe',
      })
    }
    if (c.PAYMENTS_PROVIDER === 'stripe') {
      for (const key of ['HOMEWARD_COMPANY_NAME', 'HOMEWARD_COMPANY_ADDRESS', 'HOMEWARD_VAT_NUMBER'] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when PAYMENTS_PROVIDER=stripe (it is printed on every VAT invoice)',
          })
      }
    }
    if (c.IDENTITY_PROVIDER === 'idsp') {
      for (const key of ['IDENTITY_PROVIDER_URL', 'IDENTITY_PROVIDER_API_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when IDENTITY_PROVIDER=idsp' })
      }
    }
    if (c.SANCTIONS_PROVIDER === 'http') {
      for (const key of ['SANCTIONS_PROVIDER_URL', 'SANCTIONS_PROVIDER_API_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SANCTIONS_PROVIDER=http' })
      }
    }
    if (c.CLIENT_MONEY_PROVIDER === 'http') {
      for (const key of [
        'CLIENT_MONEY_API_URL',
        'CLIENT_MONEY_API_KEY',
        'CLIENT_MONEY_WEBHOOK_SECRET',
        'CLIENT_MONEY_PARTNER_NAME',
        'CLIENT_MONEY_PARTNER_REGULATION',
      ] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when CLIENT_MONEY_PROVIDER=http' })
      }
    }
    if (c.REGULATOR_REGISTER === 'http') {
      for (const key of ['REGULATOR_REGISTER_URL', 'REGULATOR_REGISTER_API_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when REGULATOR_REGISTER=http' })
      }
    }
    if (c.ADDRESS_LOOKUP === 'os-places' && !c.OS_PLACES_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['OS_PLACES_API_KEY'],
        message: 'is required when ADDRESS_LOOKUP=os-places',
      })
    }
    if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' })
    }
  })

/** Whether `value` is exactly an origin: scheme, host and optional port, nothing after. */
function isOrigin(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}

export type RawConfig = z.output<typeof ConfigSchema>

export interface Config extends RawConfig {
  /** Absolute data directory (PGlite files, uploads, generated secret). */
  dataDir: string
  publicUrl: string
  /**
   * True when PUBLIC_URL was set: only its origin and TRUSTED_ORIGINS may send state-changing
   * requests. False: a request from the origin it was made to is same-origin (auth/same-origin.ts).
   */
  publicUrlSet?: boolean
  /** TRUSTED_ORIGINS parsed: origins without a trailing slash. */
  trustedOrigins?: string[]
  authSecret: string
  /** AUDIT_SIGNING_KEY, or the key generated into DATA_DIR/audit-signing-key. */
  auditSigningKey: string
  /** DATA_ENCRYPTION_KEYS, or the key ring generated into DATA_DIR/data-encryption-key. */
  dataEncryptionKeys: KeyRing
  /** PROVIDER_WEBHOOK_SECRET, or the secret generated into DATA_DIR/provider-webhook-secret. */
  providerWebhookSecret: string
  trustedProxies: string[]
  /** True when PUBLIC_URL is https: cookies get Secure, HSTS is sent. */
  secure: boolean
  /** OpenID Connect sign-in providers (OIDC_PROVIDERS and OIDC_<ID>_*); absent or empty: none. */
  oidcProviders?: OidcProviderConfig[]
}

export class ConfigError extends Error {}

/**
 * Parses the environment. Throws ConfigError whose message names each bad variable,
 * e.g. "PORT: must be a whole number". Generates the auth secret into DATA_DIR when absent.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  const oidc = readOidcProviders(env)
  if (!parsed.success || oidc.issues.length) {
    const issues = parsed.error?.issues ?? []
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    lines.push(...oidc.issues.map((line) => `  ${line}`))
    if (issues.some((i) => i.message.startsWith('is the sandbox'))) lines.push(`  ${SANDBOX_OPT_IN_HINT}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const raw = parsed.data
  const dataDir = path.resolve(raw.DATA_DIR)
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '')
  return {
    ...raw,
    dataDir,
    publicUrl,
    publicUrlSet: raw.PUBLIC_URL !== undefined,
    trustedOrigins: raw.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    authSecret: raw.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir),
    auditSigningKey: raw.AUDIT_SIGNING_KEY ?? readOrCreateSecret(dataDir, 'audit-signing-key'),
    providerWebhookSecret:
      raw.PROVIDER_WEBHOOK_SECRET ?? readOrCreateSecret(dataDir, 'provider-webhook-secret', generateWebhookSecret),
    dataEncryptionKeys: parseKeyRing(
      raw.DATA_ENCRYPTION_KEYS ?? readOrCreateSecret(dataDir, 'data-encryption-key', generateKeyRingEntry),
    ),
    trustedProxies: raw.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    secure: publicUrl.startsWith('https://'),
    oidcProviders: oidc.providers,
  }
}

/**
 * Reads DATA_DIR/<name> (auth-secret by default), creating it (mode 0600) on first start with
 * `make()`: 256 random bits by default.
 */
function readOrCreateSecret(
  dataDir: string,
  name = 'auth-secret',
  make: () => string = () => randomBytes(32).toString('base64url'),
): string {
  const file = path.join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = make()
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
  return secret
}
