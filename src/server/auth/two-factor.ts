/**
 * Two-factor sign-in (checklist 'Authentication and sessions' 6.3.4, 6.5.1, 6.5.2):
 * Better Auth's `twoFactor` plugin (TOTP from an authenticator app plus 10 backup codes) and our
 * hardening plugin `twoFactorGuards`, which closes what the plugin leaves open in 1.7.24:
 * - the plugin asks for the second factor only after /sign-in/email, /sign-in/username and
 *   /sign-in/phone-number; we run its own challenge hook after every other sign-in path too (emailed
 *   code, social or OpenID Connect id token, OAuth callbacks), and turn its JSON answer into a
 *   redirect to /auth?step=two-factor where a browser arrived by redirect (callbacks); the sign-in made
 *   by a sign-up's verification link is challenged the same way;
 * - TOTP codes can be replayed within their 90-second window: we record the last time step used per
 *   person and refuse that step or an older one (ASVS 6.5.1);
 * - backup codes are stored encrypted by default: we store SHA-256 digests instead and hash what the
 *   person types before the plugin compares (ASVS 6.5.2); the plugin already removes a used one;
 * - its lock-out (10 consecutive wrong codes lock the account's second factor for 15 minutes) answers
 *   'Invalid code' on the 10th wrong code and a vague text after: we answer 429 TWO_FACTOR_LOCKED with
 *   X-Retry-After, from which the edge writes when to try again.
 * 'Trust this device' is not offered: the edge drops `trustDevice`, so the second factor is asked on
 * every sign-in (docs/decisions/009-account-recovery.md).
 */
import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { twoFactor } from 'better-auth/plugins'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client'
import { verification } from '../db/schema'
import { rows } from '#server/db/rows.ts'

/** TOTP as authenticator apps expect it: 6 digits, 30-second steps, one step either side accepted. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
const TOTP_WINDOW = 1
/** Consecutive wrong codes (across sign-in attempts) before the second factor locks, and for how long. */
export const TWO_FACTOR_MAX_FAILURES = 10
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60
export const BACKUP_CODE_COUNT = 10
/** The two_factor challenge lasts 10 minutes after the first factor. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60

const HASH_PREFIX = 'sha256:'
const TWO_FACTOR_COOKIE = 'two_factor'

/**
 * The stored form of a backup code: `sha256:` + base64url of SHA-256 over the code as issued
 * (`abcde-12345`; spaces dropped, a missing dash restored). Codes carry about 59 bits of entropy, so
 * an unsalted fast hash is enough to keep a database reader from using them.
 */
export function hashBackupCode(code: string): string {
  let c = code.replace(/\s+/g, '')
  if (/^[A-Za-z0-9]{10}$/.test(c)) c = `${c.slice(0, 5)}-${c.slice(5)}`
  return HASH_PREFIX + createHash('sha256').update(c).digest('base64url')
}

/**
 * Backup codes are drawn from 32 characters that cannot be mistaken for one another when read off
 * paper or a screen: digits 2-9 and capitals without I and O (no 0/O, 1/I/l look-alikes). Ten characters as `ABCDE-23456`: 50 bits each, with lock-out after 10 wrong codes.
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** `count` fresh backup codes in the form `XXXXX-XXXXX` from BACKUP_CODE_ALPHABET (crypto-random). */
export function generateBackupCodeList(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let c = ''
    for (let i = 0; i < 10; i++) c += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]
    return `${c.slice(0, 5)}-${c.slice(5)}`
  })
}

/**
 * The digests a typed backup code may match: as typed and, since codes issued from
 * BACKUP_CODE_ALPHABET are upper case, upper-cased (codes issued before it were mixed case and
 * keep matching only exactly as issued).
 */
export function backupCodeCandidates(code: string): string[] {
  const typed = hashBackupCode(code)
  const upper = hashBackupCode(code.toUpperCase())
  return typed === upper ? [typed] : [typed, upper]
}

/** The plugin's storeBackupCodes option: lists go in as JSON of codes or digests, come out as digests. */
const hashedBackupCodes = {
  encrypt: async (json: string) => {
    const codes = z.array(z.string()).parse(JSON.parse(json))
    return JSON.stringify(codes.map((c) => (c.startsWith(HASH_PREFIX) ? c : hashBackupCode(c))))
  },
  decrypt: async (stored: string) => stored,
}

/** RFC 4226 HOTP with the plugin's key convention (the secret string's UTF-8 bytes as the HMAC-SHA1 key). */
function hotp(key: Buffer, counter: number): string {
  const buf = Buffer.alloc(8)
  buf.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(buf).digest()
  const offset = mac[mac.length - 1] & 15
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS
  return n.toString().padStart(TOTP_DIGITS, '0')
}

/** The time step whose code `code` is, within the accepted window around `now`; null when none. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const key = secret.startsWith('base32:') ? base32Decode(secret.slice(7)) : Buffer.from(secret, 'utf8')
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS)
  for (let i = -TOTP_WINDOW; i <= TOTP_WINDOW; i++) if (hotp(key, current + i) === code) return current + i
  return null
}

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of s.toUpperCase().replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0')
  const bytes = bits.match(/.{8}/g) ?? []
  return Buffer.from(bytes.map((b) => parseInt(b, 2)))
}

/**
 * Records `step` as the last TOTP step `userId` used, unless that step or a later one already was:
 * true when the code may be accepted. Serialised per person by an advisory lock, so two requests with
 * the same code cannot both pass. Stored in Better Auth's verification table (no migration needed).
 */
export async function claimTotpStep(database: Database, userId: string, step: number): Promise<boolean> {
  const identifier = `totp-last-step-${userId}`
  const expiresAt = new Date((step + TOTP_WINDOW + 1) * TOTP_PERIOD_SECONDS * 1000)
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`)
    const prev = await tx.execute(sql`select value from verification where identifier = ${identifier}`)
    const last = Math.max(-1, ...rows(z.object({ value: z.string() }), prev).map((r) => Number(r.value)))
    if (last >= step) return false
    await tx.delete(verification).where(eq(verification.identifier, identifier))
    await tx.insert(verification).values({ id: randomUUID(), identifier, value: String(step), expiresAt })
    return true
  })
}

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** Who is verifying: the signed-in person (enrolment) or the person of the pending sign-in challenge. */
async function verifyingUserId(ctx: HookCtx): Promise<{ userId: string; signIn: boolean } | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null)
  if (session) return { userId: session.user.id, signIn: false }
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier)
  return challenge ? { userId: challenge.value, signIn: true } : null
}

interface TwoFactorRow {
  id: string
  secret: string
  backupCodes?: string | null
  lockedUntil?: Date | string | null
}

async function twoFactorRow(ctx: HookCtx, userId: string): Promise<TwoFactorRow | null> {
  return ctx.context.adapter.findOne<TwoFactorRow>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  })
}

function safeParseList(json: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]')
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

function lockedSeconds(row: TwoFactorRow | null): number {
  if (!row?.lockedUntil) return 0
  return Math.max(0, Math.ceil((new Date(row.lockedUntil).getTime() - Date.now()) / 1000))
}

/** Paths (Better Auth endpoint paths) that sign in and answer JSON, beyond the plugin's own three. */
const JSON_SIGN_IN_PATHS = new Set(['/sign-in/email-otp', '/sign-in/social', '/sign-in/oauth2', '/sign-in/magic-link'])
const isCallback = (path: string) => path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')
const isChallengeAnswer = (value: unknown) =>
  typeof value === 'object' && value !== null && 'twoFactorRedirect' in value && value.twoFactorRedirect === true

/** `value[key]` when `value` is an object that has it (a field of an untyped body or answer), else undefined. */
function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined
}

/** A failed verification as the plugin returns it (an APIError). */
const VerifyFailure = z.object({ statusCode: z.number(), body: z.object({ code: z.string().optional() }).optional() })

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])
const FAILURE_CODES = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'ACCOUNT_TEMPORARILY_LOCKED'])

/**
 * The `twoFactor` plugin as Homeward configures it, followed by `twoFactorGuards`. `appUrl` is where
 * a browser is sent after an OAuth callback when a code is still needed (`/auth?step=two-factor`).
 */
export function twoFactorPlugins({ database, appUrl }: { database: Database; appUrl: string }) {
  const plugin = twoFactor({
    issuer: 'Homeward',
    totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
    backupCodeOptions: {
      amount: BACKUP_CODE_COUNT,
      storeBackupCodes: hashedBackupCodes,
      customBackupCodesGenerate: () => generateBackupCodeList(),
    },
    accountLockout: {
      enabled: true,
      maxFailedAttempts: TWO_FACTOR_MAX_FAILURES,
      durationSeconds: TWO_FACTOR_LOCK_SECONDS,
    },
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
  })
  // The plugin's own 'ask for the second factor' hook: it works on any path that made a new session.
  const challenge = plugin.hooks?.after?.[0]?.handler
  if (!challenge) throw new Error('better-auth twoFactor plugin: challenge hook not found (version changed?)')

  const guards = {
    id: 'homeward-two-factor-guards',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-backup-code',
          handler: createAuthMiddleware(async (ctx) => {
            const code = fieldOf(ctx.body, 'code')
            if (typeof code !== 'string') return
            const candidates = backupCodeCandidates(code)
            let chosen = candidates[0]
            if (candidates.length > 1) {
              const who = await verifyingUserId(ctx)
              const row = who ? await twoFactorRow(ctx, who.userId) : null
              const stored = safeParseList(row?.backupCodes)
              chosen = candidates.find((h) => stored.includes(h)) ?? chosen
            }
            return { context: { body: { ...ctx.body, code: chosen } } }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = fieldOf(ctx.body, 'code')
            if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return
            const who = await verifyingUserId(ctx)
            if (!who) return
            const row = await twoFactorRow(ctx, who.userId)
            // Locked: the plugin refuses before comparing; do not spend the code.
            if (!row || (who.signIn && lockedSeconds(row) > 0)) return
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret })
            const step = matchingTotpStep(secret, code)
            if (step === null) return
            if (!(await claimTotpStep(database, who.userId, step))) {
              throw new APIError('UNAUTHORIZED', {
                code: 'TOTP_CODE_REUSED',
                message: 'That code has already been used.',
              })
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => JSON_SIGN_IN_PATHS.has(ctx.path ?? '') || isCallback(ctx.path ?? ''),
          handler: challenge,
        },
        {
          // The first use of a sign-up's verification link signs in (auth.ts): with two-factor
          // on, that sign-in needs the second factor too. A session the request already had is left alone.
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession
            if (!made) return
            const had = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret)
            if (had && had === made.session.token) return
            // Called from inside this middleware, the plugin's hook answers `{ headers, response }`: its cookies
            // (the challenge, the session's removal) are passed on with this hook's own.
            // (Its declared type is the JSON answer of an endpoint call, so the shape is checked here.)
            const out: unknown = await challenge(ctx)
            const headers = fieldOf(out, 'headers')
            if (headers instanceof Headers) {
              for (const cookie of headers.getSetCookie()) ctx.responseHeaders.append('set-cookie', cookie)
            }
            return fieldOf(out, 'response')
          }),
        },
        {
          // A browser that arrived by redirect cannot read JSON: send it to the code step instead.
          matcher: (ctx) => isCallback(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (isChallengeAnswer(ctx.context.returned)) throw ctx.redirect(`${appUrl}/auth?step=two-factor`)
          }),
        },
        {
          // The status stays the endpoint's (401): the edge answers 429 for TWO_FACTOR_LOCKED.
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            // Duck-typed: the plugin's APIError class is not the one better-auth/api exports.
            const returned = VerifyFailure.safeParse(ctx.context.returned)
            if (!returned.success) return
            const code = returned.data.body?.code
            if (!code || !FAILURE_CODES.has(code)) return
            const who = await verifyingUserId(ctx)
            if (!who?.signIn) return
            const wait = lockedSeconds(await twoFactorRow(ctx, who.userId))
            if (wait > 0) {
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { code: 'TWO_FACTOR_LOCKED', message: 'Too many wrong codes.' },
                { 'X-Retry-After': String(wait) },
              )
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
  return [plugin, guards] as const
}
